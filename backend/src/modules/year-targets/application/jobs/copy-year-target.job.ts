import { Injectable } from '@nestjs/common';
import type { JobMeta, JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import type { YearCopyOutcome } from '../ports/year-target-copier.port.js';
import { YearTargetCopyService } from '../year-target-copy.service.js';

/** The copy-year-target job: the copier does the work in one transaction (the payload is checked by the catalogue's schema). */
@Injectable()
export class CopyYearTargetJob {
  constructor(private readonly copies: YearTargetCopyService) {}

  @OnJob('copy-year-target')
  handle(p: JobPayloads['copy-year-target'], meta: JobMeta): Promise<YearCopyOutcome> {
    return this.copies.run({ sourceId: p.sourceId, yearTargetId: p.yearTargetId, cycleYear: p.cycleYear, requesterId: p.requesterId }, meta.progress);
  }
}
