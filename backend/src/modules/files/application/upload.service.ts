import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { JobQueue } from '../../../infrastructure/queue/job-queue.port.js';
import { FileStorage, storageKeyFor } from '../../../infrastructure/storage/file-storage.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import {
  checkChunkNumbers, checkFileName, contentMatches, FileMessages, GUID_PATTERN, HEAD_BYTES, maxBytes, mimeOf, missingChunks,
  renameKeepingExtension, SHA256_PATTERN,
} from '../domain/file-rules.js';
import { FilesService, type FileRecord } from './files.service.js';
import { ChunkStore } from './ports/chunk-store.port.js';
import { ContentSniffer } from './ports/content-sniffer.port.js';
import { DocFileRepository } from './ports/doc-file-repository.port.js';
import { UploadRepository, type MergeParams } from './ports/upload-repository.port.js';

export interface ChunkInput {
  guid: unknown;
  chunk: unknown;
  chunks: unknown;
  /** Where the HTTP layer wrote the chunk; null when the request carried none. */
  tempPath: string | null;
}

export interface MergeInput {
  guid: unknown;
  fileName: unknown;
  fName?: unknown;
  lxId?: unknown;
  lxmc?: unknown;
  bz?: unknown;
  yxqx?: unknown;
  sha256?: unknown;
  size?: unknown;
}

export type MergeStatus = { state: 'waiting' } | { state: 'done'; file: FileRecord };
export type MergeOutcome = { state: 'done'; fileId: string } | { state: 'failed'; message: string } | { state: 'skipped'; reason: string };

/** A merge that must not happen, for a reason a retry would not change; recorded as the merge's message. */
class MergeRefused extends Error {}

const BZ_MAX = 500;
const YXQX_MAX = 40;
const CLEAN_BATCH = 1000;
const KEEP_FINISHED_MERGES_MS = 30 * 24 * 3600_000;

