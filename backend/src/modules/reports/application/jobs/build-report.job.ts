import { Injectable } from '@nestjs/common';
import type { JobMeta, JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob, OnJobFailed, type JobFailure } from '../../../../shared/jobs/on-job.decorator.js';
import { ReportBuildService, type BuildOutcome } from '../report-build.service.js';

/** The build-report job: compute, write, freeze (the payload is checked by the catalogue's schema). */
@Injectable()
export class BuildReportJob {
  constructor(private readonly builds: ReportBuildService) {}

  @OnJob('build-report')
  handle(p: JobPayloads['build-report'], meta: JobMeta): Promise<BuildOutcome> {
    return this.builds.run(p.reportId, meta.progress);
  }

  /** Failed for good without run() recording it (worker killed too often, database away): the report becomes 生成失败. */
  @OnJobFailed('build-report')
  failed(p: JobPayloads['build-report'], failure: JobFailure): Promise<void> {
    return this.builds.failForGood(p.reportId, failure.jobId);
  }
}
