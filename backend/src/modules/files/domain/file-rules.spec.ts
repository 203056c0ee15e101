import {
  ALLOWED_EXTENSIONS, checkChunkNumbers, checkChunkSize, checkFileName, CHUNK_SIZE, contentMatches, diskReserve, extensionOf, FileMessages, hasRoom, maxChunks, missingChunks, quotaRefusal,
  renameKeepingExtension, uploadQuota, type AllowedExtension, type DetectedType,
} from './file-rules.js';

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const kind = (ext: string, mime = `application/${ext}`): DetectedType => ({ ext, mime });

describe('file names (000 §9, 001 §5)', () => {
  it('allows exactly the spec\'s fifteen extensions, in any letter case', () => {
    expect([...ALLOWED_EXTENSIONS].sort()).toEqual(['doc', 'docx', 'gif', 'jpeg', 'jpg', 'pdf', 'png', 'ppt', 'pptx', 'rar', 'txt', 'wps', 'xls', 'xlsx', 'zip']);
    for (const ext of ALLOWED_EXTENSIONS) expect(checkFileName(`支撑材料.${ext.toUpperCase()}`)).toEqual({ ok: true, name: `支撑材料.${ext.toUpperCase()}`, ext });
  });

  it('refuses other extensions with 文件类型错误 and the list of what is allowed', () => {
    for (const name of ['a.exe', 'a.pdf.exe', 'a.html', 'a.svg', 'noextension', 'a.', 'a.bmp']) {
      expect(checkFileName(name)).toEqual({
        ok: false,
        message: '文件类型错误',
        data: { allowed: [...ALLOWED_EXTENSIONS], hint: '只能上传gif,jpg,jpeg,png,txt,doc,docx,wps,ppt,pptx,xls,xlsx,pdf,rar,zip的文件' },
      });
    }
  });

  it('refuses path parts, .., NUL and control characters', () => {
    for (const name of ['../x.pdf', 'a/b.pdf', 'a\\b.pdf', '..\\x.pdf', 'x..pdf', 'a\u0000.pdf', 'a\n.pdf', 'a\u007f.pdf', 'a\u202e.fdp.pdf']) {
      expect(checkFileName(name)).toMatchObject({ ok: false, message: FileMessages.badName });
    }
  });

  it('refuses empty names and names over 100 characters (counted as characters, not bytes)', () => {
    expect(checkFileName('  ')).toMatchObject({ ok: false, message: '文件名不能为空' });
    expect(checkFileName(undefined)).toMatchObject({ ok: false, message: '文件名不能为空' });
    expect(checkFileName(`${'质'.repeat(96)}.pdf`)).toMatchObject({ ok: true });
    expect(checkFileName(`${'质'.repeat(97)}.pdf`)).toMatchObject({ ok: false, message: '文件名不能超过100个字符' });
  });

  it('refuses a name that is only an extension', () => {
    expect(checkFileName('.pdf')).toMatchObject({ ok: false, message: '文件类型错误' });
  });

  it('reads the extension after the last dot', () => {
    expect(extensionOf('a.tar.ZIP')).toBe('zip');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('a.')).toBe('');
  });

  it('keeps the extension on rename', () => {
    expect(renameKeepingExtension('新名字', 'pdf')).toMatchObject({ ok: true, name: '新名字.pdf' });
    expect(renameKeepingExtension('新名字.PDF', 'pdf')).toMatchObject({ ok: true, name: '新名字.PDF' });
    expect(renameKeepingExtension('新名字.docx', 'pdf')).toMatchObject({ ok: true, name: '新名字.docx.pdf' });
    expect(renameKeepingExtension('../x', 'pdf')).toMatchObject({ ok: false, message: FileMessages.badName });
  });

  it('words the size message as the spec does', () => {
    expect(FileMessages.tooLarge('报告.pdf', 500)).toBe('报告.pdf文件大小超过500MB');
  });
});

