import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { loadConfig } from '../../../config/app-config.js';
import type { JobQueue } from '../../../infrastructure/queue/job-queue.port.js';
import type { FileStorage } from '../../../infrastructure/storage/file-storage.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { FileTypeSniffer } from '../infrastructure/file-type-sniffer.js';
import type { FilesService } from './files.service.js';
import type { ChunkStore } from './ports/chunk-store.port.js';
import type { DiskSpace } from './ports/disk-space.port.js';
import type { DocFileRepository } from './ports/doc-file-repository.port.js';
import type { MergeParams, NewDocFile, UploadMerge, UploadRepository, UploadSession } from './ports/upload-repository.port.js';
import { UploadService } from './upload.service.js';

/** In-memory ports: enough behaviour to tell what the service leaves behind. */
function fakes(options: { failReadOnce?: boolean; failCompleteOnce?: boolean; freeBytes?: number; failWrite?: string; maxMb?: number } = {}) {
  const sessions = new Map<string, UploadSession>();
  const merges = new Map<string, UploadMerge>();
  const files = new Map<string, NewDocFile>();
  /** Per upload: the part file's bytes and the chunks that arrived. */
  const chunkData = new Map<string, { part: Buffer; present: Set<number> }>();
  const objects = new Map<string, Buffer>();
  const enqueued: string[] = [];
  let failRead = options.failReadOnce ?? false;
  let failComplete = options.failCompleteOnce ?? false;

  const uploads: UploadRepository = {
    claimSession: async (guid, userId, totalChunks, quota) => {
      const merge = merges.get(guid);
      if (merge && merge.state !== 'failed') return { session: sessions.get(guid) ?? null, mergeUserId: merge.userId };
      if (!sessions.has(guid)) {
        const open = [...sessions.values()].filter((o) => o.userId === userId && o.updatedAt >= quota.openSince);
        const refusal = quota.refuse({ uploads: open.length, chunks: open.reduce((n, o) => n + o.totalChunks, 0) });
        if (refusal !== null) return { session: null, mergeUserId: null, refusal };
      }
      const s = sessions.get(guid) ?? { guid, userId, totalChunks, updatedAt: new Date() };
      sessions.set(guid, s);
      return { session: s, mergeUserId: null };
    },
    findSession: async (guid) => sessions.get(guid) ?? null,
    deleteSession: async (guid) => void sessions.delete(guid),
    findMerge: async (guid) => (merges.has(guid) ? { ...merges.get(guid)! } : null),
    createMerge: async (guid, userId, params: MergeParams) => {
      if (merges.has(guid)) return false;
      merges.set(guid, { guid, userId, state: 'waiting', params, fileId: null, message: null, updatedAt: new Date() });
      return true;
    },
    deleteMerge: async (guid) => void merges.delete(guid),
    forgetFailedMerge: async (guid) => void (merges.get(guid)?.state === 'failed' && merges.delete(guid)),
    completeMerge: async (guid, file) => {
      if (failComplete) {
        failComplete = false;
        throw new Error('connection terminated');
      }
      const m = merges.get(guid);
      if (m?.state !== 'waiting') return false;
      files.set(file.id, file);
      merges.set(guid, { ...m, state: 'done', fileId: file.id });
      return true;
    },
    failMerge: async (guid, message) => {
      const m = merges.get(guid);
      if (m?.state !== 'waiting') return false;
      merges.set(guid, { ...m, state: 'failed', message });
      return true;
    },
    staleSessions: async (before) => [...sessions.values()].filter((s) => s.updatedAt < before && merges.get(s.guid)?.state !== 'waiting').map((s) => s.guid),
    staleWaitingMerges: async (before) => [...merges.values()].filter((m) => m.state === 'waiting' && m.updatedAt < before).map((m) => m.guid),
    purgeFinishedMerges: async () => 0,
  } as UploadRepository;

  const partOf = (guid: string) => chunkData.get(guid) ?? chunkData.set(guid, { part: Buffer.alloc(0), present: new Set() }).get(guid)!;
  const chunks = {
    write: async (guid: string, index: number, total: number, bytes: Uint8Array) => {
      const upload = partOf(guid);
      // the disk fills while the chunk is written: what was written stays in the part file
      if (options.failWrite) throw Object.assign(new Error(`${options.failWrite}: no space left on device, write`), { code: options.failWrite });
      const end = index * 614_400 + bytes.length;
      const part = Buffer.alloc(index === total - 1 ? end : Math.max(end, upload.part.length));
      upload.part.copy(part, 0, 0, Math.min(part.length, upload.part.length));
      part.set(bytes, index * 614_400);
      upload.part = part;
      upload.present.add(index);
    },
    present: async (guid: string) => [...(chunkData.get(guid)?.present ?? [])].sort((a, b) => a - b),
    open: (guid: string) => {
      if (failRead) {
        failRead = false;
        return new Readable({ read() { this.destroy(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })); } });
      }
      const data = chunkData.get(guid)?.part;
      if (!data) return new Readable({ read() { this.destroy(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })); } });
      return Readable.from([data.subarray(0, 1000), data.subarray(1000)]);
    },
    partPath: (guid: string) => guid,
    remove: async (guid: string) => void chunkData.delete(guid),
    uploadsOlderThan: async () => [],
  } as unknown as ChunkStore;

  const storage = {
    adopt: async (key: string, from: string) => {
      const part = chunkData.get(from)?.part;
      if (!part) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      objects.set(key, part);
    },
    open: () => Readable.from([]),
    stat: async (key: string) => (objects.has(key) ? { size: objects.get(key)!.length } : null),
    remove: async (key: string) => void objects.delete(key),
  } as unknown as FileStorage;

  const docFiles = {
    fileType: async (id: string) => (id === 'ft-process' ? { id, mc: '过程文件' } : null),
    defaultFileType: async () => ({ id: 'ft-internal', mc: '内部支撑文件' }),
    findById: async (id: string) => {
      const f = files.get(id);
      return f ? { ...f, uploaderName: 'x', createdAt: new Date() } : null;
    },
  } as unknown as DocFileRepository;

  /** The queue's jobs by id: their state, as the merge's check on read asks it (a job removed: absent). */
  const jobs = new Map<string, { state: 'waiting' | 'failed'; guid: string }>();
  const queue = {
    enqueue: async (_name: string, payload: { guid: string }, opts: { jobId: string }) => {
      enqueued.push(payload.guid);
      if (!jobs.has(opts.jobId)) jobs.set(opts.jobId, { state: 'waiting', guid: payload.guid });
      return { jobId: opts.jobId };
    },
    status: async (_name: string, jobId: string) => {
      const job = jobs.get(jobId);
      return job ? { id: jobId, name: 'merge-file', payload: { guid: job.guid }, state: job.state, attemptsMade: 3, failedReason: job.state === 'failed' ? 'connection terminated' : null, result: null, progress: null } : null;
    },
  } as unknown as JobQueue;
  const record = { record: (f: { id: string; fileName: string }) => ({ fileId: f.id, fileName: f.fileName }) } as unknown as FilesService;
  const config = loadConfig({ FILE_MAX_MB: String(options.maxMb ?? 1), CHUNK_TTL_HOURS: '24' });
  const disk = { read: async () => ({ freeBytes: options.freeBytes ?? 100 * 1024 ** 3, totalBytes: 200 * 1024 ** 3 }) } as DiskSpace;
  const service = new UploadService(config, uploads, chunks, storage, new FileTypeSniffer(), docFiles, record, queue, disk);

  /** Puts an upload's chunks in place as if they had arrived. */
  const upload = async (guid: string, content: Buffer, userId = 'u1') => {
    const total = Math.max(1, Math.ceil(content.length / 614_400));
    await uploads.claimSession(guid, userId, total, { openSince: new Date(0), refuse: () => null });
    chunkData.set(guid, { part: content, present: new Set(Array.from({ length: total }, (_, i) => i)) });
  };
  const leftovers = () => ({ objects: objects.size, chunkDirs: chunkData.size, sessions: sessions.size, files: files.size });
  return { service, upload, merges, files, objects, enqueued, jobs, leftovers, chunkData, sessions };
}

