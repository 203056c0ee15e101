import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { JobQueue } from './job-queue.port.js';

/** How often every process declares its schedules again (one Redis call per schedule). */
export const KEEP_SCHEDULES_EVERY_MS = 60_000;

/**
 * Redis restarted without its data loses BullMQ's job schedulers: the warning scans, the chunk clean-up and the
 * session purge would stop until a process restarts. Every minute each process declares its schedules again
 * (an upsert: nothing changes while they stand). A timer of this process, not a job: the queue is what was lost.
 */
@Injectable()
export class JobSchedulesKeeper {
  private running = false;

  constructor(private readonly queue: JobQueue) {}

  @Interval('keep-job-schedules', KEEP_SCHEDULES_EVERY_MS)
  async keep(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.queue.keepSchedules();
    } finally {
      this.running = false;
    }
  }
}
