import { Injectable, Logger } from '@nestjs/common';
import { JOB_CATALOGUE } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { GUID_PATTERN } from '../../domain/file-rules.js';
import { UploadService, type MergeOutcome } from '../upload.service.js';

/** The merge-file job: checks its payload, then the upload service does the work. */
@Injectable()
export class MergeFileJob {
  private readonly logger = new Logger('MergeFileJob');

  constructor(private readonly uploads: UploadService) {}

  @OnJob('merge-file')
  async handle(payload: unknown, meta: { jobId: string; attempt: number }): Promise<MergeOutcome> {
    const guid = (payload as { guid?: unknown } | null)?.guid;
    if (typeof guid !== 'string' || !GUID_PATTERN.test(guid)) {
      // A retry would not mend a payload.
      this.logger.warn(`job ${meta.jobId}: payload without a valid guid, ignored`);
      return { state: 'skipped', reason: 'invalid payload' };
    }
    return this.uploads.merge(guid, meta.attempt >= JOB_CATALOGUE['merge-file'].attempts);
  }
}