const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes - 9)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('UploadService: merge requests', () => {
  it('records the merge as waiting and queues it once under merge-<guid>-<file id>', async () => {
    const f = fakes();
    await f.upload('guid-0001', pdf(1000));
    await expect(f.service.requestMerge('u1', { guid: 'guid-0001', fileName: '报告.pdf', lxId: 'ft-process', bz: '备注' })).resolves.toEqual({ guid: 'guid-0001' });
    await f.service.requestMerge('u1', { guid: 'guid-0001', fileName: '报告.pdf' });
    expect(f.enqueued).toEqual(['guid-0001', 'guid-0001']);
    expect([...f.jobs.keys()]).toEqual([`merge-guid-0001-${f.merges.get('guid-0001')!.params.fileId!}`]);
    expect(f.merges.get('guid-0001')).toMatchObject({ state: 'waiting', params: { fileName: '报告.pdf', ext: 'pdf', lxId: 'ft-process', lxmc: '过程文件', bz: '备注' } });
  });

  it('picks 内部支撑文件 when no type is named, and keeps the extension of fName', async () => {
    const f = fakes();
    await f.upload('guid-0002', pdf(1000));
    await f.service.requestMerge('u1', { guid: 'guid-0002', fileName: 'scan.pdf', fName: '扫描件' });
    expect(f.merges.get('guid-0002')!.params).toMatchObject({ fileName: '扫描件.pdf', lxId: 'ft-internal', lxmc: '内部支撑文件' });
  });

  it.each([
    ['x.exe', '文件类型错误'],
    ['../x.pdf', '文件名不能包含 / \\ .. 或控制字符'],
    [`${'长'.repeat(101)}.pdf`, '文件名不能超过100个字符'],
  ])('refuses %s at once and leaves nothing behind', async (fileName, message) => {
    const f = fakes();
    await f.upload('guid-0003', pdf(1000));
    await expect(f.service.requestMerge('u1', { guid: 'guid-0003', fileName })).rejects.toMatchObject({ message });
    expect(f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
    expect(f.enqueued).toEqual([]);
  });

  it('answers 文件类型错误 with the allowed list in data', async () => {
    const f = fakes();
    await f.upload('guid-0004', pdf(1000));
    const error = await f.service.requestMerge('u1', { guid: 'guid-0004', fileName: 'a.bat' }).catch((e: unknown) => e as AppError);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).data).toMatchObject({ hint: '只能上传gif,jpg,jpeg,png,txt,doc,docx,wps,ppt,pptx,xls,xlsx,pdf,rar,zip的文件' });
  });

  it('keeps an incomplete upload so it can be resumed', async () => {
    const f = fakes();
    await f.upload('guid-0005', pdf(1_000_000));
    f.chunkData.get('guid-0005')!.present.delete(1);
    await expect(f.service.requestMerge('u1', { guid: 'guid-0005', fileName: 'a.pdf' })).rejects.toMatchObject({ message: '文件分片不完整（缺少 1 个分片），请补传后再合并' });
    expect(f.leftovers()).toMatchObject({ chunkDirs: 1, sessions: 1 });
  });

  it('lets only the uploader merge and see the merge', async () => {
    const f = fakes();
    await f.upload('guid-0006', pdf(1000));
    await expect(f.service.requestMerge('u2', { guid: 'guid-0006', fileName: 'a.pdf' })).rejects.toMatchObject({ kind: 'NO_PERMISSION' });
    await f.service.requestMerge('u1', { guid: 'guid-0006', fileName: 'a.pdf' });
    await expect(f.service.mergeStatus('u2', 'guid-0006')).rejects.toMatchObject({ kind: 'NO_PERMISSION' });
    await expect(f.service.mergeStatus('u1', 'guid-0006')).resolves.toEqual({ state: 'waiting' });
  });
});

