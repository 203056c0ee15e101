// The chunked upload of spec 001 §4 and §9, without React: wait 1000 ms, send 614400-byte chunks three at
// a time (no automatic retry), ask for the merge, then poll the merge status every 1000 ms until the file is
// there or refused. A failed chunk leaves the upload resumable: resume() asks which chunks arrived and sends
// only the others.
import { CHUNK_SIZE } from '@zhengai/contracts';
import type { MergeRequest, UploadedFile } from '../../api/files';

export { CHUNK_SIZE };
/** Chunks in flight at once (001 §9: 3 upload threads). */
export const PARALLEL_CHUNKS = 3;
/** Pause before the first chunk (001 §9). */
export const START_DELAY_MS = 1000;
/** Merge status poll interval (001 §9). */
export const MERGE_POLL_MS = 1000;

export interface ChunkRange {
  index: number;
  start: number;
  /** exclusive */
  end: number;
}

/** The chunks of a file of `size` bytes; an empty file is one empty chunk (the server then says 文件为空). */
export function chunkRanges(size: number, chunkSize: number = CHUNK_SIZE): ChunkRange[] {
  const count = Math.max(1, Math.ceil(size / chunkSize));
  return Array.from({ length: count }, (_v, index) => ({ index, start: index * chunkSize, end: Math.min(size, (index + 1) * chunkSize) }));
}

