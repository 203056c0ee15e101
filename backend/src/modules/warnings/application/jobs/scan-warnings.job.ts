import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config.js';
import { JobQueue } from '../../../../infrastructure/queue/job-queue.port.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { periodKey } from '../../domain/period.js';
import { SamplingService, type SamplingOutcome } from '../sampling.service.js';
import { WarningScanService, type ScanOutcome } from '../warning-scan.service.js';

const START_SCAN_DELAY_MS = 60_000;

/** The scheduled scan: sample what is due, then open warnings; one run at a time across all processes. */
@Injectable()
export class ScanWarningsJob implements OnApplicationBootstrap {
  constructor(
    private readonly sampling: SamplingService,
    private readonly scanner: WarningScanService,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const minutes = this.config.warningScanEveryMinutes;
    if (minutes <= 0) return;
    await this.queue.schedule('scan-warnings', 'scan-warnings-schedule', { everyMs: minutes * 60_000 }, { reason: 'schedule' });
    // The schedule's first run comes as the app starts, before start-up work such as the demo data is done; a second
    // scan a minute later sees it. Its id names the hour, so processes starting together run it once.
    const now = new Date();
    const jobId = `scan-start-${periodKey('day', now)}-${String(now.getHours()).padStart(2, '0')}`;
    await this.queue.enqueue('scan-warnings', { reason: 'schedule' }, { jobId, delayMs: START_SCAN_DELAY_MS });
  }

  @OnJob('scan-warnings')
  async handle(): Promise<{ sampling: SamplingOutcome; scan: ScanOutcome }> {
    const sampling = await this.sampling.sampleDue();
    const scan = await this.scanner.scan();
    return { sampling, scan };
  }
}
