import { Injectable } from '@nestjs/common';
import { AttachmentOwnerAccess } from '../../files/application/ports/attachment-owner-access.port.js';
import type { AttachmentOwner } from '../../files/application/ports/doc-file-repository.port.js';
import { PROGRESS_REPORT_OWNER, TARGET_TASK_OWNER, TaskPictureRepository } from './ports/task-picture.port.js';
import { TargetTaskService } from './target-task.service.js';

/**
 * Who reads and writes a target task's files (owner type target-task, owner id the task): whoever sees the task
 * reads; its publisher, administrators and its owner while it is not finished write (targetTask/file/*).
 */
@Injectable()
export class TargetTaskAttachmentAccess extends AttachmentOwnerAccess {
  constructor(private readonly tasks: TargetTaskService) {
    super();
  }

  canRead(userId: string, owner: AttachmentOwner): Promise<boolean> {
    return owner.ownerType === TARGET_TASK_OWNER ? this.tasks.sees(userId, owner.ownerId) : Promise.resolve(false);
  }

  canWrite(userId: string, owner: AttachmentOwner): Promise<boolean> {
    return owner.ownerType === TARGET_TASK_OWNER ? this.tasks.writesFiles(userId, owner.ownerId) : Promise.resolve(false);
  }
}

/**
 * A progress report's evidence (owner type progress-report, owner id the report): whoever sees the report's task
 * reads; nobody writes through the files routes — the report move attaches it, in its own transaction.
 */
@Injectable()
export class ProgressReportAttachmentAccess extends AttachmentOwnerAccess {
  constructor(
    private readonly tasks: TargetTaskService,
    private readonly picture: TaskPictureRepository,
  ) {
    super();
  }

  async canRead(userId: string, owner: AttachmentOwner): Promise<boolean> {
    if (owner.ownerType !== PROGRESS_REPORT_OWNER) return false;
    const taskId = await this.picture.taskOfReport(owner.ownerId);
    return taskId !== null && this.tasks.sees(userId, taskId);
  }

  canWrite(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
