import { Injectable, Logger } from '@nestjs/common';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { ObjListsService, type ObjListsOutcome } from '../obj-lists.service.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The update-obj-lists job: checks its payload, then the service checks access again and does the call's work. */
@Injectable()
export class UpdateObjListsJob {
  private readonly logger = new Logger('UpdateObjListsJob');

  constructor(private readonly lists: ObjListsService) {}

  @OnJob('update-obj-lists')
  async handle(payload: unknown, meta: { jobId: string; attempt: number }): Promise<ObjListsOutcome> {
    const p = (payload ?? {}) as Record<string, unknown>;
    if (!isId(p.objTaskId) || !isId(p.requesterId) || (p.direction !== 'up' && p.direction !== 'down')) {
      // A retry would not mend a payload.
      this.logger.warn(`job ${meta.jobId}: invalid payload, ignored`);
      return { state: 'refused', kind: 'VALIDATION', reason: '更新请求不完整' };
    }
    return this.lists.runJob(p.direction, p.objTaskId, p.requesterId);
  }
}

function isId(v: unknown): v is string {
  return typeof v === 'string' && ID.test(v);
}
