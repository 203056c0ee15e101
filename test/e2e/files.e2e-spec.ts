import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { JobQueue } from '../../backend/src/infrastructure/queue/job-queue.port.js';
import { mergeJobId, UploadService } from '../../backend/src/modules/files/application/upload.service.js';
import { JOB_CATALOGUE } from '../../backend/src/shared/jobs/job-catalogue.js';
import { z } from 'zod';
import {
  binary, CHUNK, chunksOf, exeBytes, filesUnder, mergeResult, newGuid, pdfBytes, PNG_1x1, readZip, requestMerge, sendChunk, sendChunks, sha256,
  tempFilesDir, uploadFile, type Client,
} from './support/files-fixtures.js';
import { buildObjectYears, type ObjectYears } from './support/diagnosis-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, withCsrf, type TestApp } from './support/test-app.js';

const NO_PERMISSION = { success: false, message: '用户无权访问该资源' };
const SLOW = 60_000;

describe('evidence files (001 §4, §5, §7 items 3–9)', () => {
  let t: TestApp;
  let db: DataSource;
  let files: ReturnType<typeof tempFilesDir>;
  let owner: Client;
  let expert: Client;
  let admin: Client;

  beforeAll(async () => {
    files = tempFilesDir();
    t = await startTestApp({ runWorkers: true, env: { FILES_DIR: files.dir } });
    db = await seed(t);
    owner = client(t);
    expert = client(t);
    admin = client(t);
    await owner.login('rwfzr', 'Demo2026');
    await expert.login('zj', 'Demo2026');
    await admin.login('admin', 'Admin2026');
  }, SLOW);
  afterAll(async () => {
    await t.close();
    files.remove();
  });

  const fileRows = async (where: string, params: unknown[]) => Number((await db.query(`SELECT count(*) AS n FROM doc_file WHERE ${where}`, params))[0].n);
  const chunkDir = (guid: string) => path.join(files.dir, '.chunks', guid);

  describe('chunked upload and merge', () => {
    it('merges a 5 MB file sent out of order, one chunk twice, to the same bytes', async () => {
      const content = pdfBytes(5 * 1024 * 1024);
      const guid = newGuid();
      const total = chunksOf(content).length;
      expect(total).toBe(9);
      await sendChunks(t, owner, guid, content, [8, 3, 0, 5, 3, 1, 7, 2, 6, 4]);
      const merge = await requestMerge(owner, { guid, fileName: '年度质量报告.pdf', lxId: 'ft-process', bz: '第一版', yxqx: '2027-12-31', sha256: sha256(content), size: String(content.length) });
      expect(merge.body.meta).toEqual({ success: true, message: 'waitting' });
      const done = await mergeResult(owner, guid);
      expect(done.meta.success).toBe(true);
      expect(done.data).toMatchObject({ fileName: '年度质量报告.pdf', fileType: 'pdf', size: content.length, lxId: 'ft-process', lxmc: '过程文件' });
      const fileId = done.data!.fileId as string;
      expect(done.data!.url).toBe(`/api/docrepo/download?attachmentId=${fileId}`);

      const download = await binary(owner.get(`/api/docrepo/download?attachmentId=${fileId}`));
      expect(download.status).toBe(200);
      expect(sha256(download.body as Buffer)).toBe(sha256(content));
      expect(download.headers['content-length']).toBe(String(content.length));
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent('年度质量报告.pdf')}`,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');

      const [row] = await db.query(`SELECT storage_key, sha256, size, bz, yxqx, uploader_id FROM doc_file WHERE id = $1`, [fileId]);
      expect(row).toMatchObject({ sha256: sha256(content), size: String(content.length), bz: '第一版', yxqx: '2027-12-31', uploader_id: 'u-owner' });
      expect(row.storage_key).toMatch(/^([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f]{4}-[0-9a-f-]{27}$/);
      expect(existsSync(path.join(files.dir, row.storage_key))).toBe(true);
      expect(existsSync(chunkDir(guid))).toBe(false);
      expect((await db.query(`SELECT 1 FROM upload_session WHERE guid = $1`, [guid])).length).toBe(0);
    }, SLOW);

    it('serves a byte range', async () => {
      const content = pdfBytes(100_000);
      const { fileId } = await uploadFile(t, owner, 'range.pdf', content);
      const part = await binary(owner.get(`/api/docrepo/download?attachmentId=${fileId}`).set('Range', 'bytes=1000-1999'));
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 1000-1999/${content.length}`);
      expect((part.body as Buffer).equals(content.subarray(1000, 2000))).toBe(true);
      const beyond = await owner.get(`/api/docrepo/download?attachmentId=${fileId}`).set('Range', `bytes=${content.length}-`);
      expect(beyond.status).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${content.length}`);
    }, SLOW);

    it('resumes: asks which chunks arrived and sends only the missing one', async () => {
      const content = pdfBytes(3 * CHUNK + 1234);
      const parts = chunksOf(content);
      const guid = newGuid();
      for (const i of [0, 1, 3]) expect((await sendChunk(t, owner, guid, i, parts.length, parts[i]!)).body.meta.success).toBe(true);
      const state = await owner.get(`/api/docrepo/upload/chunks?guid=${guid}`);
      expect(state.body.data).toEqual({ guid, chunks: 4, received: [0, 1, 3] });
      const early = await requestMerge(owner, { guid, fileName: 'resume.pdf' });
      expect(early.body.meta).toEqual({ success: false, message: '文件分片不完整（缺少 1 个分片），请补传后再合并' });
      const missing = state.body.data.received.length === 3 ? [0, 1, 2, 3].filter((i) => !state.body.data.received.includes(i)) : [];
      expect(missing).toEqual([2]);
      await sendChunk(t, owner, guid, 2, parts.length, parts[2]!);
      expect((await requestMerge(owner, { guid, fileName: 'resume.pdf', sha256: sha256(content) })).body.meta.success).toBe(true);
      const done = await mergeResult(owner, guid);
      expect(done.meta.success).toBe(true);
      const download = await binary(owner.get(`/api/docrepo/download?attachmentId=${done.data!.fileId}`));
      expect(sha256(download.body as Buffer)).toBe(sha256(content));
    }, SLOW);

    it('answers an unknown upload with no chunks', async () => {
      const guid = newGuid();
      expect((await owner.get(`/api/docrepo/upload/chunks?guid=${guid}`)).body.data).toEqual({ guid, chunks: 0, received: [] });
    });

    it('refuses a chunk bigger than 614400 bytes, keeping nothing of it', async () => {
      const guid = newGuid();
      const res = await sendChunk(t, owner, guid, 0, 1, pdfBytes(CHUNK + 1));
      expect(res.status).toBe(400);
      expect(res.body.meta).toEqual({ success: false, message: '分片大小不能超过614400字节' });
      expect(existsSync(chunkDir(guid))).toBe(false);
    });

    it('refuses a chunk other than the last that is not 614400 bytes (chunks are written in place)', async () => {
      const guid = newGuid();
      const res = await sendChunk(t, owner, guid, 0, 2, pdfBytes(CHUNK - 1));
      expect(res.status).toBe(400);
      expect(res.body.meta).toEqual({ success: false, message: '分片大小应为614400字节（最后一个分片除外）' });
      expect(existsSync(chunkDir(guid))).toBe(false);
    });

    it('refuses chunks from anyone but the upload\'s first sender', async () => {
      const guid = newGuid();
      const parts = chunksOf(pdfBytes(2 * CHUNK));
      expect((await sendChunk(t, owner, guid, 0, 2, parts[0]!)).body.meta.success).toBe(true);
      const other = await sendChunk(t, expert, guid, 1, 2, parts[1]!);
      expect(other.status).toBe(200);
      expect(other.body.meta).toEqual(NO_PERMISSION);
      expect((await expert.get(`/api/docrepo/upload/chunks?guid=${guid}`)).body.meta).toEqual(NO_PERMISSION);
      expect((await requestMerge(expert, { guid, fileName: 'x.pdf' })).body.meta).toEqual(NO_PERMISSION);
      expect((await owner.get(`/api/docrepo/upload/chunks?guid=${guid}`)).body.data.received).toEqual([0]);
      // The refused chunk was not written: the part file holds chunk 0 only.
      expect(statSync(path.join(chunkDir(guid), 'part')).size).toBe(CHUNK);
    });

    it('takes a file smaller than a chunk sent without chunk and chunks', async () => {
      const guid = newGuid();
      const res = await owner.agent
        .post(withCsrf('/api/docrepo/upload/chunk', t.config.csrfSecret))
        .field('guid', guid)
        .attach('file', PNG_1x1, { filename: 'blob', contentType: 'application/octet-stream' });
      expect(res.body.data).toEqual({ guid, chunk: 0, chunks: 1 });
      expect((await requestMerge(owner, { guid, fileName: '小图.png' })).body.meta.success).toBe(true);
      expect((await mergeResult(owner, guid)).data).toMatchObject({ fileName: '小图.png', fileType: 'png', size: PNG_1x1.length });
    });

    it('refuses a guid that is not one', async () => {
      const res = await sendChunk(t, owner, '../../etc', 0, 1, Buffer.from('x'));
      expect(res.status).toBe(400);
      expect(res.body.meta.message).toMatch(/^guid 不正确/);
    });

    it('reads the chunk form through the contract: a control character or a number that is none is refused, nothing kept', async () => {
      const form = (fields: Record<string, string>) => {
        let req = owner.agent.post(withCsrf('/api/docrepo/upload/chunk', t.config.csrfSecret));
        for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
        return req.attach('file', PNG_1x1, { filename: 'blob', contentType: 'application/octet-stream' });
      };
      const guid = newGuid();
      // multipart fields pass no body parser the control-character net sees: the schema refuses them (issue 30)
      for (const [fields, message] of [
        [{ guid: `${guid}`, chunk: '0', chunks: '1' }, '上传编号包含非法字符'],
        [{ guid, chunk: 'first', chunks: '1' }, '分片序号不正确'],
        [{ guid, chunk: '0', chunks: '0' }, '分片总数不正确'],
      ] as const) {
        const res = await form(fields);
        expect({ status: res.status, meta: res.body.meta }).toEqual({ status: 400, meta: { success: false, message } });
      }
      expect(existsSync(chunkDir(guid))).toBe(false);
      expect((await db.query(`SELECT 1 FROM upload_session WHERE guid LIKE $1`, [`${guid}%`])).length).toBe(0);
    });

    it('refuses a merge whose remark holds a tab or a control character, or whose size is no number: no merge recorded', async () => {
      const guid = newGuid();
      await sendChunks(t, owner, guid, PNG_1x1);
      for (const [params, message] of [
        [{ yxqx: '2027	12' }, '有效期包含非法字符'],
        [{ bz: '备注[31m' }, '备注包含非法字符'],
        [{ size: 'lots' }, 'size 应为文件的字节数'],
      ] as const) {
        const res = await requestMerge(owner, { guid, fileName: '小图.png', ...params });
        expect({ status: res.status, meta: res.body.meta }).toEqual({ status: 400, meta: { success: false, message } });
      }
      expect((await db.query(`SELECT 1 FROM upload_merge WHERE guid = $1`, [guid])).length).toBe(0);
      // the upload stays for a corrected request
      expect((await requestMerge(owner, { guid, fileName: '小图.png', bz: '第一行\n第二行' })).body.meta.success).toBe(true);
      expect((await mergeResult(owner, guid)).meta.success).toBe(true);
    }, SLOW);

    it('makes one file when the merge job runs twice for one guid', async () => {
      const content = pdfBytes(2 * CHUNK + 10);
      const guid = newGuid();
      await sendChunks(t, owner, guid, content);
      const before = filesUnder(files.dir).filter((f) => !f.startsWith('.')).length;
      expect((await requestMerge(owner, { guid, fileName: 'twice.pdf' })).body.meta.success).toBe(true);
      const uploads = t.app.get(UploadService);
      await Promise.all([uploads.merge(guid, false), uploads.merge(guid, false), requestMerge(owner, { guid, fileName: 'twice.pdf' })]);
      expect((await mergeResult(owner, guid)).meta.success).toBe(true);
      await uploads.merge(guid, false);
      expect(await fileRows('sha256 = $1', [sha256(content)])).toBe(1);
      // The queued merge (its result answered from the direct merges' row) may still be running. Every run adopts
      // the part file under the same key, so however they interleave there is one stored file; count it once the job is over.
      const queue = t.app.get(JobQueue);
      const [{ params }] = await db.query(`SELECT params FROM upload_merge WHERE guid = $1`, [guid]);
      for (let waited = 0; waited < 15_000; waited += 100) {
        const state = (await queue.status('merge-file', mergeJobId(guid, params)))?.state;
        if (state === undefined || state === 'completed' || state === 'failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const stored = () => filesUnder(files.dir).filter((f) => !f.startsWith('.')).length;
      expect(stored()).toBe(before + 1);
    }, SLOW);
  });

  describe('a merge whose job fails for good (issue 31 item 6)', () => {
    it('answers 文件合并失败，请重新上传, frees its part file, and the upload sent again under the same guid merges', async () => {
      // The job fails for good on its first run: this app's catalogue refuses every merge-file payload (unretried),
      // as a worker killed twice or a database away on every try would; the job's failure hook marks the merge.
      const broken = await startTestApp({
        runWorkers: true, env: { FILES_DIR: files.dir },
        catalogue: { ...JOB_CATALOGUE, 'merge-file': { ...JOB_CATALOGUE['merge-file'], payload: z.object({ guid: z.literal('never') }) } },
      });
      try {
        const person = client(broken);
        await person.login('rwfzr', 'Demo2026');
        const content = pdfBytes(CHUNK + 500);
        const guid = newGuid();
        await sendChunks(broken, person, guid, content);
        expect(existsSync(chunkDir(guid))).toBe(true);
        expect((await requestMerge(person, { guid, fileName: '失败.pdf' })).body.meta).toEqual({ success: true, message: 'waitting' });
        expect((await mergeResult(person, guid)).meta).toEqual({ success: false, message: '文件合并失败，请重新上传' });
        expect((await db.query(`SELECT state, message FROM upload_merge WHERE guid = $1`, [guid]))[0]).toEqual({ state: 'failed', message: '文件合并失败，请重新上传' });
        expect(existsSync(chunkDir(guid))).toBe(false);
        expect((await db.query(`SELECT 1 FROM upload_session WHERE guid = $1`, [guid])).length).toBe(0);
        // Asked again: still failed, nothing queued that would stick.
        expect((await requestMerge(person, { guid, fileName: '失败.pdf' })).body.meta.success).toBe(true);
        expect((await mergeResult(person, guid)).meta.message).toBe('文件合并失败，请重新上传');

        // Sent again (same guid) to the app whose merges work: a new merge, under a new job, stores the file.
        await sendChunks(t, owner, guid, content);
        expect((await requestMerge(owner, { guid, fileName: '重传.pdf' })).body.meta).toEqual({ success: true, message: 'waitting' });
        const done = await mergeResult(owner, guid);
        expect(done.meta.success).toBe(true);
        expect(done.data).toMatchObject({ fileName: '重传.pdf', size: content.length });
        expect(await fileRows('sha256 = $1', [sha256(content)])).toBe(1);
        expect(existsSync(chunkDir(guid))).toBe(false);
      } finally {
        await broken.close();
      }
    }, SLOW);
  });

  describe('refusals leave nothing behind', () => {
    const refuse = async (fileName: string, content: Buffer, expected: { at: 'merge' | 'status'; message: string }) => {
      const before = filesUnder(files.dir);
      const rows = await fileRows('true', []);
      const guid = newGuid();
      const parts = chunksOf(content);
      for (const [i, p] of parts.entries()) expect((await sendChunk(t, owner, guid, i, parts.length, p)).body.meta.success).toBe(true);
      const merge = await requestMerge(owner, { guid, fileName });
      if (expected.at === 'merge') {
        expect(merge.status).toBe(400);
        expect(merge.body.meta).toEqual({ success: false, message: expected.message });
      } else {
        expect(merge.body.meta.success).toBe(true);
        const result = await mergeResult(owner, guid);
        expect(result.meta).toEqual({ success: false, message: expected.message });
      }
      expect(await fileRows('true', [])).toBe(rows);
      expect(existsSync(chunkDir(guid))).toBe(false);
      expect(filesUnder(files.dir)).toEqual(before);
      expect((await db.query(`SELECT 1 FROM upload_session WHERE guid = $1`, [guid])).length).toBe(0);
      return merge;
    };

    it('an empty file: 文件为空', () => refuse('空文件.pdf', Buffer.alloc(0), { at: 'status', message: '文件为空' }));

    it('a wrong extension: 文件类型错误, naming what is allowed', async () => {
      const merge = await refuse('程序.exe', exeBytes(), { at: 'merge', message: '文件类型错误' });
      expect(merge.body.data.hint).toBe('只能上传gif,jpg,jpeg,png,txt,doc,docx,wps,ppt,pptx,xls,xlsx,pdf,rar,zip的文件');
    });

    it('an executable renamed .pdf: 文件类型错误', () => refuse('报告.pdf', exeBytes(), { at: 'status', message: '文件类型错误' }));

    it('a name with ../ in it', () => refuse('../x.pdf', pdfBytes(1000), { at: 'merge', message: '文件名不能包含 / \\ .. 或控制字符' }));

    it('a file over FILE_MAX_MB: {file}文件大小超过1MB', async () => {
      const small = tempFilesDir();
      const limited = await startTestApp({ runWorkers: true, env: { FILES_DIR: small.dir, FILE_MAX_MB: '1' } });
      try {
        const c = client(limited);
        await c.login('rwfzr', 'Demo2026');
        const content = pdfBytes(Math.round(1.1 * 1024 * 1024));
        const guid = newGuid();
        await sendChunks(limited, c, guid, content);
        // Three chunks would be more than 1 MB can have: refused at the chunk.
        const tooMany = await sendChunk(limited, c, newGuid(), 0, 3, Buffer.from('%PDF-'));
        expect(tooMany.body.meta).toEqual({ success: false, message: '文件大小超过1MB' });
        expect((await requestMerge(c, { guid, fileName: '大文件.pdf' })).body.meta.success).toBe(true);
        expect((await mergeResult(c, guid)).meta).toEqual({ success: false, message: '大文件.pdf文件大小超过1MB' });
        expect(filesUnder(small.dir)).toEqual([]);
        expect(await fileRows('file_name = $1', ['大文件.pdf'])).toBe(0);
        // A declared size over the limit is refused at once.
        const declared = newGuid();
        await sendChunks(limited, c, declared, pdfBytes(1000));
        const early = await requestMerge(c, { guid: declared, fileName: '声明.pdf', size: String(2 * 1024 * 1024) });
        expect(early.body.meta).toEqual({ success: false, message: '声明.pdf文件大小超过1MB' });
        expect(filesUnder(small.dir)).toEqual([]);
      } finally {
        await limited.close();
        small.remove();
      }
    }, SLOW);
  });

  describe('zip download', () => {
    it('zips three files, two with the same Chinese name, to the same bytes and names', async () => {
      const a = pdfBytes(300_000);
      const b = pdfBytes(200_000);
      const text = Buffer.from('自诊报告\n'.repeat(5000), 'utf8');
      const fa = await uploadFile(t, owner, '支撑材料.pdf', a);
      const fb = await uploadFile(t, owner, '支撑材料.pdf', b);
      const fc = await uploadFile(t, owner, '说明.txt', text);
      const res = await binary(owner.get(`/api/docrepo/multiDownload?ids=${fa.fileId},${fb.fileId},${fc.fileId}&name=${encodeURIComponent('教学质量')}`));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('教学质量支撑附件.zip')}`);
      const entries = readZip(res.body as Buffer);
      expect(entries.map((e) => e.name)).toEqual(['支撑材料.pdf', '支撑材料 (1).pdf', '说明.txt']);
      expect(entries[0]!.data.equals(a)).toBe(true);
      expect(entries[1]!.data.equals(b)).toBe(true);
      expect(entries[2]!.data.equals(text)).toBe(true);
      const unnamed = await binary(owner.get(`/api/docrepo/multiDownload?ids=${fa.fileId}`));
      expect(unnamed.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('支撑附件.zip')}`);
    }, SLOW);

    it('refuses the whole zip, before streaming, when one file is not readable', async () => {
      const mine = await uploadFile(t, expert, '专家意见.pdf', pdfBytes(1000));
      const theirs = await uploadFile(t, owner, '不可见.pdf', pdfBytes(1000));
      const res = await expert.get(`/api/docrepo/multiDownload?ids=${mine.fileId},${theirs.fileId}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.meta).toEqual(NO_PERMISSION);
    }, SLOW);

    it('takes at most 500 ids', async () => {
      const ids = Array.from({ length: 501 }, (_, i) => `id${i}`).join(',');
      expect((await owner.get(`/api/docrepo/multiDownload?ids=${ids}`)).body.meta).toEqual({ success: false, message: '一次最多下载500个文件' });
    });
  });

  describe('who may read what (the quality point\'s task and library decide)', () => {
    // A point of 陈静's 2026 course task: she owns the task, 李红 has no grant on its library; her 2025 task is on another library.
    let years: ObjectYears;
    let point: string;
    let task: string;
    let ownersFile: { fileId: string };
    let outsider: Client;

    beforeAll(async () => {
      years = await buildObjectYears(db, 'fl-course', { name: '附件测试课程', level: 'course', owner: 'u-owner', auditor: 'u-auditor', department: 'd-xxgc' });
      [point, task] = [`${years.libraries.current}-p1`, years.tasks.current];
      ownersFile = await uploadFile(t, owner, '过程记录.pdf', pdfBytes(5000));
      outsider = client(t);
      await outsider.login('bmfzr', 'Demo2026');
    }, SLOW);

    it('refuses another person the file, and a point\'s attachments without a grant', async () => {
      const download = await outsider.get(`/api/docrepo/download?attachmentId=${ownersFile.fileId}`);
      expect(download.status).toBe(200);
      expect(download.body.meta).toEqual(NO_PERMISSION);
      expect((await outsider.get(`/api/docrepo/preview?attachmentId=${ownersFile.fileId}`)).body.meta).toEqual(NO_PERMISSION);
      expect((await outsider.get(`/api/herm-znfx/quality/fileList?zgzkdid=${point}&objTaskId=${task}`)).body.meta).toEqual(NO_PERMISSION);
      expect((await outsider.post('/api/docrepo/files/delete', { fileId: ownersFile.fileId })).body.meta).toEqual(NO_PERMISSION);
      expect(await fileRows('id = $1', [ownersFile.fileId])).toBe(1);
    });

    it('lets the task\'s owner attach (导入成功！) and a reader granted by the library list and download', async () => {
      const attach = await owner.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&objTaskId=${task}&stage=zwzd`, [
        { fileId: ownersFile.fileId, fileName: '过程记录.pdf', fileType: 'pdf' },
      ]);
      expect(attach.body.meta).toEqual({ success: true, message: '导入成功！' });
      expect(attach.body.data).toEqual({ added: 1 });
      // Twice is still one attachment.
      expect((await owner.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&objTaskId=${task}&stage=zwzd`, [{ fileId: ownersFile.fileId }])).body.data).toEqual({ added: 0 });
      const extra = await uploadFile(t, owner, '目标标准.pdf', pdfBytes(2000));
      await owner.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&objTaskId=${task}&stage=mbbz`, [{ fileId: extra.fileId }]);

      // No grant yet; then the library grants 李红 read.
      expect((await outsider.get(`/api/herm-znfx/quality/fileList?zgzkdid=${point}&objTaskId=${task}`)).body.meta).toEqual(NO_PERMISSION);
      await db.query(`INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type) VALUES ('target-library', $1, 'user', 'u-depthead', 'read')`, [years.libraries.current]);

      const list = await outsider.get(`/api/herm-znfx/quality/fileList?zgzkdid=${point}&objTaskId=${task}`);
      expect(list.body.meta.success).toBe(true);
      expect(list.body.data.map((a: { stage: string; fileName: string }) => [a.stage, a.fileName])).toEqual([['mbbz', '目标标准.pdf'], ['zwzd', '过程记录.pdf']]);
      expect(list.body.data[1]).toMatchObject({
        fileId: ownersFile.fileId, fileType: 'pdf', size: 5000, uploaderName: '陈静', url: `/api/docrepo/download?attachmentId=${ownersFile.fileId}`,
      });
      expect(list.body.data[1].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      const download = await binary(outsider.get(`/api/docrepo/download?attachmentId=${ownersFile.fileId}`));
      expect(download.status).toBe(200);
      expect((download.body as Buffer).length).toBe(5000);

      // Read is not write: no attaching, no detaching.
      expect((await outsider.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&objTaskId=${task}&stage=mbbz`, [{ fileId: ownersFile.fileId }])).body.meta).toEqual(NO_PERMISSION);
      const attachmentId = list.body.data[0].id as string;
      expect((await outsider.post('/api/herm-znfx/quality/deleteFile', { id: attachmentId })).body.meta).toEqual(NO_PERMISSION);
      expect((await owner.post('/api/herm-znfx/quality/deleteFile', { id: attachmentId })).body.meta.success).toBe(true);
      expect((await admin.get(`/api/herm-znfx/quality/fileList?zgzkdid=${point}&objTaskId=${task}`)).body.data).toHaveLength(1);
    }, SLOW);

    it('refuses attaching to a task of another library, or to the point itself without write on the library', async () => {
      expect((await owner.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&objTaskId=${years.tasks.prev}&stage=zwzd`, [{ fileId: ownersFile.fileId }])).body.meta).toEqual(NO_PERMISSION);
      expect((await owner.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&stage=zwzd`, [{ fileId: ownersFile.fileId }])).body.meta).toEqual(NO_PERMISSION);
    });

    it('refuses attaching someone else\'s file, even as the task\'s owner', async () => {
      const expertsFile = await uploadFile(t, expert, '别人的.pdf', pdfBytes(1000));
      const res = await owner.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&objTaskId=${task}&stage=jcyj`, [{ fileId: expertsFile.fileId }]);
      expect(res.body.meta).toEqual(NO_PERMISSION);
    }, SLOW);

    it('refuses an item without a file id, or with one that is no text: nothing attached', async () => {
      const before = await db.query(`SELECT count(*)::int AS n FROM attachment`);
      const url = `/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&objTaskId=${task}&stage=zjgj`;
      for (const [body, message] of [
        [[{ fileId: ownersFile.fileId }, { fileId: null }], '文件编号第2项不能为空'],
        [[{ fileId: 12345 }], '文件编号第1项必须是文本'],
        [{ fileId: ownersFile.fileId }, '请先选取文件!'],
      ] as const) {
        const res = await owner.post(url, body);
        expect({ status: res.status, meta: res.body.meta }).toEqual({ status: 400, meta: { success: false, message } });
      }
      expect(await db.query(`SELECT count(*)::int AS n FROM attachment`)).toEqual(before);
    });

    it('refuses a stage outside the spec\'s list', async () => {
      const res = await owner.post(`/api/herm-znfx/quality/uploadFileList?zgzkdid=${point}&objTaskId=${task}&stage=other`, [{ fileId: ownersFile.fileId }]);
      expect(res.body.meta.success).toBe(false);
      expect(res.body.meta.message).toMatch(/^stage 只能是/);
    });
  });

  describe('preview', () => {
    it('shows a png inline as image/png with nosniff', async () => {
      const { fileId } = await uploadFile(t, owner, '截图.png', PNG_1x1);
      const res = await binary(owner.get(`/api/docrepo/preview?attachmentId=${fileId}`));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(/^inline; /);
      expect((res.body as Buffer).equals(PNG_1x1)).toBe(true);
    }, SLOW);

    it('refuses to preview a text file', async () => {
      const { fileId } = await uploadFile(t, owner, '说明.txt', Buffer.from('hello'));
      expect((await owner.get(`/api/docrepo/preview?attachmentId=${fileId}`)).body.meta).toEqual({
        success: false, message: '该文件类型不支持预览，只能预览jpg,jpeg,png,gif,pdf文件',
      });
    }, SLOW);
  });

  describe('login and csrf on downloads', () => {
    it('serves the system logo to anyone, anything else only with a session and csrf', async () => {
      const logo = await uploadFile(t, admin, 'logo.png', PNG_1x1);
      const other = await uploadFile(t, admin, 'other.png', PNG_1x1);
      await db.query(`UPDATE system_setting SET logo_attachment_id = $1 WHERE app_id = '001'`, [logo.fileId]);
      try {
        const anonymousLogo = await binary(t.http.get(`/api/docrepo/download?attachmentId=${logo.fileId}`));
        expect(anonymousLogo.status).toBe(200);
        expect((anonymousLogo.body as Buffer).equals(PNG_1x1)).toBe(true);
        const anonymousOther = await t.http.get(withCsrf(`/api/docrepo/download?attachmentId=${other.fileId}`, t.config.csrfSecret));
        expect(anonymousOther.status).toBe(401);
        expect(anonymousOther.body.code).toBe(53000010);
        const noCsrf = await admin.agent.get(`/api/docrepo/download?attachmentId=${other.fileId}`);
        expect(noCsrf.status).toBe(403);
        expect(noCsrf.body.code).toBe(40300001);
        expect((await t.http.get(`/api/docrepo/preview?attachmentId=${logo.fileId}`)).status).toBe(403);
      } finally {
        await db.query(`UPDATE system_setting SET logo_attachment_id = NULL WHERE app_id = '001'`);
      }
    }, SLOW);
  });

  describe('my files', () => {
    it('lists, renames keeping the extension, shares and deletes', async () => {
      const head = client(t);
      await head.login('bmfzr', 'Demo2026');
      const file = await uploadFile(t, owner, '会议纪要.pdf', pdfBytes(3000));

      const mine = await owner.get(`/api/docrepo/files?pageNum=1&pageSize=5&fileName=${encodeURIComponent('会议')}`);
      expect(mine.body.data).toMatchObject({ total: 1, current: 1, pages: 1 });
      expect(mine.body.data.records[0]).toMatchObject({ fileId: file.fileId, fileName: '会议纪要.pdf', fileType: 'pdf', mine: true, uploaderName: '陈静', lxmc: '内部支撑文件' });

      const renamed = await owner.post('/api/docrepo/files/update', { fileId: file.fileId, fileName: '会议纪要终稿', lxId: 'ft-final', bz: '定稿' });
      expect(renamed.body.data).toMatchObject({ fileName: '会议纪要终稿.pdf', lxId: 'ft-final', lxmc: '最终成果文件' });
      expect((await owner.post('/api/docrepo/files/update', { fileId: file.fileId, fileName: '../x' })).body.meta.success).toBe(false);

      expect((await head.get(`/api/docrepo/download?attachmentId=${file.fileId}`)).body.meta).toEqual(NO_PERMISSION);
      expect((await head.post('/api/docrepo/files/share', { fileId: file.fileId, userIds: ['u-owner'] })).body.meta).toEqual(NO_PERMISSION);
      expect((await owner.post('/api/docrepo/files/share', { fileId: file.fileId, userIds: ['u-depthead'] })).body.data).toEqual({ fileId: file.fileId, userIds: ['u-depthead'] });
      const shared = await head.get('/api/docrepo/files?pageNum=1&pageSize=10');
      expect(shared.body.data.records.find((r: { fileId: string }) => r.fileId === file.fileId)).toMatchObject({ mine: false, fileName: '会议纪要终稿.pdf' });
      expect((await binary(head.get(`/api/docrepo/download?attachmentId=${file.fileId}`))).status).toBe(200);
      expect((await owner.post('/api/docrepo/files/share', { fileId: file.fileId, userIds: ['nobody'] })).body.meta).toEqual({ success: false, message: '用户不存在' });

      // issue 30: null, a wrong type or a tab in a field of a change or a share is refused; nothing changes
      for (const [body, message] of [
        [{ fileId: file.fileId, fileName: null }, '文件名不能为空'],
        [{ fileId: file.fileId, fileName: '会议\t纪要' }, '文件名包含非法字符'],
        [{ fileId: file.fileId, yxqx: 20271231 }, '有效期必须是文本'],
        [{ fileId: null, bz: '改' }, '文件编号不能为空'],
      ] as const) {
        const res = await owner.post('/api/docrepo/files/update', body);
        expect({ status: res.status, meta: res.body.meta }).toEqual({ status: 400, meta: { success: false, message } });
      }
      expect(await db.query(`SELECT file_name, bz, yxqx FROM doc_file WHERE id = $1`, [file.fileId])).toEqual([{ file_name: '会议纪要终稿.pdf', bz: '定稿', yxqx: null }]);
      const nullShare = await owner.post('/api/docrepo/files/share', { fileId: file.fileId, userIds: null });
      expect({ status: nullShare.status, meta: nullShare.body.meta }).toEqual({ status: 400, meta: { success: false, message: '用户不能为空' } });
      expect(await db.query(`SELECT user_id FROM file_share WHERE file_id = $1`, [file.fileId])).toEqual([{ user_id: 'u-depthead' }]);

      const [{ storage_key: key }] = await db.query(`SELECT storage_key FROM doc_file WHERE id = $1`, [file.fileId]);
      expect((await head.post('/api/docrepo/files/delete', { fileId: file.fileId })).body.meta).toEqual(NO_PERMISSION);
      expect((await owner.post('/api/docrepo/files/delete', { fileId: file.fileId })).body.meta.success).toBe(true);
      expect(await fileRows('id = $1', [file.fileId])).toBe(0);
      expect(existsSync(path.join(files.dir, key))).toBe(false);
      expect((await db.query(`SELECT 1 FROM file_share WHERE file_id = $1`, [file.fileId])).length).toBe(0);
      expect((await owner.get(`/api/docrepo/download?attachmentId=${file.fileId}`)).status).toBe(404);
    }, SLOW);
  });

  describe('one person\'s uploads at once, and a full disk (issue 31)', () => {
    it('refuses the 11th upload open at once with 429, not another person\'s; a finished upload frees a slot', async () => {
      const head = client(t); // 李红 uploads nothing else here
      await head.login('bmfzr', 'Demo2026');
      const [{ open }] = await db.query(`SELECT count(*)::int AS open FROM upload_session WHERE user_id = 'u-depthead'`);
      expect(open).toBeLessThan(10);
      const guids = Array.from({ length: 11 - open }, newGuid);
      // all first chunks at once: the uploads opened together count each other
      const answers = await Promise.all(guids.map((guid) => sendChunk(t, head, guid, 0, 2, pdfBytes(CHUNK))));
      const refused = answers.filter((r) => r.status !== 200);
      expect(answers.filter((r) => r.status === 200 && r.body.meta.success)).toHaveLength(10 - open);
      expect(refused.map((r) => [r.status, r.body.code, r.body.meta])).toEqual([
        [429, 42900002, { success: false, message: '同时上传的文件过多，请等待其他文件上传完成后再试' }],
      ]);
      const refusedGuid = guids[answers.indexOf(refused[0]!)]!;
      expect(existsSync(chunkDir(refusedGuid))).toBe(false);
      expect((await db.query(`SELECT 1 FROM upload_session WHERE guid = $1`, [refusedGuid])).length).toBe(0);
      // the open uploads go on; another person is not affected
      const opened = guids.filter((g) => g !== refusedGuid);
      expect((await sendChunk(t, head, opened[0]!, 0, 2, pdfBytes(CHUNK))).body.meta.success).toBe(true);
      expect((await uploadFile(t, expert, '专家的文件.pdf', pdfBytes(1000))).fileName).toBe('专家的文件.pdf');
      expect((await sendChunk(t, head, refusedGuid, 0, 2, pdfBytes(CHUNK))).status).toBe(429);

      // one finished (merged): its slot is free
      const finished = opened[1]!;
      expect((await sendChunk(t, head, finished, 1, 2, pdfBytes(1000))).body.meta.success).toBe(true);
      expect((await requestMerge(head, { guid: finished, fileName: '完成的文件.pdf' })).body.meta.success).toBe(true);
      expect((await mergeResult(head, finished)).meta.success).toBe(true);
      const again = await sendChunk(t, head, refusedGuid, 0, 2, pdfBytes(CHUNK));
      expect([again.status, again.body.meta.success]).toEqual([200, true]);
      // and the next is refused again
      expect((await sendChunk(t, head, newGuid(), 0, 1, pdfBytes(1000))).status).toBe(429);
      for (const guid of [...opened, refusedGuid]) await t.app.get(UploadService).requestMerge('u-depthead', { guid, fileName: 'x.exe' }).catch(() => undefined);
      expect((await db.query(`SELECT count(*)::int AS n FROM upload_session WHERE user_id = 'u-depthead'`))[0].n).toBe(open);
    }, SLOW);

    it('answers 磁盘空间不足，请联系管理员 (507) when a chunk would leave less than FILES_MIN_FREE_MB free, leaving no file behind', async () => {
      // The same FILES_DIR with a reserve above any disk's free space (a PiB).
      const full = await startTestApp({ env: { FILES_DIR: files.dir, FILES_MIN_FREE_MB: String(1024 ** 3) } });
      try {
        const c = client(full);
        await c.login('rwfzr', 'Demo2026');
        const before = filesUnder(files.dir);
        const guid = newGuid();
        const res = await sendChunk(full, c, guid, 0, 1, pdfBytes(1000));
        expect([res.status, res.body.code, res.body.meta]).toEqual([507, 50700001, { success: false, message: '磁盘空间不足，请联系管理员' }]);
        expect(existsSync(chunkDir(guid))).toBe(false);
        expect((await db.query(`SELECT 1 FROM upload_session WHERE guid = $1`, [guid])).length).toBe(0);
        // An upload begun while there was room loses its partial file with the chunk that finds the disk full.
        const begun = newGuid();
        expect((await sendChunk(t, owner, begun, 0, 2, pdfBytes(CHUNK))).body.meta.success).toBe(true);
        expect(existsSync(chunkDir(begun))).toBe(true);
        const next = await sendChunk(full, c, begun, 1, 2, pdfBytes(1000));
        expect([next.status, next.body.meta.message]).toEqual([507, '磁盘空间不足，请联系管理员']);
        expect(existsSync(chunkDir(begun))).toBe(false);
        expect((await db.query(`SELECT 1 FROM upload_session WHERE guid = $1`, [begun])).length).toBe(0);
        expect(filesUnder(files.dir)).toEqual(before);
      } finally {
        await full.close();
      }
    }, SLOW);
  });

  describe('abandoned uploads', () => {
    it('are removed with their rows once older than CHUNK_TTL_HOURS', async () => {
      const stale = newGuid();
      const fresh = newGuid();
      await sendChunk(t, owner, stale, 0, 2, pdfBytes(CHUNK));
      await sendChunk(t, owner, fresh, 0, 2, pdfBytes(CHUNK));
      await db.query(`UPDATE upload_session SET updated_at = now() - interval '25 hours' WHERE guid = $1`, [stale]);
      const result = await t.app.get(UploadService).cleanAbandoned();
      expect(result.uploads).toBeGreaterThanOrEqual(1);
      expect(existsSync(chunkDir(stale))).toBe(false);
      expect((await db.query(`SELECT 1 FROM upload_session WHERE guid = $1`, [stale])).length).toBe(0);
      expect(existsSync(chunkDir(fresh))).toBe(true);
    });
  });

  it('documents every route in the OpenAPI document', async () => {
    const paths = Object.keys((await t.http.get('/api/docs-json')).body.paths);
    expect(paths).toEqual(expect.arrayContaining([
      '/api/docrepo/upload/chunk', '/api/docrepo/upload/chunks', '/api/docrepo/upload/merge', '/api/docrepo/upload/mergeStatus',
      '/api/docrepo/files', '/api/docrepo/files/update', '/api/docrepo/files/delete', '/api/docrepo/files/share',
      '/api/docrepo/download', '/api/docrepo/preview', '/api/docrepo/multiDownload',
      '/api/herm-znfx/quality/uploadFileList', '/api/herm-znfx/quality/fileList', '/api/herm-znfx/quality/deleteFile',
    ]));
  });
});
