import type { AttachmentOwner } from './doc-file-repository.port.js';

/**
 * Whether a person may read or write what is attached to an owner (a quality point of an object's task …).
 * The owner's module answers: for quality points, the quality-point module's task and library rules.
 */
export abstract class AttachmentOwnerAccess {
  abstract canRead(userId: string, owner: AttachmentOwner): Promise<boolean>;
  abstract canWrite(userId: string, owner: AttachmentOwner): Promise<boolean>;
}
