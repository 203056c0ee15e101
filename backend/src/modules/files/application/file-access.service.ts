import { Injectable } from '@nestjs/common';
import { AccessPolicy } from '../../../shared/http/access-policy.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { attachable, changeable, readableWithoutOwner } from '../domain/file-access.js';
import { AttachmentOwnerAccess } from './ports/attachment-owner-access.port.js';
import { DocFileRepository, type AttachmentOwner, type DocFile } from './ports/doc-file-repository.port.js';

/**
 * Who may read and change files. Readable: the uploader, the people it is shared with, administrators, and whoever
 * may read an owner it is attached to. Changeable (rename, share, delete): the uploader and administrators.
 */
@Injectable()
export class FileAccess {
  constructor(
    private readonly files: DocFileRepository,
    private readonly owners: AttachmentOwnerAccess,
    private readonly policy: AccessPolicy,
  ) {}

  async isAdmin(userId: string): Promise<boolean> {
    return (await this.policy.accessOf(userId))?.isAdmin ?? false;
  }

  /**
   * The files, in the order asked, when userId may read every one; otherwise the no-permission answer
   * (or not found), before anything is read.
   */
  async readable(userId: string, ids: string[]): Promise<DocFile[]> {
    const facts = await this.files.accessFacts(ids, userId);
    const byId = new Map(facts.map((f) => [f.file.id, f]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new AppError('NOT_FOUND', '文件不存在', { missing });
    const isAdmin = await this.isAdmin(userId);
    const ownerVerdicts = new Map<string, Promise<boolean>>();
    const canReadOwner = (owner: AttachmentOwner) => {
      const key = `${owner.ownerType}\u0000${owner.ownerId}\u0000${owner.objTaskId ?? ''}`;
      let verdict = ownerVerdicts.get(key);
      if (!verdict) ownerVerdicts.set(key, (verdict = this.owners.canRead(userId, owner)));
      return verdict;
    };
    for (const fact of facts) {
      if (readableWithoutOwner({ isAdmin, isUploader: fact.file.uploaderId === userId, isSharedWithMe: fact.sharedWithMe })) continue;
      let viaOwner = false;
      for (const owner of fact.owners) {
        if (await canReadOwner(owner)) {
          viaOwner = true;
          break;
        }
      }
      if (!viaOwner) throw new AppError('NO_PERMISSION');
    }
    return ids.map((id) => byId.get(id)!.file);
  }

  /** The file when userId may change it (uploader or administrator). */
  async changeable(userId: string, id: string): Promise<DocFile> {
    const file = await this.files.findById(id);
    if (!file) throw new AppError('NOT_FOUND', '文件不存在');
    if (!changeable({ isAdmin: await this.isAdmin(userId), isUploader: file.uploaderId === userId })) throw new AppError('NO_PERMISSION');
    return file;
  }

  /** Files one may attach to something: one's own or shared with one (administrators: any). */
  async attachable(userId: string, ids: string[]): Promise<void> {
    const facts = await this.files.accessFacts(ids, userId);
    if (facts.length !== new Set(ids).size) throw new AppError('NOT_FOUND', '文件不存在');
    const isAdmin = await this.isAdmin(userId);
    for (const fact of facts) {
      if (!attachable({ isAdmin, isUploader: fact.file.uploaderId === userId, isSharedWithMe: fact.sharedWithMe })) throw new AppError('NO_PERMISSION');
    }
  }
}
