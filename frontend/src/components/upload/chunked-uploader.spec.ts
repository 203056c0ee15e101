import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { MergeRequest, UploadedFile } from '../../api/files';
import {
  CHUNK_SIZE,
  ChunkedUpload,
  MERGE_POLL_MS,
  PARALLEL_CHUNKS,
  START_DELAY_MS,
  UploadCancelled,
  UploadFailure,
  chunkRanges,
  newGuid,
  type UploadProgress,
  type UploadTransport,
} from './chunked-uploader';

const MB = 1024 * 1024;
const MERGED: UploadedFile = { fileId: 'f1', fileName: 'a.pdf', fileType: 'pdf', size: 5 * MB, lxId: 't1', lxmc: '内部支撑文件', url: '/api/docrepo/download?attachmentId=f1' };

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface SentChunk {
  guid: string;
  chunk: number;
  chunks: number;
  size: number;
}

/** A transport whose chunk calls answer when the test says so (or at once with `auto`). */
function fakeTransport(opts: { auto?: boolean; failChunks?: number[]; statuses?: Array<UploadedFile | null | Error>; received?: number[] } = {}) {
  const sent: SentChunk[] = [];
  const pending: Array<{ chunk: number; d: Deferred<unknown> }> = [];
  const merges: MergeRequest[] = [];
  const statuses = [...(opts.statuses ?? [MERGED])];
  let inFlight = 0;
  let maxInFlight = 0;
  const transport = {
    sendChunk: jest.fn(async (part: { guid: string; chunk: number; chunks: number; blob: Blob }) => {
      sent.push({ guid: part.guid, chunk: part.chunk, chunks: part.chunks, size: part.blob.size });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (opts.failChunks?.includes(part.chunk)) throw new Error(`chunk ${part.chunk} failed`);
        if (!opts.auto) {
          const d = deferred<unknown>();
          pending.push({ chunk: part.chunk, d });
          await d.promise;
        }
        return { guid: part.guid, chunk: part.chunk, chunks: part.chunks };
      } finally {
        inFlight--;
      }
    }),
    receivedChunks: jest.fn(async (guid: string) => ({ guid, chunks: 9, received: opts.received ?? [] })),
    merge: jest.fn(async (request: MergeRequest) => {
      merges.push(request);
      return { guid: request.guid };
    }),
    mergeStatus: jest.fn(async () => {
      const next = statuses.length > 1 ? statuses.shift()! : statuses[0];
      if (next instanceof Error) throw next;
      return next;
    }),
  } satisfies UploadTransport;
  return { transport, sent, pending, merges, maxInFlight: () => maxInFlight };
}

/** Lets every settled promise run its continuations. */
async function flush() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const fiveMb = () => new Blob([new Uint8Array(5 * MB)]);

describe('chunkRanges', () => {
  it('cuts a 5 MB file into 9 chunks of 614400 bytes, the last one smaller', () => {
    const ranges = chunkRanges(5 * MB);
    expect(ranges).toHaveLength(9);
    expect(ranges.slice(0, 8).every((r) => r.end - r.start === CHUNK_SIZE)).toBe(true);
    expect(ranges[8]).toEqual({ index: 8, start: 8 * CHUNK_SIZE, end: 5 * MB });
    expect(ranges[8].end - ranges[8].start).toBe(5 * MB - 8 * CHUNK_SIZE); // 327680
  });
  it('makes exactly one chunk of a file of one chunk size, and one empty chunk of an empty file', () => {
    expect(chunkRanges(CHUNK_SIZE)).toEqual([{ index: 0, start: 0, end: CHUNK_SIZE }]);
    expect(chunkRanges(CHUNK_SIZE + 1)).toHaveLength(2);
    expect(chunkRanges(0)).toEqual([{ index: 0, start: 0, end: 0 }]);
  });
});

describe('newGuid', () => {
  it('follows the server rule and differs every time', () => {
    const a = newGuid();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newGuid()).not.toBe(a);
  });
});