describe('chunks', () => {
  it('caps the chunk count at the largest file allowed', () => {
    expect(maxChunks(500)).toBe(Math.ceil((500 * 1024 * 1024) / 614_400));
    expect(maxChunks(1)).toBe(2);
    expect(CHUNK_SIZE).toBe(614_400);
  });

  it('checks 0 ≤ chunk < chunks ≤ max', () => {
    expect(checkChunkNumbers(0, 1, 1)).toEqual({ ok: true, chunk: 0, chunks: 1 });
    expect(checkChunkNumbers(1, 2, 1)).toEqual({ ok: true, chunk: 1, chunks: 2 });
    expect(checkChunkNumbers(2, 2, 1)).toEqual({ ok: false, message: '分片序号不正确' });
    expect(checkChunkNumbers(-1, 2, 1)).toEqual({ ok: false, message: '分片序号不正确' });
    expect(checkChunkNumbers(0, 3, 1)).toEqual({ ok: false, message: '文件大小超过1MB' });
    expect(checkChunkNumbers(0, 0, 1)).toEqual({ ok: false, message: '分片总数不正确' });
    expect(checkChunkNumbers(undefined, 3, 500)).toEqual({ ok: false, message: '分片序号不正确' });
    expect(checkChunkNumbers(0, undefined, 500)).toEqual({ ok: false, message: '分片总数不正确' });
    // A file smaller than a chunk may come without either field.
    expect(checkChunkNumbers(undefined, undefined, 500)).toEqual({ ok: true, chunk: 0, chunks: 1 });
  });

  it('takes every chunk but the last at exactly 614400 bytes (they are written in place)', () => {
    expect(checkChunkSize(0, 3, CHUNK_SIZE)).toBeNull();
    expect(checkChunkSize(2, 3, 1)).toBeNull();
    expect(checkChunkSize(0, 1, 0)).toBeNull();
    expect(checkChunkSize(1, 3, CHUNK_SIZE - 1)).toBe('分片大小应为614400字节（最后一个分片除外）');
    expect(checkChunkSize(2, 3, CHUNK_SIZE + 1)).toBe('分片大小不能超过614400字节');
  });

  it('names the missing chunks', () => {
    expect(missingChunks(5, [0, 2, 4])).toEqual([1, 3]);
    expect(missingChunks(3, [2, 1, 0])).toEqual([]);
  });
});

