import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../../../../infrastructure/queue/job-queue.port.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { UploadService } from '../upload.service.js';

/** Abandoned uploads are cleaned hourly; a job scheduler makes it one run an hour across all processes. */
@Injectable()
export class CleanChunksJob implements OnApplicationBootstrap {
  constructor(
    private readonly uploads: UploadService,
    private readonly queue: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.schedule('clean-chunks', 'clean-chunks-hourly', { cron: '41 * * * *' }, {});
  }

  @OnJob('clean-chunks')
  handle(): Promise<{ uploads: number; merges: number; orphans: number }> {
    return this.uploads.cleanAbandoned();
  }
}