/** 8–64 of A-Z a-z 0-9 _ - (the server's rule); getRandomValues also works outside secure contexts. */
export function newGuid(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `u${Date.now().toString(36)}${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The calls an upload makes; the app passes the api/files functions, the tests fakes. */
export interface UploadTransport {
  sendChunk(part: { guid: string; chunk: number; chunks: number; blob: Blob }): Promise<unknown>;
  receivedChunks(guid: string): Promise<{ chunks: number; received: number[] }>;
  merge(request: MergeRequest): Promise<unknown>;
  /** null while the merge runs; the file when done; rejects when the merge was refused */
  mergeStatus(guid: string): Promise<UploadedFile | null>;
}

export type UploadPhase = 'waiting' | 'uploading' | 'merging' | 'done' | 'failed' | 'cancelled';

export interface UploadProgress {
  phase: UploadPhase;
  /** chunks the server has */
  sent: number;
  total: number;
  /** whole percent of the chunks sent */
  percent: number;
}

/** Where an upload stopped, and why (the request's error). */
export class UploadFailure extends Error {
  constructor(
    readonly phase: 'chunks' | 'merge' | 'status',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'UploadFailure';
  }
}

export class UploadCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'UploadCancelled';
  }
}

export interface ChunkedUploadOptions {
  file: Blob;
  /** the name the chunks carry and the merge's fileName */
  fileName: string;
  /** the rest of the merge query (fName, lxId, lxmc, bz, yxqx) */
  merge?: Omit<MergeRequest, 'guid' | 'fileName' | 'size' | 'sha256'>;
  transport: UploadTransport;
  guid?: string;
  onProgress?(progress: UploadProgress): void;
  /** SHA-256 (hex) of the file, sent with the merge so the server can check the result; null to skip */
  digest?(file: Blob): Promise<string | null>;
  chunkSize?: number;
  parallel?: number;
  startDelayMs?: number;
  pollIntervalMs?: number;
}

interface Sleeper {
  timer: ReturnType<typeof setTimeout>;
  cancel(): void;
}

/** One file's upload: start() once, resume() after a failure, cancel() at any time. */
export class ChunkedUpload {
  readonly guid: string;
  readonly ranges: ChunkRange[];
  private readonly sent = new Set<number>();
  private readonly sleepers = new Set<Sleeper>();
  private phase: UploadPhase = 'waiting';
  private started = false;
  private running = false;
  private cancelled = false;
  private mergeRequested = false;
  private hash: Promise<string | null> | null = null;

  constructor(private readonly options: ChunkedUploadOptions) {
    this.guid = options.guid ?? newGuid();
    this.ranges = chunkRanges(options.file.size, options.chunkSize ?? CHUNK_SIZE);
  }

  get progress(): UploadProgress {
    const total = this.ranges.length;
    return { phase: this.phase, sent: this.sent.size, total, percent: Math.floor((this.sent.size / total) * 100) };
  }

  /** Waits the start delay, sends every chunk, merges and polls; resolves with the merged file. */
  start(): Promise<UploadedFile> {
    if (this.started) return Promise.reject(new Error('upload already started'));
    this.started = true;
    const { digest, file } = this.options;
    this.hash = digest ? digest(file).catch(() => null) : Promise.resolve(null);
    return this.run(async () => {
      this.report('waiting');
      await this.sleep(this.options.startDelayMs ?? START_DELAY_MS);
      await this.sendChunks(this.ranges.map((r) => r.index));
      return this.mergeAndPoll();
    });
  }

  /**
   * After a failure: asks the server which chunks arrived and sends only the missing ones, then merges
   * and polls; when the merge was already asked for, only polls again.
   */
  resume(): Promise<UploadedFile> {
    if (!this.started) return this.start();
    if (this.running) return Promise.reject(new Error('upload is running'));
    if (this.phase === 'done') return Promise.reject(new Error('upload is done'));
    return this.run(async () => {
      if (!this.mergeRequested) {
        this.report('uploading');
        let known: { chunks: number; received: number[] };
        try {
          known = await this.options.transport.receivedChunks(this.guid);
        } catch (error) {
          throw new UploadFailure('chunks', error);
        }
        this.checkCancelled();
        // chunks 0: the server does not know the upload (nothing arrived, or it expired): everything again
        this.sent.clear();
        if (known.chunks === this.ranges.length) for (const index of known.received) if (index >= 0 && index < this.ranges.length) this.sent.add(index);
        this.report('uploading');
        await this.sendChunks(this.ranges.map((r) => r.index).filter((index) => !this.sent.has(index)));
      }
      return this.mergeAndPoll();
    });
  }

  /** Stops at once: no further chunk, merge or status call; a call under way is ignored when it answers. */
  cancel(): void {
    if (this.cancelled || this.phase === 'done') return;
    this.cancelled = true;
    for (const sleeper of [...this.sleepers]) sleeper.cancel();
    this.report('cancelled');
  }

  private async run(work: () => Promise<UploadedFile>): Promise<UploadedFile> {
    this.checkCancelled();
    this.running = true;
    try {
      const file = await work();
      this.report('done');
      return file;
    } catch (error) {
      if (this.cancelled) throw new UploadCancelled();
      if (!(error instanceof UploadCancelled)) this.report('failed');
      throw error;
    } finally {
      this.running = false;
    }
  }

  private async mergeAndPoll(): Promise<UploadedFile> {
    if (!this.mergeRequested) {
      this.report('merging');
      const sha256 = (await this.hash) ?? undefined;
      this.checkCancelled();
      try {
        await this.options.transport.merge({ ...this.options.merge, guid: this.guid, fileName: this.options.fileName, size: this.options.file.size, sha256 });
      } catch (error) {
        throw new UploadFailure('merge', error);
      }
      this.mergeRequested = true;
    }
    this.report('merging');
    for (;;) {
      await this.sleep(this.options.pollIntervalMs ?? MERGE_POLL_MS);
      let status: UploadedFile | null;
      try {
        status = await this.options.transport.mergeStatus(this.guid);
      } catch (error) {
        throw new UploadFailure('status', error);
      }
      this.checkCancelled();
      if (status) return status;
    }
  }

  /** Sends the chunks with at most `parallel` in flight; the first failure stops the rest (no retry). */
  private async sendChunks(indexes: number[]): Promise<void> {
    const queue = [...indexes];
    const total = this.ranges.length;
    let failure: { error: unknown } | null = null;
    const worker = async () => {
      while (queue.length > 0 && !failure && !this.cancelled) {
        const range = this.ranges[queue.shift()!];
        try {
          await this.options.transport.sendChunk({ guid: this.guid, chunk: range.index, chunks: total, blob: this.options.file.slice(range.start, range.end) });
        } catch (error) {
          failure ??= { error };
          return;
        }
        if (this.cancelled) return;
        this.sent.add(range.index);
        this.report('uploading');
      }
    };
    this.report('uploading');
    await Promise.all(Array.from({ length: Math.min(this.options.parallel ?? PARALLEL_CHUNKS, queue.length) }, worker));
    this.checkCancelled();
    if (failure) throw new UploadFailure('chunks', (failure as { error: unknown }).error);
  }

  private sleep(ms: number): Promise<void> {
    this.checkCancelled();
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = {
        timer: setTimeout(() => {
          this.sleepers.delete(sleeper);
          resolve();
        }, ms),
        cancel: () => {
          clearTimeout(sleeper.timer);
          this.sleepers.delete(sleeper);
          reject(new UploadCancelled());
        },
      };
      this.sleepers.add(sleeper);
    });
  }

  private checkCancelled(): void {
    if (this.cancelled) throw new UploadCancelled();
  }

  private report(phase: UploadPhase): void {
    if (this.cancelled && phase !== 'cancelled') return;
    this.phase = phase;
    this.options.onProgress?.(this.progress);
  }
}
