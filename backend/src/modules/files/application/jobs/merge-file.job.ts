import { Injectable } from '@nestjs/common';
import { JOB_CATALOGUE, type JobMeta, type JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob, OnJobFailed } from '../../../../shared/jobs/on-job.decorator.js';
import { UploadService, type MergeOutcome } from '../upload.service.js';

/** The merge-file job: the upload service does the work (the payload is checked by the catalogue's schema). */
@Injectable()
export class MergeFileJob {
  constructor(private readonly uploads: UploadService) {}

  @OnJob('merge-file')
  handle(p: JobPayloads['merge-file'], meta: JobMeta): Promise<MergeOutcome> {
    return this.uploads.merge(p.guid, meta.attempt >= JOB_CATALOGUE['merge-file'].attempts);
  }

  /** Failed for good (thrown on the last try, or its worker killed too often): the merge says so and frees its space. */
  @OnJobFailed('merge-file')
  failed(p: JobPayloads['merge-file']): Promise<void> {
    return this.uploads.failForGood(p.guid);
  }
}
