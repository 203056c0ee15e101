import { Injectable, Logger } from '@nestjs/common';
import type { DocFile as FileListItem, FileShare, UploadedFile as FileRecord } from '@zhengai/contracts';
import type { Readable, Writable } from 'node:stream';
import { FileStorage, type ByteRange } from '../../../infrastructure/storage/file-storage.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { paged, type Paged } from '../../../shared/http/envelope.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { FileMessages, isAllowedExtension, PREVIEW_TYPES, renameKeepingExtension } from '../domain/file-rules.js';
import { uniqueEntryNames, zipFileName } from '../domain/zip-names.js';
import { FileAccess } from './file-access.service.js';
import { DocFileRepository, type DocFile, type FileChanges } from './ports/doc-file-repository.port.js';
import { ZipWriter } from './ports/zip-writer.port.js';

/** A stored file as answers show it (the merge status) and a row of the list: the contract's wire shapes. */
export type { FileListItem, FileRecord };

/** A file ready to be sent: its name, type, size and bytes. */
export interface FileToSend {
  fileName: string;
  mime: string;
  size: number;
  etag: string;
  modified: Date;
  open(range?: ByteRange): Readable;
}

/** Kinds that shrink when deflated; images, pdf and archives are already compressed and are stored as they are. */
const COMPRESSIBLE = new Set(['txt', 'doc', 'xls', 'ppt', 'wps']);

export const downloadUrl = (fileId: string) => `/api/docrepo/download?attachmentId=${encodeURIComponent(fileId)}`;

@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly files: DocFileRepository,
    private readonly storage: FileStorage,
    private readonly access: FileAccess,
    private readonly zipWriter: ZipWriter,
  ) {}

  record(file: DocFile): FileRecord {
    return { fileId: file.id, fileName: file.fileName, fileType: file.ext, size: file.size, lxId: file.lxId, lxmc: file.lxmc, url: downloadUrl(file.id) };
  }

  /** My files and the files shared with me, newest first. */
  async list(userId: string, query: PageQuery & { fileName?: string }): Promise<Paged<FileListItem>> {
    const window = pageWindow(query, 1000);
    const needle = query.fileName?.trim();
    const { rows, total } = await this.files.listVisible(userId, { fileName: needle ? needle : null, skip: window.skip, take: window.take });
    const records = rows.map((f) => ({
      ...this.record(f), bz: f.bz, yxqx: f.yxqx, sha256: f.sha256, uploaderId: f.uploaderId, uploaderName: f.uploaderName, createTime: formatDateTime(f.createdAt), mine: f.mine,
    }));
    return paged(records, total, query.pageNum, window.size);
  }

  /** Renames (keeping the extension), re-types and annotates a file: its uploader or an administrator. */
  async update(userId: string, input: { fileId: string; fileName?: string; lxId?: string | null; bz?: string | null; yxqx?: string | null }): Promise<FileRecord> {
    const file = await this.access.changeable(userId, input.fileId);
    const changes: FileChanges = {};
    if (input.fileName !== undefined) {
      if (!isAllowedExtension(file.ext)) throw new AppError('VALIDATION', FileMessages.wrongType);
      const named = renameKeepingExtension(input.fileName, file.ext);
      if (!named.ok) throw new AppError('VALIDATION', named.message, named.data);
      changes.fileName = named.name;
    }
    if (input.lxId !== undefined) {
      if (input.lxId === null || input.lxId === '') {
        changes.lxId = null;
        changes.lxmc = null;
      } else {
        const type = await this.files.fileType(input.lxId);
        if (!type) throw new AppError('VALIDATION', '文件分类不存在');
        changes.lxId = type.id;
        changes.lxmc = type.mc;
      }
    }
    if (input.bz !== undefined) changes.bz = input.bz?.trim() || null;
    if (input.yxqx !== undefined) changes.yxqx = input.yxqx?.trim() || null;
    await this.files.update(file.id, changes);
    return this.record((await this.files.findById(file.id))!);
  }

  /** Removes the row, its attachments and shares; the stored bytes only once that has committed. */
  async delete(userId: string, fileId: string): Promise<void> {
    await this.access.changeable(userId, fileId);
    const deleted = await this.files.delete(fileId);
    if (!deleted) throw new AppError('NOT_FOUND', '文件不存在');
    try {
      await this.storage.remove(deleted.storageKey);
    } catch (error) {
      // The row is gone, so nobody can reach the bytes; say so for the operator rather than fail the person.
      this.logger.error(`file ${fileId} deleted but its bytes (${deleted.storageKey}) were not removed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The people the file is shared with become exactly userIds (the uploader needs no share; the contract bounds the list). */
  async share(userId: string, fileId: string, userIds: string[]): Promise<FileShare> {
    const file = await this.access.changeable(userId, fileId);
    const wanted = [...new Set(userIds)].filter((id) => id !== file.uploaderId);
    const known = new Set(await this.files.existingUsers(wanted));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new AppError('VALIDATION', '用户不存在', { unknown });
    await this.files.setShares(fileId, wanted);
    return { fileId, userIds: wanted };
  }

  isLogo(fileId: string): Promise<boolean> {
    return this.files.isLogo(fileId);
  }

  /**
   * A file to download. userId null is an anonymous visitor, who may have only the system's logo
   * (the login page shows it before anyone logs in).
   */
  async download(userId: string | null, fileId: string): Promise<FileToSend> {
    let file: DocFile | null;
    if (userId === null) {
      if (!(await this.files.isLogo(fileId))) throw new AppError('NOT_LOGGED_IN');
      file = await this.files.findById(fileId);
      if (!file) throw new AppError('NOT_FOUND', FileMessages.fileMissing);
    } else {
      [file] = await this.access.readable(userId, [fileId]);
    }
    return this.toSend(file!);
  }

  /** jpg, jpeg, png, gif and pdf, to be shown inline. */
  async preview(userId: string, fileId: string): Promise<FileToSend> {
    const [file] = await this.access.readable(userId, [fileId]);
    const mime = PREVIEW_TYPES[file!.ext];
    if (!mime) throw new AppError('VALIDATION', FileMessages.noPreview);
    return { ...(await this.toSend(file!)), mime };
  }

  private async toSend(file: DocFile): Promise<FileToSend> {
    const stat = await this.storage.stat(file.storageKey);
    if (!stat) throw new AppError('NOT_FOUND', FileMessages.fileMissing);
    return {
      fileName: file.fileName,
      mime: file.mime,
      size: stat.size,
      etag: `"${file.sha256}"`,
      modified: file.createdAt,
      open: (range) => this.storage.open(file.storageKey, range),
    };
  }

  /**
   * A zip of files (001 §7 item 3), every one checked readable and present before a byte is sent;
   * write() then streams it. The ids are distinct, 1 to 500 (the contract's MultiDownloadQuery).
   */
  async zip(userId: string, ids: string[], pointName: string | undefined): Promise<{ fileName: string; write(out: Writable): Promise<void> }> {
    const files = await this.access.readable(userId, ids);
    const sizes = await Promise.all(files.map((f) => this.storage.stat(f.storageKey)));
    if (sizes.some((s) => s === null)) throw new AppError('NOT_FOUND', FileMessages.fileMissing);
    const names = uniqueEntryNames(files.map((f) => f.fileName));
    const entries = files.map((f, i) => ({
      name: names[i]!,
      size: sizes[i]!.size,
      modified: f.createdAt,
      compress: COMPRESSIBLE.has(f.ext),
      open: () => this.storage.open(f.storageKey),
    }));
    return { fileName: zipFileName(pointName), write: (out) => this.zipWriter.write(entries, out) };
  }
}
