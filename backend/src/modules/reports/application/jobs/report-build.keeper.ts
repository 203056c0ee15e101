import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ReportBuildService } from '../report-build.service.js';

/** How often every process looks for builds whose job was lost or failed unrecorded. */
export const SETTLE_BUILDS_EVERY_MS = 60_000;

/**
 * No report stays 生成中 for good: every minute, a report building for longer than BUILD_LOST_AFTER_MS whose job
 * is gone (Redis restarted empty) or failed for good unrecorded (the database was away) becomes 生成失败. A timer of
 * each process, not a job: the queue may be what was lost. Idempotent (only a building report is failed).
 */
@Injectable()
export class ReportBuildKeeper {
  private running = false;

  constructor(private readonly builds: ReportBuildService) {}

  @Interval('settle-lost-report-builds', SETTLE_BUILDS_EVERY_MS)
  async settle(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.builds.settleLostBuilds();
    } catch {
      // The database away: the next round tries again.
    } finally {
      this.running = false;
    }
  }
}
