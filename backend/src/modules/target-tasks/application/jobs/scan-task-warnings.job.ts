import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { TaskWarningScan } from '@zhengai/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config.js';
import { JobQueue } from '../../../../infrastructure/queue/job-queue.port.js';
import { formatDate } from '../../../../shared/kernel/format.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { TaskWarningService } from '../task-warning.service.js';

const START_SCAN_DELAY_MS = 60_000;

/**
 * The scheduled task warning scan (like the quality-point scan-warnings): every WARNING_SCAN_EVERY_MINUTES through a
 * BullMQ job scheduler (once across all processes), and once a minute after start. The scan is set-based and
 * idempotent (unique task, kind and period), so two at once, or a retry, open nothing twice. The demo load scans once
 * itself before the API listens (seed/demo-seed.ts), so a fresh demo start does not wait for this minute.
 */
@Injectable()
export class ScanTaskWarningsJob implements OnApplicationBootstrap {
  constructor(
    private readonly warnings: TaskWarningService,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const minutes = this.config.warningScanEveryMinutes;
    if (minutes <= 0) return;
    await this.queue.schedule('scan-task-warnings', 'scan-task-warnings-schedule', { everyMs: minutes * 60_000 }, { reason: 'schedule' });
    // After start-up work (the demo data) is done; the id names the hour, so processes starting together run it once.
    const now = new Date();
    const jobId = `task-scan-start-${formatDate(now)}-${String(now.getHours()).padStart(2, '0')}`;
    await this.queue.enqueue('scan-task-warnings', { reason: 'schedule' }, { jobId, delayMs: START_SCAN_DELAY_MS });
  }

  @OnJob('scan-task-warnings')
  handle(): Promise<TaskWarningScan> {
    return this.warnings.scan();
  }
}