/** The chunked upload of 001 §4 and §7: chunks, resume, merge request, merge job, status, clean-up. */
@Injectable()
export class UploadService {
  private readonly logger = new Logger('Uploads');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadRepository,
    private readonly chunks: ChunkStore,
    private readonly storage: FileStorage,
    private readonly sniffer: ContentSniffer,
    private readonly files: DocFileRepository,
    private readonly fileService: FilesService,
    private readonly queue: JobQueue,
  ) {}

  private guidOf(value: unknown): string {
    if (typeof value !== 'string' || !GUID_PATTERN.test(value)) throw new AppError('VALIDATION', 'guid 不正确（8 到 64 个字母、数字、_ 或 -）');
    return value;
  }

  /** One chunk: the upload is the first sender's; a chunk sent again replaces itself. */
  async receiveChunk(userId: string, input: ChunkInput): Promise<{ guid: string; chunk: number; chunks: number }> {
    const guid = this.guidOf(input.guid);
    const numbers = checkChunkNumbers(input.chunk, input.chunks, this.config.fileMaxMb);
    if (!numbers.ok) throw new AppError('VALIDATION', numbers.message);
    if (!input.tempPath) throw new AppError('VALIDATION', '请选择要上传的分片（字段 file）');
    const { session, mergeUserId } = await this.uploads.claimSession(guid, userId, numbers.chunks);
    if (mergeUserId !== null) {
      if (mergeUserId !== userId) throw new AppError('NO_PERMISSION');
      throw new AppError('VALIDATION', '该文件已提交合并，不能再上传分片');
    }
    if (!session) throw new Error(`upload ${guid} vanished while claimed`);
    if (session.userId !== userId) throw new AppError('NO_PERMISSION');
    if (session.totalChunks !== numbers.chunks) throw new AppError('VALIDATION', `分片总数与之前的分片不一致（应为 ${session.totalChunks}）`);
    await this.chunks.save(guid, numbers.chunk, input.tempPath);
    return { guid, chunk: numbers.chunk, chunks: numbers.chunks };
  }

  /** What a client needs to resume: how many chunks the upload has and which arrived. */
  async receivedChunks(userId: string, guidValue: unknown): Promise<{ guid: string; chunks: number; received: number[] }> {
    const guid = this.guidOf(guidValue);
    const session = await this.uploads.findSession(guid);
    if (!session) return { guid, chunks: 0, received: [] };
    if (session.userId !== userId) throw new AppError('NO_PERMISSION');
    return { guid, chunks: session.totalChunks, received: await this.chunks.present(guid) };
  }

  /**
   * Checks what can be checked at once (name, type, remark, declared size and hash, every chunk present),
   * records the merge as waiting and hands it to the merge-file job. A refusal leaves nothing behind.
   */
  async requestMerge(userId: string, input: MergeInput): Promise<{ guid: string }> {
    const guid = this.guidOf(input.guid);
    const existing = await this.uploads.findMerge(guid);
    if (existing) {
      if (existing.userId !== userId) throw new AppError('NO_PERMISSION');
      // Asked again (a retried request): the same merge, the same job id.
      if (existing.state === 'waiting') await this.enqueueMerge(guid);
      return { guid };
    }
    const session = await this.uploads.findSession(guid);
    if (!session) throw new AppError('NOT_FOUND', '上传不存在或已过期，请重新上传');
    if (session.userId !== userId) throw new AppError('NO_PERMISSION');
    let params: MergeParams;
    try {
      params = await this.mergeParams(input, session.totalChunks);
    } catch (error) {
      await this.discardUpload(guid);
      throw error;
    }
    const missing = missingChunks(session.totalChunks, await this.chunks.present(guid));
    // Not a refusal: the upload can still be completed (resumed) and merged.
    if (missing.length > 0) throw new AppError('VALIDATION', `文件分片不完整（缺少 ${missing.length} 个分片），请补传后再合并`, { missing: missing.slice(0, 100) });
    if (await this.uploads.createMerge(guid, userId, params)) {
      try {
        await this.enqueueMerge(guid);
      } catch (error) {
        await this.uploads.deleteMerge(guid);
        this.logger.warn(`merge ${guid} not queued: ${error instanceof Error ? error.message : String(error)}`);
        throw new AppError('QUEUE_UNAVAILABLE');
      }
    }
    return { guid };
  }

  private enqueueMerge(guid: string): Promise<{ jobId: string }> {
    return this.queue.enqueue('merge-file', { guid }, { jobId: `merge-${guid}` });
  }

  private async mergeParams(input: MergeInput, totalChunks: number): Promise<MergeParams> {
    const original = checkFileName(input.fileName);
    if (!original.ok) throw new AppError('VALIDATION', original.message, original.data);
    const shown = isBlank(input.fName) ? original : renameKeepingExtension(input.fName, original.ext);
    if (!shown.ok) throw new AppError('VALIDATION', shown.message, shown.data);
    const bz = optionalText(input.bz, BZ_MAX, `备注不能超过${BZ_MAX}个字符`);
    const yxqx = optionalText(input.yxqx, YXQX_MAX, `有效期不能超过${YXQX_MAX}个字符`);
    const type = isBlank(input.lxId) ? await this.files.defaultFileType() : await this.files.fileType(String(input.lxId));
    if (!isBlank(input.lxId) && !type) throw new AppError('VALIDATION', '文件分类不存在');
    let sha256: string | null = null;
    if (!isBlank(input.sha256)) {
      if (typeof input.sha256 !== 'string' || !SHA256_PATTERN.test(input.sha256)) throw new AppError('VALIDATION', 'sha256 应为 64 位十六进制');
      sha256 = input.sha256.toLowerCase();
    }
    let size: number | null = null;
    if (!isBlank(input.size)) {
      size = Number(input.size);
      if (!Number.isSafeInteger(size) || size < 0) throw new AppError('VALIDATION', 'size 应为文件的字节数');
      if (size === 0) throw new AppError('VALIDATION', FileMessages.empty);
      if (size > maxBytes(this.config.fileMaxMb)) throw new AppError('VALIDATION', FileMessages.tooLarge(original.name, this.config.fileMaxMb));
    }
    return { fileName: shown.name, ext: original.ext, lxId: type?.id ?? null, lxmc: type?.mc ?? null, bz, yxqx, sha256, size, totalChunks };
  }

  /** Only the uploader sees their merge. Failed: the reason, as an error. */
  async mergeStatus(userId: string, guidValue: unknown): Promise<MergeStatus> {
    const guid = this.guidOf(guidValue);
    const merge = await this.uploads.findMerge(guid);
    if (!merge) throw new AppError('NOT_FOUND', '合并任务不存在');
    if (merge.userId !== userId) throw new AppError('NO_PERMISSION');
    if (merge.state === 'waiting') return { state: 'waiting' };
    if (merge.state === 'failed') throw new AppError('VALIDATION', merge.message ?? FileMessages.mergeFailed);
    const file = merge.fileId ? await this.files.findById(merge.fileId) : null;
    if (!file) throw new AppError('NOT_FOUND', '文件已被删除');
    return { state: 'done', file: this.fileService.record(file) };
  }

  /**
   * The merge-file job: safe to run twice and concurrently (only a waiting merge is worked, and only one run can
   * move it to done). Streams the chunks in order into storage while hashing and counting, never holding the file.
   * A refusal is recorded and final; a fault is thrown for a retry, and recorded as failed on the last try.
   */
  async merge(guid: string, lastAttempt: boolean): Promise<MergeOutcome> {
    const merge = await this.uploads.findMerge(guid);
    if (!merge || merge.state !== 'waiting') return { state: 'skipped', reason: merge ? `already ${merge.state}` : 'no such merge' };
    const { params } = merge;
    const fileId = randomUUID();
    const key = storageKeyFor(randomUUID());
    try {
      const missing = missingChunks(params.totalChunks, await this.chunks.present(guid));
      if (missing.length > 0) throw new MergeRefused(FileMessages.incomplete);
      const meter = { bytes: 0, hash: createHash('sha256'), limit: maxBytes(this.config.fileMaxMb), tooLarge: FileMessages.tooLarge(params.fileName, this.config.fileMaxMb) };
      const source = this.chunkBytes(guid, params.totalChunks, meter)[Symbol.asyncIterator]();
      const head = await readHead(source, HEAD_BYTES);
      try {
        if (head.bytes.length === 0) throw new MergeRefused(FileMessages.empty);
        if (!contentMatches(params.ext, await this.sniffer.detect(head.bytes), head.bytes)) throw new MergeRefused(FileMessages.wrongType);
      } catch (error) {
        await source.return(undefined);
        throw error;
      }
      const { size } = await this.storage.put(key, Readable.from(continueAfter(head.bytes, head.ended ? null : source), { objectMode: false }));
      const sha256 = meter.hash.digest('hex');
      if (params.size !== null && params.size !== size) throw new MergeRefused(FileMessages.sizeMismatch);
      if (params.sha256 !== null && params.sha256 !== sha256) throw new MergeRefused(FileMessages.checksum);
      const completed = await this.uploads.completeMerge(guid, {
        id: fileId, storageKey: key, fileName: params.fileName, ext: params.ext, size, sha256, mime: mimeOf(params.ext),
        lxId: params.lxId, lxmc: params.lxmc, bz: params.bz, yxqx: params.yxqx, uploaderId: merge.userId,
      });
      if (!completed) {
        await this.storage.remove(key);
        return { state: 'skipped', reason: 'merged by another run' };
      }
      await this.discardUpload(guid);
      return { state: 'done', fileId };
    } catch (error) {
      await this.storage.remove(key).catch(() => undefined);
      if (error instanceof MergeRefused) return this.refuse(guid, error.message);
      const now = await this.uploads.findMerge(guid);
      if (now?.state !== 'waiting') return { state: 'skipped', reason: `finished by another run (${now?.state ?? 'gone'})` };
      if (lastAttempt) {
        this.logger.error(`merge ${guid} failed on its last try: ${error instanceof Error ? error.message : String(error)}`);
        return this.refuse(guid, FileMessages.mergeFailed);
      }
      throw error;
    }
  }

  private async refuse(guid: string, message: string): Promise<MergeOutcome> {
    // The chunks and the session go before the state says failed: whoever reads "failed" finds nothing of the upload left.
    await this.chunks.remove(guid);
    await this.uploads.deleteSession(guid);
    await this.uploads.failMerge(guid, message);
    return { state: 'failed', message };
  }

  private async discardUpload(guid: string): Promise<void> {
    await this.chunks.remove(guid);
    await this.uploads.deleteSession(guid);
  }

  /** Every byte of chunks 0..total-1 in order, counted and hashed; stops as soon as the size passes the limit. */
  private async *chunkBytes(guid: string, total: number, meter: { bytes: number; hash: Hash; limit: number; tooLarge: string }): AsyncGenerator<Buffer> {
    for (let i = 0; i < total; i++) {
      for await (const piece of this.chunks.open(guid, i) as AsyncIterable<Buffer>) {
        meter.bytes += piece.length;
        if (meter.bytes > meter.limit) throw new MergeRefused(meter.tooLarge);
        meter.hash.update(piece);
        yield piece;
      }
    }
  }

  /**
   * The hourly clean-up: uploads never merged within CHUNK_TTL_HOURS lose their chunks and rows; merges whose job
   * was lost fail; chunk directories without a row and half-written arrivals go too.
   */
  async cleanAbandoned(now = new Date()): Promise<{ uploads: number; merges: number; orphans: number }> {
    const cutoff = new Date(now.getTime() - this.config.chunkTtlHours * 3600_000);
    let merges = 0;
    for (const guid of await this.uploads.staleWaitingMerges(cutoff, CLEAN_BATCH)) {
      if (await this.uploads.failMerge(guid, FileMessages.mergeExpired)) merges += 1;
      await this.discardUpload(guid);
    }
    let uploads = 0;
    for (const guid of await this.uploads.staleSessions(cutoff, CLEAN_BATCH)) {
      await this.discardUpload(guid);
      uploads += 1;
    }
    let orphans = 0;
    for (const guid of await this.chunks.uploadsOlderThan(cutoff)) {
      const session = await this.uploads.findSession(guid);
      const merge = await this.uploads.findMerge(guid);
      if ((session && session.updatedAt >= cutoff) || merge?.state === 'waiting') continue;
      await this.chunks.remove(guid);
      orphans += 1;
    }
    await this.chunks.discardIncoming(cutoff);
    await this.uploads.purgeFinishedMerges(new Date(now.getTime() - KEEP_FINISHED_MERGES_MS));
    if (uploads + merges + orphans > 0) this.logger.log(`removed ${uploads} abandoned upload(s), ${merges} lost merge(s), ${orphans} orphan chunk dir(s)`);
    return { uploads, merges, orphans };
  }
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function optionalText(value: unknown, max: number, tooLong: string): string | null {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  if ([...text].length > max) throw new AppError('VALIDATION', tooLong);
  return text;
}

/** Reads from the source until `bytes` are in hand or it ends. */
async function readHead(source: AsyncIterator<Buffer>, bytes: number): Promise<{ bytes: Buffer; ended: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await source.next();
    if (next.done) return { bytes: Buffer.concat(parts), ended: true };
    parts.push(next.value);
    length += next.value.length;
  }
  return { bytes: Buffer.concat(parts), ended: false };
}

/** The head already read, then the rest of the source; closes the source however the reader stops. */
async function* continueAfter(head: Buffer, rest: AsyncIterator<Buffer> | null): AsyncGenerator<Buffer> {
  try {
    if (head.length > 0) yield head;
    if (!rest) return;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await rest?.return?.();
  }
}
