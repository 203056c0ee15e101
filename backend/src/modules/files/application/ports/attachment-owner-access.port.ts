import type { AttachmentOwner } from './doc-file-repository.port.js';

/**
 * Whether a person may read or write what is attached to an owner (a quality point of an object's task, a target
 * task …). The owner's module answers, for its own owner type: quality points by the diagnosis module's task and
 * library rules, target tasks by the target-tasks module's. The files module asks `AttachmentOwnerAccess`, which the
 * app binds to an `AttachmentOwnerRegistry` of them all (`FilesModule.withAttachmentOwners`).
 */
export abstract class AttachmentOwnerAccess {
  abstract canRead(userId: string, owner: AttachmentOwner): Promise<boolean>;
  abstract canWrite(userId: string, owner: AttachmentOwner): Promise<boolean>;
}

/** The injection token under which an owner's module provides (and exports) the access of one owner type. */
export const attachmentOwnerToken = (ownerType: string): string => `AttachmentOwnerAccess:${ownerType}`;

/** The owners' accesses keyed by owner type: an owner type nobody registered is read and written by nobody. */
export class AttachmentOwnerRegistry extends AttachmentOwnerAccess {
  constructor(private readonly byType: ReadonlyMap<string, AttachmentOwnerAccess>) {
    super();
  }

  canRead(userId: string, owner: AttachmentOwner): Promise<boolean> {
    return this.byType.get(owner.ownerType)?.canRead(userId, owner) ?? Promise.resolve(false);
  }

  canWrite(userId: string, owner: AttachmentOwner): Promise<boolean> {
    return this.byType.get(owner.ownerType)?.canWrite(userId, owner) ?? Promise.resolve(false);
  }
}
