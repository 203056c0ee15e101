/**
 * Whether a person may read or write what is attached to an owner (a quality point …). The owner's module answers;
 * until it exists the authority table does. 'write' implies read; administrators may always.
 */
export abstract class AttachmentOwnerAccess {
  abstract canRead(userId: string, ownerType: string, ownerId: string): Promise<boolean>;
  abstract canWrite(userId: string, ownerType: string, ownerId: string): Promise<boolean>;
}
