import { Injectable } from '@nestjs/common';
import type { JobMeta, JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { LibraryJobsService } from '../library-jobs.service.js';
import type { PointCopyOutcome } from '../ports/point-copier.port.js';

/** The copy-points job (quality/copy): the copier does the work in one transaction (the payload is checked by the catalogue's schema). */
@Injectable()
export class CopyPointsJob {
  constructor(private readonly jobs: LibraryJobsService) {}

  @OnJob('copy-points')
  handle(p: JobPayloads['copy-points'], meta: JobMeta): Promise<PointCopyOutcome> {
    return this.jobs.copyPoints(
      { taskId: meta.jobId, sourceLibraryId: p.sourceLibraryId, pointIds: p.pointIds, targetLibraryId: p.targetLibraryId, indicatorId: p.indicatorId },
      meta.progress,
    );
  }
}
