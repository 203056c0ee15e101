import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MergeRequest } from '@zhengai/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { JobQueue } from '../../../infrastructure/queue/job-queue.port.js';
import { FileStorage, storageKeyFor } from '../../../infrastructure/storage/file-storage.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import {
  checkChunkNumbers, checkChunkSize, checkFileName, contentMatches, FileMessages, hasRoom, HEAD_BYTES, maxBytes, mimeOf, missingChunks, quotaRefusal,
  renameKeepingExtension,
} from '../domain/file-rules.js';
import { FilesService, type FileRecord } from './files.service.js';
import { ChunkStore } from './ports/chunk-store.port.js';
import { ContentSniffer } from './ports/content-sniffer.port.js';
import { DiskSpace } from './ports/disk-space.port.js';
import { DocFileRepository } from './ports/doc-file-repository.port.js';
import { UploadRepository, type MergeParams, type UploadMerge } from './ports/upload-repository.port.js';

/** A chunk as the HTTP layer read it (the contract's ChunkForm): numbers absent for a file smaller than a chunk. */
export interface ChunkInput {
  guid: string;
  chunk?: number;
  chunks?: number;
  /** The chunk's bytes as parsed by the HTTP layer; null when the request carried none. */
  bytes: Uint8Array | null;
}

/** The merge request as the contract's MergeRequest reads it: types, lengths, the hash's form; the rest is checked here. */
export type MergeInput = Pick<MergeRequest, 'guid' | 'fileName' | 'fName' | 'lxId' | 'bz' | 'yxqx' | 'sha256' | 'size'>;

export type MergeStatus = { state: 'waiting' } | { state: 'done'; file: FileRecord };
export type MergeOutcome = { state: 'done'; fileId: string } | { state: 'failed'; message: string } | { state: 'skipped'; reason: string };

/** A merge that must not happen, for a reason a retry would not change; recorded as the merge's message. */
class MergeRefused extends Error {}

const CLEAN_BATCH = 1000;
/**
 * A merge waiting this long whose job the queue no longer knows was lost (Redis restarted empty, the request died
 * between recording the merge and queueing it): the row and its job are made in one request, a second apart.
 */
export const MERGE_LOST_AFTER_MS = 2 * 60_000;

