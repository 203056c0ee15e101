import {
  AttachItemsSchema,
  AttachQuerySchema,
  ChunkFormSchema,
  FileChangeSchema,
  FileShareInputSchema,
  MergeRequestSchema,
  MultiDownloadQuerySchema,
  TaskFileAddInputSchema,
  TaskFileListQuerySchema,
} from '@zhengai/contracts';
import { parseInput } from '../../../shared/http/zod-input.decorator.js';
import { inputRefusal as refusal } from '../../../shared/testing/input-refusal.js';

/** A multipart body as multer hands it over: an object without a prototype, every field text. */
const form = (fields: Record<string, string>) => Object.assign(Object.create(null) as object, fields);

describe('the files routes read their input through the contract (issue 30)', () => {
  describe('upload/chunk form fields', () => {
    it.each([['../../../x'], ['short'], ['a'.repeat(65)], ['with space 123']])('refuses the guid %s', (guid) => {
      expect(refusal(ChunkFormSchema, form({ guid, chunk: '0', chunks: '1' }))).toBe('guid 不正确（8 到 64 个字母、数字、_ 或 -）');
    });

    it('names a missing guid, and one with a tab or a control character', () => {
      expect(refusal(ChunkFormSchema, form({ chunk: '0', chunks: '1' }))).toBe('上传编号不能为空');
      expect(refusal(ChunkFormSchema, form({ guid: 'guid-0001\t' }))).toBe('上传编号包含非法字符');
      expect(refusal(ChunkFormSchema, form({ guid: 'guid-\u00010001' }))).toBe('上传编号包含非法字符');
    });

    it('reads the chunk numbers from their text; anything but a whole number is refused', () => {
      expect(parseInput(ChunkFormSchema, form({ guid: 'guid-0001', chunk: '2', chunks: '3' }))).toEqual({ guid: 'guid-0001', chunk: 2, chunks: 3 });
      expect(parseInput(ChunkFormSchema, form({ guid: 'guid-0001' }))).toEqual({ guid: 'guid-0001' });
      expect(refusal(ChunkFormSchema, form({ guid: 'guid-0001', chunk: '1.5', chunks: '3' }))).toBe('分片序号不正确');
      expect(refusal(ChunkFormSchema, form({ guid: 'guid-0001', chunk: '-1', chunks: '3' }))).toBe('分片序号不正确');
      expect(refusal(ChunkFormSchema, form({ guid: 'guid-0001', chunk: '0', chunks: '0' }))).toBe('分片总数不正确');
      expect(refusal(ChunkFormSchema, form({ guid: 'guid-0001', chunk: '0', chunks: 'many' }))).toBe('分片总数不正确');
    });
  });

  describe('upload/merge query', () => {
    const merge = (extra: Record<string, unknown>) => refusal(MergeRequestSchema, { guid: 'guid-0001', fileName: '报告.pdf', ...extra }, 'query');

    it('reads a remark and a validity trimmed, blank as null; a size as a number; a hash form checked', () => {
      expect(parseInput(MergeRequestSchema, { guid: 'guid-0001', fileName: '报告.pdf', bz: ' 第一行\n第二行 ', yxqx: '  ', size: '1024', sha256: '' }, 'query')).toEqual({
        guid: 'guid-0001', fileName: '报告.pdf', bz: '第一行\n第二行', yxqx: null, size: 1024,
      });
      expect(merge({ sha256: 'a'.repeat(63) })).toBe('sha256 应为 64 位十六进制');
      expect(merge({ sha256: 'g'.repeat(64) })).toBe('sha256 应为 64 位十六进制');
      expect(merge({ size: '12kb' })).toBe('size 应为文件的字节数');
      expect(merge({ size: '-5' })).toBe('size 应为文件的字节数');
    });

    it('keeps the messages of the limits and of a missing file name', () => {
      expect(merge({ bz: '备'.repeat(501) })).toBe('备注不能超过500个字符');
      expect(merge({ yxqx: '期'.repeat(41) })).toBe('有效期不能超过40个字符');
      expect(refusal(MergeRequestSchema, { guid: 'guid-0001' }, 'query')).toBe('请先选取文件!');
      expect(merge({ fileName: '报告\t.pdf' })).toBe('文件名包含非法字符');
      expect(merge({ fileName: ['a.pdf', 'b.pdf'] })).toBe('文件名必须是文本');
    });
  });

  describe('my files', () => {
    it('files/update: null clears the type, remark and validity; a name that is no text is refused', () => {
      expect(parseInput(FileChangeSchema, { fileId: 'f-1', lxId: null, bz: null, yxqx: null })).toEqual({ fileId: 'f-1', lxId: null, bz: null, yxqx: null });
      expect(refusal(FileChangeSchema, { fileId: 'f-1', fileName: 5 })).toBe('文件名必须是文本');
      expect(refusal(FileChangeSchema, { fileId: null })).toBe('文件编号不能为空');
      expect(refusal(FileChangeSchema, { fileId: '../etc' })).toBe('编号不正确');
      expect(refusal(FileChangeSchema, { fileId: 'f-1', bz: '备'.repeat(501) })).toBe('备注不能超过500个字符');
      expect(refusal(FileChangeSchema, { fileId: 'f-1', yxqx: '2027\n12' })).toBe('有效期包含非法字符');
    });

    it('files/share: an empty list unshares; a list is due, of at most 1000 ids', () => {
      expect(parseInput(FileShareInputSchema, { fileId: 'f-1', userIds: [] })).toEqual({ fileId: 'f-1', userIds: [] });
      expect(refusal(FileShareInputSchema, { fileId: 'f-1', userIds: 'u-1' })).toBe('userIds 应为用户编号列表');
      expect(refusal(FileShareInputSchema, { fileId: 'f-1', userIds: null })).toBe('用户不能为空');
      expect(refusal(FileShareInputSchema, { fileId: 'f-1', userIds: [7] })).toBe('用户第1项必须是文本');
      expect(refusal(FileShareInputSchema, { fileId: 'f-1', userIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) })).toBe('一次最多共享给1000人');
    });

    it('multiDownload: ids comma-separated, counted once each, 1 to 500', () => {
      expect(parseInput(MultiDownloadQuerySchema, { ids: 'a, b,,a' }, 'query')).toEqual({ ids: ['a', 'b'] });
      expect(refusal(MultiDownloadQuerySchema, { ids: ' , ' }, 'query')).toBe('请选择要下载的文件');
      expect(refusal(MultiDownloadQuerySchema, {}, 'query')).toBe('请选择要下载的文件');
      expect(refusal(MultiDownloadQuerySchema, { ids: 'a,../b' }, 'query')).toBe('编号不正确');
      expect(refusal(MultiDownloadQuerySchema, { ids: Array.from({ length: 501 }, (_, i) => `id${i}`).join(',') }, 'query')).toBe('一次最多下载500个文件');
      expect(parseInput(MultiDownloadQuerySchema, { ids: Array.from({ length: 600 }, (_, i) => `id${i % 5}`).join(',') }, 'query')).toMatchObject({ ids: ['id0', 'id1', 'id2', 'id3', 'id4'] });
    });
  });

  describe('attachments and task files', () => {
    it('quality/uploadFileList: the spec\'s stages, and 1 to 500 files', () => {
      expect(refusal(AttachQuerySchema, { zgzkdid: 'p-1', stage: 'other' }, 'query')).toBe('stage 只能是 mbbz, jcyj, zwzd, zjgj, unfinish, disqualified');
      expect(refusal(AttachQuerySchema, { zgzkdid: 'p 1', stage: 'mbbz' }, 'query')).toBe('zgzkdid 不正确');
      expect(refusal(AttachQuerySchema, { stage: 'mbbz' }, 'query')).toBe('质控点不能为空');
      expect(refusal(AttachItemsSchema, [])).toBe('请先选取文件!');
      expect(refusal(AttachItemsSchema, { fileId: 'f-1' })).toBe('请先选取文件!');
      expect(refusal(AttachItemsSchema, [{ fileId: 'f-1' }, { fileId: null }])).toBe('文件编号第2项不能为空');
      expect(refusal(AttachItemsSchema, Array.from({ length: 501 }, (_, i) => ({ fileId: `f${i}` })))).toBe('一次最多导入500个文件');
    });

    it('targetTask/file: the task is due, the stage is task', () => {
      expect(refusal(TaskFileListQuerySchema, {}, 'query')).toBe('缺少目标任务');
      expect(refusal(TaskFileAddInputSchema, { taskId: 't-1', files: [{ fileId: 'f-1' }], stage: 'final' })).toBe('stage 只能是 task');
      expect(refusal(TaskFileAddInputSchema, { taskId: 't-1', files: null })).toBe('请先选取文件!');
    });
  });
});
