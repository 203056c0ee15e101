import { Injectable, Logger } from '@nestjs/common';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { LibraryJobsService } from '../library-jobs.service.js';
import type { CopyOutcome } from '../ports/library-copier.port.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The copy-target job: checks its payload, then the copier does the work in one transaction. */
@Injectable()
export class CopyTargetJob {
  private readonly logger = new Logger('CopyTargetJob');

  constructor(private readonly jobs: LibraryJobsService) {}

  @OnJob('copy-target')
  async handle(payload: unknown, meta: { jobId: string; attempt: number }): Promise<CopyOutcome> {
    const p = (payload ?? {}) as Record<string, unknown>;
    const valid = isId(p.sourceId) && isId(p.libraryId) && isId(p.requesterId) && typeof p.name === 'string' && p.name.trim() !== ''
      && [...p.name].length <= 200 && (p.cycleValue === null || (typeof p.cycleValue === 'string' && [...p.cycleValue].length <= 40));
    if (!valid) {
      // A retry would not mend a payload.
      this.logger.warn(`job ${meta.jobId}: invalid payload, ignored`);
      return { state: 'refused', reason: '复制请求不完整' };
    }
    return this.jobs.copy(
      { sourceId: p.sourceId as string, libraryId: p.libraryId as string, name: (p.name as string).trim(), cycleValue: p.cycleValue as string | null, creatorId: p.requesterId as string },
      meta.attempt,
    );
  }
}

function isId(v: unknown): v is string {
  return typeof v === 'string' && ID.test(v);
}