describe('ChunkedUpload', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits 1000 ms before the first chunk', async () => {
    const fake = fakeTransport({ auto: true });
    const upload = new ChunkedUpload({ file: fiveMb(), fileName: 'a.pdf', transport: fake.transport });
    void upload.start();
    await jest.advanceTimersByTimeAsync(START_DELAY_MS - 1);
    expect(fake.transport.sendChunk).not.toHaveBeenCalled();
    expect(upload.progress.phase).toBe('waiting');
    await jest.advanceTimersByTimeAsync(1);
    expect(fake.transport.sendChunk).toHaveBeenCalled();
  });

  it('sends every chunk with guid, index and total, at most 3 in flight, then merges and polls every 1000 ms', async () => {
    const fake = fakeTransport({ statuses: [null, null, MERGED] });
    const progress: UploadProgress[] = [];
    const upload = new ChunkedUpload({
      file: fiveMb(),
      fileName: 'a.pdf',
      merge: { fName: 'a.pdf', lxId: 't1', lxmc: '内部支撑文件', bz: '备注', yxqx: '2026-12-31' },
      transport: fake.transport,
      guid: 'guid-0001',
      onProgress: (p) => progress.push(p),
    });
    const done = upload.start();
    await jest.advanceTimersByTimeAsync(START_DELAY_MS);
    expect(fake.pending).toHaveLength(PARALLEL_CHUNKS);
    // answer one at a time: never more than three waiting
    while (fake.pending.length > 0) {
      expect(fake.pending.length).toBeLessThanOrEqual(PARALLEL_CHUNKS);
      fake.pending.shift()!.d.resolve(undefined);
      await flush();
    }
    expect(fake.maxInFlight()).toBe(PARALLEL_CHUNKS);
    expect(fake.sent.map((s) => s.chunk).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(fake.sent.every((s) => s.guid === 'guid-0001' && s.chunks === 9)).toBe(true);
    expect(fake.sent.find((s) => s.chunk === 8)?.size).toBe(5 * MB - 8 * CHUNK_SIZE);
    expect(fake.sent.find((s) => s.chunk === 0)?.size).toBe(CHUNK_SIZE);

    expect(fake.merges).toEqual([
      { guid: 'guid-0001', fileName: 'a.pdf', fName: 'a.pdf', lxId: 't1', lxmc: '内部支撑文件', bz: '备注', yxqx: '2026-12-31', size: 5 * MB, sha256: undefined },
    ]);
    // polling: the first status a second after the merge, then every second until done
    expect(fake.transport.mergeStatus).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(MERGE_POLL_MS);
    expect(fake.transport.mergeStatus).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(MERGE_POLL_MS);
    expect(fake.transport.mergeStatus).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(MERGE_POLL_MS);
    await expect(done).resolves.toEqual(MERGED);
    // stopped once done
    await jest.advanceTimersByTimeAsync(MERGE_POLL_MS * 5);
    expect(fake.transport.mergeStatus).toHaveBeenCalledTimes(3);

    expect(progress.map((p) => p.percent).filter((p, i, all) => all.indexOf(p) === i)).toEqual([0, 11, 22, 33, 44, 55, 66, 77, 88, 100]);
    expect(progress.at(-1)).toEqual({ phase: 'done', sent: 9, total: 9, percent: 100 });
  });

  it('sends the SHA-256 of the file with the merge when it has one', async () => {
    const fake = fakeTransport({ auto: true });
    const upload = new ChunkedUpload({ file: new Blob(['hello']), fileName: 'a.txt', transport: fake.transport, digest: async () => 'ab'.repeat(32) });
    const done = upload.start();
    await jest.advanceTimersByTimeAsync(START_DELAY_MS + MERGE_POLL_MS);
    await expect(done).resolves.toEqual(MERGED);
    expect(fake.merges[0]).toMatchObject({ fileName: 'a.txt', size: 5, sha256: 'ab'.repeat(32) });
  });

  it('stops polling when the merge is refused and says why', async () => {
    const fake = fakeTransport({ auto: true, statuses: [null, new Error('文件类型错误')] });
    const upload = new ChunkedUpload({ file: new Blob(['plain text']), fileName: 'a.pdf', transport: fake.transport });
    const done = upload.start();
    const failed = expect(done).rejects.toMatchObject({ name: 'UploadFailure', phase: 'status', message: '文件类型错误' });
    await jest.advanceTimersByTimeAsync(START_DELAY_MS + 2 * MERGE_POLL_MS);
    await failed;
    await jest.advanceTimersByTimeAsync(MERGE_POLL_MS * 5);
    expect(fake.transport.mergeStatus).toHaveBeenCalledTimes(2);
    expect(upload.progress.phase).toBe('failed');
  });

  it('does not retry a failed chunk, sends no more and does not merge', async () => {
    const fake = fakeTransport({ auto: true, failChunks: [1] });
    const upload = new ChunkedUpload({ file: fiveMb(), fileName: 'a.pdf', transport: fake.transport });
    const done = upload.start();
    const failed = expect(done).rejects.toBeInstanceOf(UploadFailure);
    await jest.advanceTimersByTimeAsync(START_DELAY_MS);
    await failed;
    await expect(done).rejects.toMatchObject({ phase: 'chunks', message: 'chunk 1 failed' });
    expect(fake.sent.filter((s) => s.chunk === 1)).toHaveLength(1);
    // the three first went out together; the failure stopped the rest
    expect(fake.sent.length).toBeLessThan(9);
    expect(fake.transport.merge).not.toHaveBeenCalled();
    expect(upload.progress.phase).toBe('failed');
  });

  it('resumes by asking which chunks arrived and sending only the missing ones', async () => {
    const fake = fakeTransport({ auto: true, failChunks: [4] });
    const upload = new ChunkedUpload({ file: fiveMb(), fileName: 'a.pdf', transport: fake.transport, guid: 'guid-resume' });
    const first = upload.start();
    const failed = expect(first).rejects.toBeInstanceOf(UploadFailure);
    await jest.advanceTimersByTimeAsync(START_DELAY_MS);
    await failed;

    // the server says 0, 1, 2, 3, 5 and 8 arrived (whatever this side believes)
    fake.transport.receivedChunks.mockImplementation(async (guid: string) => ({ guid, chunks: 9, received: [0, 1, 2, 3, 5, 8] }));
    fake.sent.length = 0;
    const failChunks: number[] = [];
    fake.transport.sendChunk.mockImplementation(async (part) => {
      fake.sent.push({ guid: part.guid, chunk: part.chunk, chunks: part.chunks, size: part.blob.size });
      if (failChunks.includes(part.chunk)) throw new Error('x');
      return { guid: part.guid, chunk: part.chunk, chunks: part.chunks };
    });
    const second = upload.resume();
    await flush();
    expect(fake.transport.receivedChunks).toHaveBeenCalledWith('guid-resume');
    // no start delay on resume
    expect(fake.sent.map((s) => s.chunk).sort()).toEqual([4, 6, 7]);
    await jest.advanceTimersByTimeAsync(MERGE_POLL_MS);
    await expect(second).resolves.toEqual(MERGED);
    expect(fake.transport.merge).toHaveBeenCalledTimes(1);
    expect(upload.progress).toEqual({ phase: 'done', sent: 9, total: 9, percent: 100 });
  });

  it('resumes a failed status poll by polling again, without another merge', async () => {
    const fake = fakeTransport({ auto: true, statuses: [new Error('网络异常，请检查网络后重试'), MERGED] });
    const upload = new ChunkedUpload({ file: new Blob(['x']), fileName: 'a.txt', transport: fake.transport });
    const first = upload.start();
    const failed = expect(first).rejects.toMatchObject({ phase: 'status' });
    await jest.advanceTimersByTimeAsync(START_DELAY_MS + MERGE_POLL_MS);
    await failed;
    const second = upload.resume();
    await jest.advanceTimersByTimeAsync(MERGE_POLL_MS);
    await expect(second).resolves.toEqual(MERGED);
    expect(fake.transport.merge).toHaveBeenCalledTimes(1);
    expect(fake.transport.receivedChunks).not.toHaveBeenCalled();
  });

  it('cancel during the start delay sends nothing', async () => {
    const fake = fakeTransport({ auto: true });
    const upload = new ChunkedUpload({ file: fiveMb(), fileName: 'a.pdf', transport: fake.transport });
    const done = upload.start();
    const cancelled = expect(done).rejects.toBeInstanceOf(UploadCancelled);
    await jest.advanceTimersByTimeAsync(500);
    upload.cancel();
    await cancelled;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fake.transport.sendChunk).not.toHaveBeenCalled();
    expect(upload.progress.phase).toBe('cancelled');
  });

  it('cancel while chunks are in flight sends no further chunk and never merges', async () => {
    const fake = fakeTransport();
    const upload = new ChunkedUpload({ file: fiveMb(), fileName: 'a.pdf', transport: fake.transport });
    const done = upload.start();
    const cancelled = expect(done).rejects.toBeInstanceOf(UploadCancelled);
    await jest.advanceTimersByTimeAsync(START_DELAY_MS);
    expect(fake.pending).toHaveLength(3);
    upload.cancel();
    for (const p of fake.pending.splice(0)) p.d.resolve(undefined);
    await cancelled;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(fake.transport.sendChunk).toHaveBeenCalledTimes(3);
    expect(fake.transport.merge).not.toHaveBeenCalled();
  });

  it('cancel while polling stops the polling', async () => {
    const fake = fakeTransport({ auto: true, statuses: [null] });
    const upload = new ChunkedUpload({ file: new Blob(['x']), fileName: 'a.txt', transport: fake.transport });
    const done = upload.start();
    const cancelled = expect(done).rejects.toBeInstanceOf(UploadCancelled);
    await jest.advanceTimersByTimeAsync(START_DELAY_MS + 2 * MERGE_POLL_MS);
    expect(fake.transport.mergeStatus).toHaveBeenCalledTimes(2);
    upload.cancel();
    await cancelled;
    await jest.advanceTimersByTimeAsync(10 * MERGE_POLL_MS);
    expect(fake.transport.mergeStatus).toHaveBeenCalledTimes(2);
  });
});
