import { Injectable } from '@nestjs/common';
import type { JobMeta, JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob, OnJobFailed } from '../../../../shared/jobs/on-job.decorator.js';
import { LaunchService, type LaunchOutcome } from '../launch.service.js';

/** The launch-diagnosis job: one task an object of a launch (the payload is checked by the catalogue's schema). */
@Injectable()
export class LaunchDiagnosisJob {
  constructor(private readonly launches: LaunchService) {}

  @OnJob('launch-diagnosis')
  handle(p: JobPayloads['launch-diagnosis'], meta: JobMeta): Promise<LaunchOutcome> {
    return this.launches.run(p.launchId, p.run, meta.progress);
  }

  /** Failed for good (a fault on every try, its worker killed too often): the launch becomes 下发失败, its creator may retry. */
  @OnJobFailed('launch-diagnosis')
  failed(p: JobPayloads['launch-diagnosis']): Promise<void> {
    return this.launches.failForGood(p.launchId, p.run);
  }
}
