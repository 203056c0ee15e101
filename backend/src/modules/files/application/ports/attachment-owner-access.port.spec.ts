import { describe, expect, it } from '@jest/globals';
import { AttachmentOwnerAccess, AttachmentOwnerRegistry, attachmentOwnerToken } from './attachment-owner-access.port.js';
import type { AttachmentOwner } from './doc-file-repository.port.js';

/** An owner's access that answers what it was built with and records who asked. */
class Fixed extends AttachmentOwnerAccess {
  readonly asked: string[] = [];
  constructor(private readonly read: boolean, private readonly write: boolean) {
    super();
  }
  canRead(userId: string, owner: AttachmentOwner): Promise<boolean> {
    this.asked.push(`read ${userId} ${owner.ownerId}`);
    return Promise.resolve(this.read);
  }
  canWrite(userId: string, owner: AttachmentOwner): Promise<boolean> {
    this.asked.push(`write ${userId} ${owner.ownerId}`);
    return Promise.resolve(this.write);
  }
}

const owner = (ownerType: string, ownerId = 'o1'): AttachmentOwner => ({ ownerType, ownerId, objTaskId: null });

describe('AttachmentOwnerRegistry', () => {
  it('asks the access registered for the owner type, and only it', async () => {
    const points = new Fixed(true, false);
    const tasks = new Fixed(false, true);
    const registry = new AttachmentOwnerRegistry(new Map<string, AttachmentOwnerAccess>([['quality-point', points], ['target-task', tasks]]));
    expect(await registry.canRead('u1', owner('quality-point', 'p1'))).toBe(true);
    expect(await registry.canWrite('u1', owner('quality-point', 'p1'))).toBe(false);
    expect(await registry.canRead('u2', owner('target-task', 't1'))).toBe(false);
    expect(await registry.canWrite('u2', owner('target-task', 't1'))).toBe(true);
    expect(points.asked).toEqual(['read u1 p1', 'write u1 p1']);
    expect(tasks.asked).toEqual(['read u2 t1', 'write u2 t1']);
  });

  it('refuses an owner type nobody registered', async () => {
    const registry = new AttachmentOwnerRegistry(new Map([['quality-point', new Fixed(true, true)]]));
    expect(await registry.canRead('u1', owner('progress-report'))).toBe(false);
    expect(await registry.canWrite('u1', owner('progress-report'))).toBe(false);
  });

  it('names one token per owner type', () => {
    expect(attachmentOwnerToken('target-task')).not.toBe(attachmentOwnerToken('quality-point'));
  });
});
