import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AttachmentOwnerAccess } from '../../files/application/ports/attachment-owner-access.port.js';
import type { AttachmentOwner } from '../../files/application/ports/doc-file-repository.port.js';
import { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';
import { QUALITY_POINT_OWNER } from '../../target-standards/domain/point-definition.js';
import { DiagnosisRepository } from '../application/ports/diagnosis-repository.port.js';
import { TaskGrantsRepository } from '../application/ports/task-grants-repository.port.js';
import { canEditTask, canReadTask } from '../domain/task-access.js';
import { query } from '../../../infrastructure/database/sql.js';

/**
 * Attachments of a quality point follow the point's rules: within an object's task, the task's readers read and
 * its editors (owner, department head, a write grant, before submission) write; on the point itself, the library's grants decide.
 */
@Injectable()
export class QualityPointAttachmentAccess extends AttachmentOwnerAccess {
  constructor(
    private readonly db: DataSource,
    private readonly tasks: DiagnosisRepository,
    private readonly access: LibraryAccessReader,
    private readonly grants: TaskGrantsRepository,
  ) {
    super();
  }

  canRead(userId: string, owner: AttachmentOwner): Promise<boolean> {
    return this.decide(userId, owner, 'read');
  }

  canWrite(userId: string, owner: AttachmentOwner): Promise<boolean> {
    return this.decide(userId, owner, 'write');
  }

  private async decide(userId: string, owner: AttachmentOwner, need: 'read' | 'write'): Promise<boolean> {
    if (owner.ownerType !== QUALITY_POINT_OWNER) return false;
    const points = await query<{ library_id: string }>(this.db, `SELECT library_id FROM quality_point WHERE id = $1`, [owner.ownerId]);
    const libraryId = points[0]?.library_id;
    if (!libraryId) return false;
    const { isAdmin, libraryAccess, headsDepartments } = await this.access.standing(userId, libraryId);
    if (owner.objTaskId === null) return isAdmin || (need === 'read' ? libraryAccess !== null : libraryAccess === 'write');
    const task = await this.tasks.task(owner.objTaskId);
    // An attachment's task must be a task of the point's library: no borrowing rights from another task.
    if (!task || task.libraryId !== libraryId) return false;
    const viewer = { userId, isAdmin, libraryAccess, headsDepartments, taskGrants: await this.grants.heldBy(userId) };
    return need === 'read' ? canReadTask(viewer, task) : canEditTask(viewer, task);
  }
}