describe('UploadService: the merge job', () => {
  const merged = async (content: Buffer, fileName: string, extra: Record<string, unknown> = {}) => {
    const f = fakes();
    await f.upload('guid-merge', content);
    await f.service.requestMerge('u1', { guid: 'guid-merge', fileName, ...extra });
    const outcome = await f.service.merge('guid-merge', false);
    return { f, outcome };
  };

  it('adopts the part file as one stored object under the key fixed at the request, with its SHA-256, and clears the upload', async () => {
    const content = pdf(1_000_000);
    const { f, outcome } = await merged(content, '报告.pdf', { sha256: sha(content), size: content.length });
    expect(outcome).toMatchObject({ state: 'done' });
    const [file] = [...f.files.values()];
    const fileId = f.merges.get('guid-merge')!.params.fileId!;
    expect(file).toMatchObject({ id: fileId, storageKey: `${fileId.slice(0, 2)}/${fileId.slice(2, 4)}/${fileId}` });
    expect(file).toMatchObject({ fileName: '报告.pdf', ext: 'pdf', size: content.length, sha256: sha(content), mime: 'application/pdf', uploaderId: 'u1' });
    expect(f.objects.get(file!.storageKey)!.equals(content)).toBe(true);
    expect(f.leftovers()).toEqual({ objects: 1, chunkDirs: 0, sessions: 0, files: 1 });
    await expect(f.service.mergeStatus('u1', 'guid-merge')).resolves.toMatchObject({ state: 'done', file: { fileId: file!.id } });
  });

  it('does nothing the second time', async () => {
    const { f } = await merged(pdf(5000), 'a.pdf');
    await expect(f.service.merge('guid-merge', false)).resolves.toEqual({ state: 'skipped', reason: 'already done' });
    expect(f.files.size).toBe(1);
  });

  it('clears an upload a run killed after recording the file left behind, when the merge runs again', async () => {
    const { f } = await merged(pdf(5000), 'a.pdf');
    // As if the run had died between completeMerge and clearing the upload.
    await f.upload('guid-merge', pdf(5000));
    await expect(f.service.merge('guid-merge', false)).resolves.toEqual({ state: 'skipped', reason: 'already done' });
    expect(f.leftovers()).toEqual({ objects: 1, chunkDirs: 0, sessions: 0, files: 1 });
  });

  it('makes one file of two runs at once', async () => {
    const f = fakes();
    await f.upload('guid-twice', pdf(700_000));
    await f.service.requestMerge('u1', { guid: 'guid-twice', fileName: 'a.pdf' });
    const outcomes = await Promise.all([f.service.merge('guid-twice', false), f.service.merge('guid-twice', false)]);
    expect(outcomes.map((o) => o.state).sort()).toEqual(['done', 'skipped']);
    expect(f.leftovers()).toEqual({ objects: 1, chunkDirs: 0, sessions: 0, files: 1 });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'a.pdf', '文件为空'],
    ['an executable named .pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000)]), 'setup.pdf', '文件类型错误'],
    ['random bytes named .png', randomBytes(4000), 'a.png', '文件类型错误'],
    ['binary named .txt', Buffer.from([0x61, 0, 0x62]), 'a.txt', '文件类型错误'],
    ['a file over FILE_MAX_MB', pdf(1024 * 1024 + 1), '大文件.pdf', '大文件.pdf文件大小超过1MB'],
  ])('refuses %s, records why, and leaves nothing behind', async (_what, content, fileName, message) => {
    const { f, outcome } = await merged(content, fileName, {});
    expect(outcome).toEqual({ state: 'failed', message });
    expect(f.merges.get('guid-merge')).toMatchObject({ state: 'failed', message });
    expect(f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
    await expect(f.service.mergeStatus('u1', 'guid-merge')).rejects.toMatchObject({ message });
  });

  it('refuses a file that does not hash to the declared SHA-256 or size', async () => {
    const content = pdf(10_000);
    const bad = await merged(content, 'a.pdf', { sha256: sha(Buffer.from('other')) });
    expect(bad.outcome).toEqual({ state: 'failed', message: '文件校验失败（SHA-256 不一致），文件在上传中损坏，请重新上传' });
    expect(bad.f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
    const short = await merged(content, 'a.pdf', { size: content.length + 1 });
    expect(short.outcome).toMatchObject({ state: 'failed', message: '文件大小与声明的不一致，请重新上传' });
  });

  it('throws a fault for a retry, keeping the chunks; fails it on the last try', async () => {
    const f = fakes({ failReadOnce: true });
    await f.upload('guid-fault', pdf(5000));
    await f.service.requestMerge('u1', { guid: 'guid-fault', fileName: 'a.pdf' });
    await expect(f.service.merge('guid-fault', false)).rejects.toThrow('EIO');
    expect(f.leftovers()).toMatchObject({ objects: 0, chunkDirs: 1, sessions: 1 });
    await expect(f.service.merge('guid-fault', false)).resolves.toMatchObject({ state: 'done' });

    const g = fakes({ failReadOnce: true });
    await g.upload('guid-fault', pdf(5000));
    await g.service.requestMerge('u1', { guid: 'guid-fault', fileName: 'a.pdf' });
    // The last try logs the fault as an error: expected here, so it is checked instead of printed.
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await expect(g.service.merge('guid-fault', true)).resolves.toEqual({ state: 'failed', message: '文件合并失败，请重新上传' });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('EIO'));
    } finally {
      logged.mockRestore();
    }
    expect(g.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
  });

  it('completes once after a fault between the adopt and the row: the retry adopts the same key again', async () => {
    const f = fakes({ failCompleteOnce: true });
    const content = pdf(700_000);
    await f.upload('guid-crash', content);
    await f.service.requestMerge('u1', { guid: 'guid-crash', fileName: 'a.pdf' });
    await expect(f.service.merge('guid-crash', false)).rejects.toThrow('connection terminated');
    expect(f.leftovers()).toEqual({ objects: 1, chunkDirs: 1, sessions: 1, files: 0 });
    await expect(f.service.merge('guid-crash', false)).resolves.toMatchObject({ state: 'done' });
    expect(f.leftovers()).toEqual({ objects: 1, chunkDirs: 0, sessions: 0, files: 1 });
    expect([...f.objects.values()][0]!.equals(content)).toBe(true);
  });

  it('removes a file adopted by a run whose merge then failed for good', async () => {
    const f = fakes({ failCompleteOnce: true });
    await f.upload('guid-last', pdf(5000));
    await f.service.requestMerge('u1', { guid: 'guid-last', fileName: 'a.pdf' });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await expect(f.service.merge('guid-last', true)).resolves.toEqual({ state: 'failed', message: '文件合并失败，请重新上传' });
    } finally {
      logged.mockRestore();
    }
    expect(f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
  });

  it('fails a merge whose job was lost, removing what a crashed run adopted', async () => {
    const f = fakes({ failCompleteOnce: true });
    await f.upload('guid-lost', pdf(5000));
    await f.service.requestMerge('u1', { guid: 'guid-lost', fileName: 'a.pdf' });
    await expect(f.service.merge('guid-lost', false)).rejects.toThrow('connection terminated');
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      expect((await f.service.cleanAbandoned(new Date(Date.now() + 25 * 3600_000))).merges).toBe(1);
    } finally {
      logged.mockRestore();
    }
    expect(f.merges.get('guid-lost')).toMatchObject({ state: 'failed', message: '文件合并超时，请重新上传' });
    expect(f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
  });
});

describe('UploadService: a merge whose job failed for good (issue 31 item 6)', () => {
  const quietly = async <T>(run: () => Promise<T>): Promise<T> => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      return await run();
    } finally {
      warned.mockRestore();
    }
  };

  it('fails through the job\'s failure hook: 文件合并失败，请重新上传, its chunks, part file and any adopted file gone', async () => {
    const f = fakes({ failCompleteOnce: true });
    await f.upload('guid-hook', pdf(5000));
    await f.service.requestMerge('u1', { guid: 'guid-hook', fileName: 'a.pdf' });
    // A run adopted the file and died before recording it (the worker killed, or the database away on every try).
    await expect(f.service.merge('guid-hook', false)).rejects.toThrow('connection terminated');
    expect(f.leftovers()).toEqual({ objects: 1, chunkDirs: 1, sessions: 1, files: 0 });
    await f.service.failForGood('guid-hook');
    expect(f.merges.get('guid-hook')).toMatchObject({ state: 'failed', message: '文件合并失败，请重新上传' });
    expect(f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
    await expect(f.service.mergeStatus('u1', 'guid-hook')).rejects.toMatchObject({ message: '文件合并失败，请重新上传' });
    // Idempotent, and a merge already done or refused is left as it is.
    await f.service.failForGood('guid-hook');
    expect(f.merges.get('guid-hook')).toMatchObject({ state: 'failed', message: '文件合并失败，请重新上传' });
  });

  it('fails on the next status read when the hook could not run (its job failed in the queue), and a second request does not queue it again', async () => {
    const f = fakes();
    await f.upload('guid-read', pdf(5000));
    await f.service.requestMerge('u1', { guid: 'guid-read', fileName: 'a.pdf' });
    await expect(f.service.mergeStatus('u1', 'guid-read')).resolves.toEqual({ state: 'waiting' });
    const [jobId] = [...f.jobs.keys()];
    f.jobs.get(jobId!)!.state = 'failed';
    await expect(quietly(() => f.service.mergeStatus('u1', 'guid-read'))).rejects.toMatchObject({ message: '文件合并失败，请重新上传' });
    expect(f.merges.get('guid-read')).toMatchObject({ state: 'failed' });
    expect(f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });

    const g = fakes();
    await g.upload('guid-read', pdf(5000));
    await g.service.requestMerge('u1', { guid: 'guid-read', fileName: 'a.pdf' });
    g.jobs.get([...g.jobs.keys()][0]!)!.state = 'failed';
    await quietly(() => g.service.requestMerge('u1', { guid: 'guid-read', fileName: 'a.pdf' }));
    expect(g.enqueued).toEqual(['guid-read']);
    expect(g.merges.get('guid-read')).toMatchObject({ state: 'failed', message: '文件合并失败，请重新上传' });
  });

  it('fails a merge whose job the queue lost, once it has waited longer than a job takes to be queued', async () => {
    const f = fakes();
    await f.upload('guid-gone', pdf(5000));
    await f.service.requestMerge('u1', { guid: 'guid-gone', fileName: 'a.pdf' });
    f.jobs.clear();
    // Just asked for: the job may still be on its way.
    await expect(f.service.mergeStatus('u1', 'guid-gone')).resolves.toEqual({ state: 'waiting' });
    f.merges.get('guid-gone')!.updatedAt = new Date(Date.now() - 3 * 60_000);
    await expect(quietly(() => f.service.mergeStatus('u1', 'guid-gone'))).rejects.toMatchObject({ message: '文件合并失败，请重新上传' });
    expect(f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
  });

  it('merges the upload sent again under the same guid, with a new job', async () => {
    const f = fakes();
    await f.upload('guid-again', pdf(5000));
    await f.service.requestMerge('u1', { guid: 'guid-again', fileName: 'a.pdf' });
    const [first] = [...f.jobs.keys()];
    f.jobs.get(first!)!.state = 'failed';
    await f.service.failForGood('guid-again');
    // Sent again: chunks are taken once more, and the merge asked for anew runs under a fresh job id.
    await f.service.receiveChunk('u1', { guid: 'guid-again', bytes: pdf(3000) });
    await f.service.requestMerge('u1', { guid: 'guid-again', fileName: 'b.pdf' });
    expect(f.merges.get('guid-again')).toMatchObject({ state: 'waiting', params: { fileName: 'b.pdf' } });
    const jobIds = [...f.jobs.keys()];
    expect(jobIds).toHaveLength(2);
    expect(jobIds[1]).not.toBe(first);
    await expect(f.service.merge('guid-again', false)).resolves.toMatchObject({ state: 'done' });
    await expect(f.service.mergeStatus('u1', 'guid-again')).resolves.toMatchObject({ state: 'done' });
  });
});