/** The merge's job id: a fresh one for each merge asked for (BullMQ keeps a failed job's id 30 days and would not run it again). */
export const mergeJobId = (guid: string, params: Pick<MergeParams, 'fileId'>): string => (params.fileId ? `merge-${guid}-${params.fileId}` : `merge-${guid}`);
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
    private readonly disk: DiskSpace,
  ) {}

  /**
   * One chunk, written in place: the upload is the first sender's; a chunk sent again replaces itself. A new upload
   * counts against its sender's quota (file-rules `uploadQuota`: 429 beyond it); a chunk the files' disk has no room
   * for (its reserve, FILES_MIN_FREE_MB) or that runs out of space while written is refused (507 磁盘空间不足) and the
   * sender's upload removed, so nothing of it is left behind.
   */
  async receiveChunk(userId: string, input: ChunkInput): Promise<{ guid: string; chunk: number; chunks: number }> {
    const { guid } = input;
    const numbers = checkChunkNumbers(input.chunk, input.chunks, this.config.fileMaxMb);
    if (!numbers.ok) throw new AppError('VALIDATION', numbers.message);
    if (!input.bytes) throw new AppError('VALIDATION', '请选择要上传的分片（字段 file）');
    const wrongSize = checkChunkSize(numbers.chunk, numbers.chunks, input.bytes.length);
    if (wrongSize) throw new AppError('VALIDATION', wrongSize);
    if (!hasRoom(await this.disk.read(), input.bytes.length, this.config.filesMinFreeMb)) return this.diskFull(userId, guid, 'below its reserve');
    const openSince = new Date(Date.now() - this.config.chunkTtlHours * 3600_000);
    const { session, mergeUserId, refusal } = await this.uploads.claimSession(guid, userId, numbers.chunks, {
      openSince,
      refuse: (open) => quotaRefusal(open, numbers.chunks, this.config.fileMaxMb),
    });
    if (refusal) throw new AppError('UPLOAD_QUOTA', refusal);
    if (mergeUserId !== null) {
      if (mergeUserId !== userId) throw new AppError('NO_PERMISSION');
      throw new AppError('VALIDATION', '该文件已提交合并，不能再上传分片');
    }
    if (!session) throw new Error(`upload ${guid} vanished while claimed`);
    if (session.userId !== userId) throw new AppError('NO_PERMISSION');
    if (session.totalChunks !== numbers.chunks) throw new AppError('VALIDATION', `分片总数与之前的分片不一致（应为 ${session.totalChunks}）`);
    try {
      await this.chunks.write(guid, numbers.chunk, numbers.chunks, input.bytes);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOSPC' || code === 'EDQUOT') return this.diskFull(userId, guid, code);
      throw error;
    }
    return { guid, chunk: numbers.chunk, chunks: numbers.chunks };
  }

  /**
   * The refusal of a chunk for want of disk space: the sender's upload (its part file and session) goes with it, unless
   * its merge was asked for (the merge owns it then); another person's upload is not touched.
   */
  private async diskFull(userId: string, guid: string, why: string): Promise<never> {
    this.logger.warn(`upload ${guid}: chunk refused, the files' disk is full (${why})`);
    const session = await this.uploads.findSession(guid);
    if (session?.userId === userId && !(await this.uploads.findMerge(guid))) await this.discardUpload(guid);
    throw new AppError('INSUFFICIENT_STORAGE', FileMessages.diskFull);
  }

  /** What a client needs to resume: how many chunks the upload has and which arrived. */
  async receivedChunks(userId: string, guid: string): Promise<{ guid: string; chunks: number; received: number[] }> {
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
    const { guid } = input;
    const existing = await this.uploads.findMerge(guid);
    const session = await this.uploads.findSession(guid);
    if (existing) {
      if (existing.userId !== userId) throw new AppError('NO_PERMISSION');
      // Asked again (a retried request): the same merge, the same job id, unless its job failed for good or was lost.
      if (existing.state === 'waiting' && (await this.settle(existing)) === 'waiting') await this.enqueueMerge(guid, existing.params);
      // A failed merge whose upload was sent again (the same guid): a new merge, with a new job.
      if (existing.state !== 'failed' || !session) return { guid };
      await this.uploads.forgetFailedMerge(guid);
    }
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
        await this.enqueueMerge(guid, params);
      } catch (error) {
        await this.uploads.deleteMerge(guid);
        this.logger.warn(`merge ${guid} not queued: ${error instanceof Error ? error.message : String(error)}`);
        throw new AppError('QUEUE_UNAVAILABLE');
      }
    }
    return { guid };
  }

  private enqueueMerge(guid: string, params: MergeParams): Promise<{ jobId: string }> {
    return this.queue.enqueue('merge-file', { guid }, { jobId: mergeJobId(guid, params) });
  }

  /**
   * A waiting merge whose job failed for good (the failure hook did not get to it: the database was away) or was
   * lost for MERGE_LOST_AFTER_MS fails now; answers the merge's state after. While the queue is unreachable nothing
   * can be told: it stays waiting.
   */
  private async settle(merge: UploadMerge, now = new Date()): Promise<'waiting' | 'failed'> {
    let status: Awaited<ReturnType<JobQueue['status']>>;
    try {
      status = await this.queue.status('merge-file', mergeJobId(merge.guid, merge.params));
    } catch (error) {
      if (error instanceof AppError && error.kind === 'QUEUE_UNAVAILABLE') return 'waiting';
      throw error;
    }
    const lost = status === null && now.getTime() - merge.updatedAt.getTime() > MERGE_LOST_AFTER_MS;
    if (status?.state !== 'failed' && !lost) return 'waiting';
    this.logger.warn(`merge ${merge.guid}: its job ${lost ? 'was lost' : `failed for good (${status?.failedReason ?? '?'})`}`);
    await this.failForGood(merge.guid);
    return 'failed';
  }

  /**
   * The merge-file job failed for good (its last try threw, or its worker was killed more often than allowed), or
   * was lost: the merge fails with 文件合并失败，请重新上传, its upload's chunks and part file go, and a file adopted
   * by a run that died before recording it is removed. Idempotent: a merge no longer waiting is left as it is.
   */
  async failForGood(guid: string): Promise<void> {
    const merge = await this.uploads.findMerge(guid);
    if (merge?.state !== 'waiting') return;
    await this.refuse(guid, FileMessages.mergeFailed, merge.params.fileId ? storageKeyFor(merge.params.fileId) : null);
  }

  private async mergeParams(input: MergeInput, totalChunks: number): Promise<MergeParams> {
    const original = checkFileName(input.fileName);
    if (!original.ok) throw new AppError('VALIDATION', original.message, original.data);
    const shown = isBlank(input.fName) ? original : renameKeepingExtension(input.fName, original.ext);
    if (!shown.ok) throw new AppError('VALIDATION', shown.message, shown.data);
    const type = isBlank(input.lxId) ? await this.files.defaultFileType() : await this.files.fileType(input.lxId!);
    if (!isBlank(input.lxId) && !type) throw new AppError('VALIDATION', '文件分类不存在');
    const size = input.size ?? null;
    if (size === 0) throw new AppError('VALIDATION', FileMessages.empty);
    if (size !== null && size > maxBytes(this.config.fileMaxMb)) throw new AppError('VALIDATION', FileMessages.tooLarge(original.name, this.config.fileMaxMb));
    return {
      fileName: shown.name, ext: original.ext, lxId: type?.id ?? null, lxmc: type?.mc ?? null, bz: input.bz ?? null, yxqx: input.yxqx ?? null,
      sha256: input.sha256?.toLowerCase() ?? null, size, totalChunks, fileId: randomUUID(),
    };
  }

  /** Only the uploader sees their merge. Failed: the reason, as an error. */
  async mergeStatus(userId: string, guid: string): Promise<MergeStatus> {
    const merge = await this.uploads.findMerge(guid);
    if (!merge) throw new AppError('NOT_FOUND', '合并任务不存在');
    if (merge.userId !== userId) throw new AppError('NO_PERMISSION');
    if (merge.state === 'waiting' && (await this.settle(merge)) === 'waiting') return { state: 'waiting' };
    if (merge.state === 'waiting') throw new AppError('VALIDATION', FileMessages.mergeFailed);
    if (merge.state === 'failed') throw new AppError('VALIDATION', merge.message ?? FileMessages.mergeFailed);
    const file = merge.fileId ? await this.files.findById(merge.fileId) : null;
    if (!file) throw new AppError('NOT_FOUND', '文件已被删除');
    return { state: 'done', file: this.fileService.record(file) };
  }

  /**
   * The merge-file job: the chunks are already in place in the part file, so it checks the type, hashes the file
   * (SHA-256, streamed) and adopts it into storage under the key fixed when the merge was asked for (a hard link
   * after an fsync, no copy), then records the file. Safe to run twice, concurrently, and again after a crash at any
   * point: a retry adopts the same file under the same key, and only one run can move the merge to done.
   * A refusal is recorded and final; a fault is thrown for a retry, and recorded as failed on the last try.
   */
  async merge(guid: string, lastAttempt: boolean): Promise<MergeOutcome> {
    const merge = await this.uploads.findMerge(guid);
    if (!merge || merge.state !== 'waiting') {
      // A run killed between recording the file and clearing the upload left the part file and session: clear them.
      if (merge?.state === 'done') await this.discardUpload(guid);
      return { state: 'skipped', reason: merge ? `already ${merge.state}` : 'no such merge' };
    }
    const { params } = merge;
    // A merge asked for before chunks were written in place has no part file to adopt.
    if (!params.fileId) return this.refuse(guid, FileMessages.mergeFailed, null);
    const key = storageKeyFor(params.fileId);
    try {
      const missing = missingChunks(params.totalChunks, await this.chunks.present(guid));
      if (missing.length > 0) throw new MergeRefused(FileMessages.incomplete);
      const { size, sha256 } = await this.checkAndHash(guid, params);
      if (params.size !== null && params.size !== size) throw new MergeRefused(FileMessages.sizeMismatch);
      if (params.sha256 !== null && params.sha256 !== sha256) throw new MergeRefused(FileMessages.checksum);
      await this.storage.adopt(key, this.chunks.partPath(guid));
      const completed = await this.uploads.completeMerge(guid, {
        id: params.fileId, storageKey: key, fileName: params.fileName, ext: params.ext, size, sha256, mime: mimeOf(params.ext),
        lxId: params.lxId, lxmc: params.lxmc, bz: params.bz, yxqx: params.yxqx, uploaderId: merge.userId,
      });
      // Not completed: another run recorded this same key first; the stored file is theirs now.
      if (!completed) return { state: 'skipped', reason: 'merged by another run' };
      await this.discardUpload(guid);
      return { state: 'done', fileId: params.fileId };
    } catch (error) {
      if (error instanceof MergeRefused) return this.refuse(guid, error.message, key);
      const now = await this.uploads.findMerge(guid);
      if (now?.state !== 'waiting') return { state: 'skipped', reason: `finished by another run (${now?.state ?? 'gone'})` };
      if (lastAttempt) {
        this.logger.error(`merge ${guid} failed on its last try: ${error instanceof Error ? error.message : String(error)}`);
        return this.refuse(guid, FileMessages.mergeFailed, key);
      }
      throw error;
    }
  }

  /** Reads the part file once: refuses it empty, too large or not of its extension; answers its size and SHA-256. */
  private async checkAndHash(guid: string, params: MergeParams): Promise<{ size: number; sha256: string }> {
    const limit = maxBytes(this.config.fileMaxMb);
    const hash = createHash('sha256');
    let size = 0;
    // The first bytes, kept until the type is checked.
    let head: Buffer[] | null = [];
    for await (const piece of this.chunks.open(guid) as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > limit) throw new MergeRefused(FileMessages.tooLarge(params.fileName, this.config.fileMaxMb));
      hash.update(piece);
      if (head) {
        head.push(piece);
        if (size >= HEAD_BYTES) {
          await this.checkType(params, Buffer.concat(head));
          head = null;
        }
      }
    }
    if (size === 0) throw new MergeRefused(FileMessages.empty);
    if (head) await this.checkType(params, Buffer.concat(head));
    return { size, sha256: hash.digest('hex') };
  }

  private async checkType(params: MergeParams, head: Buffer): Promise<void> {
    if (!contentMatches(params.ext, await this.sniffer.detect(head), head)) throw new MergeRefused(FileMessages.wrongType);
  }

  /**
   * Records the refusal. The upload goes before the state says failed (whoever reads "failed" finds nothing of it
   * left); a file adopted under the key goes after, and only when this run failed the merge, for a run that
   * completed it in between owns that file.
   */
  private async refuse(guid: string, message: string, key: string | null): Promise<MergeOutcome> {
    await this.discardUpload(guid);
    if (!(await this.uploads.failMerge(guid, message))) return { state: 'skipped', reason: 'finished by another run' };
    if (key) await this.storage.remove(key);
    return { state: 'failed', message };
  }

  private async discardUpload(guid: string): Promise<void> {
    await this.chunks.remove(guid);
    await this.uploads.deleteSession(guid);
  }

  /**
   * The hourly clean-up: uploads never merged within CHUNK_TTL_HOURS lose their chunks and rows; merges whose job
   * was lost fail; chunk directories without a row go too.
   */
  async cleanAbandoned(now = new Date()): Promise<{ uploads: number; merges: number; orphans: number }> {
    const cutoff = new Date(now.getTime() - this.config.chunkTtlHours * 3600_000);
    let merges = 0;
    for (const guid of await this.uploads.staleWaitingMerges(cutoff, CLEAN_BATCH)) {
      const fileId = (await this.uploads.findMerge(guid))?.params.fileId;
      if (await this.uploads.failMerge(guid, FileMessages.mergeExpired)) {
        merges += 1;
        // A crashed run may have adopted the file already; failed, nothing refers to it.
        if (fileId) await this.storage.remove(storageKeyFor(fileId));
      }
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
    await this.uploads.purgeFinishedMerges(new Date(now.getTime() - KEEP_FINISHED_MERGES_MS));
    if (uploads + merges + orphans > 0) this.logger.log(`removed ${uploads} abandoned upload(s), ${merges} lost merge(s), ${orphans} orphan chunk dir(s)`);
    return { uploads, merges, orphans };
  }
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
