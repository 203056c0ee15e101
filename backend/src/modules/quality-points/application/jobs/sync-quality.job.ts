import { Injectable, Logger } from '@nestjs/common';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { LibraryJobsService, type SyncOutcome } from '../library-jobs.service.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The sync-quality job: checks its payload, then pushes the parent's catalogue and points into its children. */
@Injectable()
export class SyncQualityJob {
  private readonly logger = new Logger('SyncQualityJob');

  constructor(private readonly jobs: LibraryJobsService) {}

  @OnJob('sync-quality')
  async handle(payload: unknown, meta: { jobId: string; attempt: number }): Promise<SyncOutcome | { state: 'refused'; reason: string }> {
    const p = (payload ?? {}) as Record<string, unknown>;
    const parentId = typeof p.parentId === 'string' && ID.test(p.parentId) ? p.parentId : null;
    const childId = p.childId === null || p.childId === undefined ? null : typeof p.childId === 'string' && ID.test(p.childId) ? p.childId : undefined;
    if (parentId === null || childId === undefined) {
      this.logger.warn(`job ${meta.jobId}: invalid payload, ignored`);
      return { state: 'refused', reason: '同步请求不完整' };
    }
    return this.jobs.syncFromParent(parentId, childId);
  }
}
