import { Injectable } from '@nestjs/common';
import type { JobMeta, JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { LibraryJobsService } from '../library-jobs.service.js';
import type { CopyOutcome } from '../ports/library-copier.port.js';

/** The copy-target job: the copier does the work in one transaction (the payload is checked by the catalogue's schema). */
@Injectable()
export class CopyTargetJob {
  constructor(private readonly jobs: LibraryJobsService) {}

  @OnJob('copy-target')
  handle(p: JobPayloads['copy-target'], meta: JobMeta): Promise<CopyOutcome> {
    return this.jobs.copy(
      { sourceId: p.sourceId, libraryId: p.libraryId, name: p.name.trim(), cycleValue: p.cycleValue, creatorId: p.requesterId },
      meta.attempt,
      meta.progress,
    );
  }
}
