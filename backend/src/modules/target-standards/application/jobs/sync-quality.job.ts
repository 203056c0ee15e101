import { Injectable } from '@nestjs/common';
import type { JobMeta, JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { LibraryJobsService, type SyncOutcome } from '../library-jobs.service.js';

/** The sync-quality job: pushes the parent's catalogue and points into its children (the payload is checked by the catalogue's schema). */
@Injectable()
export class SyncQualityJob {
  constructor(private readonly jobs: LibraryJobsService) {}

  @OnJob('sync-quality')
  handle(p: JobPayloads['sync-quality'], meta: JobMeta): Promise<SyncOutcome> {
    return this.jobs.syncFromParent(p.parentId, p.childId, meta.progress);
  }
}