describe('UploadService: chunks', () => {
  it('refuses chunks of someone else\'s upload, and a different chunk count', async () => {
    const f = fakes();
    await f.service.receiveChunk('u1', { guid: 'guid-chunk', chunk: 0, chunks: 2, bytes: Buffer.alloc(614_400) });
    await expect(f.service.receiveChunk('u2', { guid: 'guid-chunk', chunk: 1, chunks: 2, bytes: Buffer.alloc(614_400) })).rejects.toMatchObject({ kind: 'NO_PERMISSION' });
    await expect(f.service.receiveChunk('u1', { guid: 'guid-chunk', chunk: 1, chunks: 3, bytes: Buffer.alloc(614_400) })).rejects.toMatchObject({ kind: 'VALIDATION' });
    await expect(f.service.receivedChunks('u2', 'guid-chunk')).rejects.toMatchObject({ kind: 'NO_PERMISSION' });
  });

  it('writes chunks arriving in any order, one twice, in place; every chunk but the last is 614400 bytes', async () => {
    const f = fakes();
    const content = pdf(614_400 + 5000);
    const part = (i: number) => content.subarray(i * 614_400, (i + 1) * 614_400);
    for (const i of [1, 0, 1]) await f.service.receiveChunk('u1', { guid: 'guid-order', chunk: i, chunks: 2, bytes: part(i) });
    await expect(f.service.receivedChunks('u1', 'guid-order')).resolves.toEqual({ guid: 'guid-order', chunks: 2, received: [0, 1] });
    expect(f.chunkData.get('guid-order')!.part.equals(content)).toBe(true);
    await expect(f.service.receiveChunk('u1', { guid: 'guid-order', chunk: 0, chunks: 2, bytes: Buffer.alloc(1000) }))
      .rejects.toMatchObject({ message: '分片大小应为614400字节（最后一个分片除外）' });
    expect(f.chunkData.get('guid-order')!.part.equals(content)).toBe(true);
  });

  it('refuses chunks once the merge was asked for', async () => {
    const f = fakes();
    await f.upload('guid-done', pdf(1000));
    await f.service.requestMerge('u1', { guid: 'guid-done', fileName: 'a.pdf' });
    await expect(f.service.receiveChunk('u1', { guid: 'guid-done', chunk: 0, chunks: 1, bytes: Buffer.alloc(614_400) })).rejects.toMatchObject({ message: '该文件已提交合并，不能再上传分片' });
    await expect(f.service.receiveChunk('u2', { guid: 'guid-done', chunk: 0, chunks: 1, bytes: Buffer.alloc(614_400) })).rejects.toMatchObject({ kind: 'NO_PERMISSION' });
  });
});

