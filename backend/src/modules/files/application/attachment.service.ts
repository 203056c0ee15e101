import { Injectable } from '@nestjs/common';
import type { Attachment as AttachmentItem } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import type { Stage } from '../domain/attachment-stage.js';
import { isAllowedExtension, renameKeepingExtension } from '../domain/file-rules.js';
import { FileAccess } from './file-access.service.js';
import { downloadUrl } from './files.service.js';
import { AttachmentOwnerAccess } from './ports/attachment-owner-access.port.js';
import { AttachmentRepository } from './ports/attachment-repository.port.js';
import { DocFileRepository } from './ports/doc-file-repository.port.js';
import type { AttachmentOwner } from './ports/doc-file-repository.port.js';

/** An attachment as the list answers it: the contract's wire shape. */
export type { AttachmentItem };

/** Files attached to an owner at a stage (001 §7 item 4); the owner's authority decides who reads and writes. */
@Injectable()
export class AttachmentService {
  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly owners: AttachmentOwnerAccess,
    private readonly access: FileAccess,
    private readonly files: DocFileRepository,
  ) {}

  /** Attaches one's own (or shared-with-one) files (1 to 500, the contract's rule); needs write on the owner. */
  async attach(userId: string, owner: AttachmentOwner, stage: Stage, fileIds: string[]): Promise<{ added: number }> {
    const ids = [...new Set(fileIds)];
    if (!(await this.owners.canWrite(userId, owner))) throw new AppError('NO_PERMISSION');
    await this.access.attachable(userId, ids);
    return { added: await this.attachments.add(owner, stage, ids, userId) };
  }

  /** Grouped by stage in the spec's order; needs read on the owner. */
  async list(userId: string, owner: AttachmentOwner): Promise<AttachmentItem[]> {
    if (!(await this.owners.canRead(userId, owner))) throw new AppError('NO_PERMISSION');
    const rows = await this.attachments.list(owner);
    return rows.map((a) => ({
      id: a.id,
      fileId: a.fileId,
      fileName: a.fileName,
      fileType: a.ext,
      stage: a.stage,
      objTaskId: a.objTaskId,
      url: downloadUrl(a.fileId),
      size: a.size,
      createTime: formatDateTime(a.createdAt),
      uploaderName: a.uploaderName,
      lxmc: a.lxmc,
    }));
  }

  /**
   * The attachment's own name (its extension kept) and file type, shown instead of the file's: the file itself, which
   * may be attached elsewhere, stays as it is. Needs write on the owner.
   */
  async update(userId: string, id: string, change: { fileName?: string; lxId?: string | null }, ownerType?: string): Promise<AttachmentItem> {
    const owner = await this.attachments.findOwner(id);
    if (!owner || (ownerType !== undefined && owner.ownerType !== ownerType)) throw new AppError('NOT_FOUND', '附件不存在');
    if (!(await this.owners.canWrite(userId, owner))) throw new AppError('NO_PERMISSION');
    const current = (await this.attachments.list(owner)).find((a) => a.id === id);
    if (!current) throw new AppError('NOT_FOUND', '附件不存在');
    const next: { name?: string; lxId?: string | null } = {};
    if (change.fileName !== undefined) {
      if (!isAllowedExtension(current.ext)) throw new AppError('VALIDATION', '文件类型错误');
      const named = renameKeepingExtension(change.fileName, current.ext);
      if (!named.ok) throw new AppError('VALIDATION', named.message, named.data);
      next.name = named.name;
    }
    if (change.lxId !== undefined) {
      if (change.lxId === null || change.lxId === '') next.lxId = null;
      else if (!(await this.files.fileType(change.lxId))) throw new AppError('VALIDATION', '文件分类不存在');
      else next.lxId = change.lxId;
    }
    if (!(await this.attachments.update(id, next))) throw new AppError('NOT_FOUND', '附件不存在');
    return (await this.list(userId, owner)).find((a) => a.id === id)!;
  }

  /** Detaches (the file itself stays); needs write on the owner (of ownerType, when the route is one owner type's). */
  async remove(userId: string, id: string, ownerType?: string): Promise<void> {
    const owner = await this.attachments.findOwner(id);
    if (!owner || (ownerType !== undefined && owner.ownerType !== ownerType)) throw new AppError('NOT_FOUND', '附件不存在');
    if (!(await this.owners.canWrite(userId, owner))) throw new AppError('NO_PERMISSION');
    await this.attachments.remove(id);
  }
}
