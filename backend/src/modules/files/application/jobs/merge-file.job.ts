import { Injectable } from '@nestjs/common';
import { JOB_CATALOGUE, type JobMeta, type JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { UploadService, type MergeOutcome } from '../upload.service.js';

/** The merge-file job: the upload service does the work (the payload is checked by the catalogue's schema). */
@Injectable()
export class MergeFileJob {
  constructor(private readonly uploads: UploadService) {}

  @OnJob('merge-file')
  handle(p: JobPayloads['merge-file'], meta: JobMeta): Promise<MergeOutcome> {
    return this.uploads.merge(p.guid, meta.attempt >= JOB_CATALOGUE['merge-file'].attempts);
  }
}