describe('UploadService: quota and disk space (issue 31)', () => {
  const chunk = (guid: string, chunks = 1) => ({ guid, chunk: 0, chunks, bytes: Buffer.alloc(chunks === 1 ? 1000 : 614_400) });

  it('refuses a person\'s 11th open upload with 429, not another person\'s; an expired one frees its slot', async () => {
    const f = fakes({ maxMb: 500 });
    for (let i = 0; i < 10; i++) await f.service.receiveChunk('u1', chunk(`guid-open-${i}`));
    const refused = await f.service.receiveChunk('u1', chunk('guid-open-10')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ kind: 'UPLOAD_QUOTA', status: 429, message: '同时上传的文件过多，请等待其他文件上传完成后再试' });
    expect(f.sessions.has('guid-open-10')).toBe(false);
    expect(f.chunkData.has('guid-open-10')).toBe(false);
    // chunks of the uploads already open go on
    await expect(f.service.receiveChunk('u1', chunk('guid-open-3'))).resolves.toMatchObject({ guid: 'guid-open-3' });
    await expect(f.service.receiveChunk('u2', chunk('guid-other'))).resolves.toMatchObject({ guid: 'guid-other' });
    // an expired upload no longer counts
    f.sessions.get('guid-open-0')!.updatedAt = new Date(Date.now() - 25 * 3600_000);
    await expect(f.service.receiveChunk('u1', chunk('guid-open-10'))).resolves.toMatchObject({ guid: 'guid-open-10' });
  });

  it('refuses an upload whose chunks would pass twice FILE_MAX_MB in flight', async () => {
    const f = fakes(); // FILE_MAX_MB 1: 2 chunks a file at most, 4 in flight
    await f.service.receiveChunk('u1', chunk('guid-big-1', 2));
    await f.service.receiveChunk('u1', chunk('guid-big-2', 2));
    await expect(f.service.receiveChunk('u1', chunk('guid-big-3'))).rejects.toMatchObject({ kind: 'UPLOAD_QUOTA', message: '正在上传的文件总大小超过2MB，请等待其他文件上传完成后再试' });
    expect(f.sessions.has('guid-big-3')).toBe(false);
  });

  it('refuses a chunk the disk has no room for with 507, removing the sender\'s upload but no one else\'s', async () => {
    const f = fakes({ freeBytes: 1024 ** 3 });
    await f.upload('guid-mine', pdf(614_400 * 2));
    await f.upload('guid-theirs', pdf(1000), 'u2');
    await expect(f.service.receiveChunk('u1', { guid: 'guid-mine', chunk: 1, chunks: 2, bytes: Buffer.alloc(614_400) }))
      .rejects.toMatchObject({ kind: 'INSUFFICIENT_STORAGE', status: 507, message: '磁盘空间不足，请联系管理员' });
    expect([f.sessions.has('guid-mine'), f.chunkData.has('guid-mine')]).toEqual([false, false]);
    await expect(f.service.receiveChunk('u1', chunk('guid-theirs'))).rejects.toMatchObject({ kind: 'INSUFFICIENT_STORAGE' });
    expect([f.sessions.has('guid-theirs'), f.chunkData.has('guid-theirs')]).toEqual([true, true]);
    await expect(f.service.receiveChunk('u1', chunk('guid-new'))).rejects.toMatchObject({ kind: 'INSUFFICIENT_STORAGE' });
    expect([f.sessions.has('guid-new'), f.chunkData.has('guid-new')]).toEqual([false, false]);
  });

  it('answers 磁盘空间不足 when the disk fills while a chunk is written, and removes that upload\'s partial file', async () => {
    for (const code of ['ENOSPC', 'EDQUOT']) {
      const f = fakes({ failWrite: code });
      await expect(f.service.receiveChunk('u1', chunk('guid-full'))).rejects.toMatchObject({ kind: 'INSUFFICIENT_STORAGE', message: '磁盘空间不足，请联系管理员' });
      expect(f.leftovers()).toEqual({ objects: 0, chunkDirs: 0, sessions: 0, files: 0 });
    }
    const f = fakes({ failWrite: 'EIO' });
    await expect(f.service.receiveChunk('u1', chunk('guid-eio'))).rejects.toMatchObject({ code: 'EIO' });
  });
});