describe('content matches the extension (magic bytes)', () => {
  const cases: Array<[AllowedExtension, DetectedType | undefined, Buffer, boolean]> = [
    ['pdf', kind('pdf'), bytes('%PDF-1.7'), true],
    ['pdf', kind('exe', 'application/x-msdownload'), bytes('MZ', [0, 0]), false],
    ['pdf', undefined, bytes('random'), false],
    ['png', kind('png', 'image/png'), bytes([0x89], 'PNG'), true],
    ['png', kind('apng', 'image/apng'), bytes([0x89], 'PNG'), true],
    ['png', kind('jpg', 'image/jpeg'), bytes([0xff, 0xd8, 0xff]), false],
    ['jpeg', kind('jpg', 'image/jpeg'), bytes([0xff, 0xd8, 0xff]), true],
    ['jpg', kind('jpg', 'image/jpeg'), bytes([0xff, 0xd8, 0xff]), true],
    ['gif', kind('gif', 'image/gif'), bytes('GIF89a'), true],
    ['gif', kind('png'), bytes('x'), false],
    ['rar', kind('rar'), bytes('Rar!'), true],
    ['rar', kind('zip'), bytes('PK', [3, 4]), false],
    ['zip', kind('zip'), bytes('PK', [3, 4]), true],
    ['zip', kind('docx'), bytes('PK', [3, 4]), true],
    ['zip', undefined, bytes('PK', [5, 6]), true],
    ['zip', kind('pdf'), bytes('%PDF'), false],
    ['doc', kind('cfb', 'application/x-cfb'), bytes([0xd0, 0xcf, 0x11, 0xe0]), true],
    ['xls', kind('cfb', 'application/x-cfb'), bytes([0xd0, 0xcf, 0x11, 0xe0]), true],
    ['ppt', kind('cfb', 'application/x-cfb'), bytes([0xd0, 0xcf, 0x11, 0xe0]), true],
    ['wps', kind('cfb', 'application/x-cfb'), bytes([0xd0, 0xcf, 0x11, 0xe0]), true],
    ['doc', kind('zip'), bytes('PK', [3, 4]), false],
    ['docx', kind('docx'), bytes('PK', [3, 4]), true],
    ['docx', kind('zip'), bytes('PK', [3, 4]), true],
    ['docx', undefined, bytes('PK', [3, 4]), true],
    ['docx', kind('xlsx'), bytes('PK', [3, 4]), false],
    ['docx', kind('cfb'), bytes([0xd0, 0xcf, 0x11, 0xe0]), true],
    ['xlsx', kind('xlsx'), bytes('PK', [3, 4]), true],
    ['pptx', kind('pptx'), bytes('PK', [3, 4]), true],
    ['pptx', kind('exe'), bytes('MZ'), false],
    ['txt', undefined, Buffer.from('第一行\n第二行', 'utf8'), true],
    ['txt', kind('xml', 'application/xml'), bytes('<?xml version="1.0"?>'), true],
    ['txt', undefined, bytes('abc', [0], 'def'), false],
    ['txt', kind('exe', 'application/x-msdownload'), bytes('MZ'), false],
    ['txt', kind('png', 'image/png'), bytes([0x89], 'PNG'), false],
  ];

  it.each(cases)('%s detected as %j → %s', (ext, detected, head, expected) => {
    expect(contentMatches(ext, detected, head)).toBe(expected);
  });

  it('looks for NUL only in the first 8 KB of a text', () => {
    const late = Buffer.concat([Buffer.alloc(8192, 0x61), Buffer.from([0])]);
    expect(contentMatches('txt', undefined, late)).toBe(true);
    const early = Buffer.concat([Buffer.alloc(8191, 0x61), Buffer.from([0])]);
    expect(contentMatches('txt', undefined, early)).toBe(false);
  });
});

describe('upload quota and disk reserve (issue 31)', () => {
  it('lets a person have 10 uploads open, declaring at most two largest files', () => {
    // FILE_MAX_MB 500: 854 chunks a file at most
    expect(uploadQuota(500)).toEqual({ uploads: 10, chunks: 1708 });
    expect(quotaRefusal({ uploads: 9, chunks: 0 }, 1, 500)).toBeNull();
    expect(quotaRefusal({ uploads: 10, chunks: 0 }, 1, 500)).toBe('同时上传的文件过多，请等待其他文件上传完成后再试');
    expect(quotaRefusal({ uploads: 1, chunks: 854 }, 854, 500)).toBeNull();
    expect(quotaRefusal({ uploads: 1, chunks: 855 }, 854, 500)).toBe('正在上传的文件总大小超过1000MB，请等待其他文件上传完成后再试');
  });

  it('keeps FILES_MIN_FREE_MB free, or the larger of 1 GiB and 5 % of the disk', () => {
    const GiB = 1024 ** 3;
    expect(diskReserve(10 * GiB, null)).toBe(GiB);
    expect(diskReserve(100 * GiB, null)).toBe(5 * GiB);
    expect(diskReserve(100 * GiB, 0)).toBe(0);
    expect(diskReserve(100 * GiB, 2048)).toBe(2 * GiB);
    expect(hasRoom({ freeBytes: 2 * GiB, totalBytes: 10 * GiB }, GiB, null)).toBe(true);
    expect(hasRoom({ freeBytes: 2 * GiB, totalBytes: 10 * GiB }, GiB + 1, null)).toBe(false);
    expect(hasRoom({ freeBytes: 1000, totalBytes: 10 * GiB }, 1000, 0)).toBe(true);
    expect(hasRoom({ freeBytes: 999, totalBytes: 10 * GiB }, 1000, 0)).toBe(false);
  });
});
