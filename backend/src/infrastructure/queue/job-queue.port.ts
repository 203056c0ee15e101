import type { JobName, JobPayloads, JobProgress } from '../../shared/jobs/job-catalogue.js';

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobStatus<N extends JobName = JobName> {
  id: string;
  name: string;
  /** What it was enqueued with: who asked (requesterId) decides who may read its status. */
  payload: JobPayloads[N];
  state: JobState;
  attemptsMade: number;
  /** Why the last try failed (set while retrying and when failed). */
  failedReason: string | null;
  result: unknown;
  /** What the handler last reported through JobMeta.progress (null when nothing yet). */
  progress: JobProgress | null;
}

export interface EnqueueOptions {
  /** Derive it from the input: the same id enqueued twice runs once. */
  jobId?: string;
  delayMs?: number;
}

export type Repeat = { everyMs: number } | { cron: string };

/** The one queue port. Services enqueue and ask; they never see BullMQ. */
export abstract class JobQueue {
  abstract enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<{ jobId: string }>;
  /**
   * Many jobs of one name at once (a batch's deliveries): one round trip per chunk instead of one per job. Each keeps
   * its own job id, so a job enqueued before is not added twice.
   */
  async enqueueMany<N extends JobName>(name: N, jobs: ReadonlyArray<{ payload: JobPayloads[N]; jobId: string }>): Promise<void> {
    for (const job of jobs) await this.enqueue(name, job.payload, { jobId: job.jobId });
  }
  abstract status<N extends JobName>(name: N, jobId: string): Promise<JobStatus<N> | null>;
  /** A schedule that runs once across all processes, however many workers run (BullMQ job schedulers). */
  abstract schedule<N extends JobName>(name: N, schedulerId: string, repeat: Repeat, payload: JobPayloads[N]): Promise<void>;
  /**
   * Declares again every schedule this process declared, for a Redis that restarted without its data (the schedules
   * would stop until a process restarts). Idempotent; called every minute by `JobSchedulesKeeper`.
   */
  abstract keepSchedules(): Promise<void>;
  abstract isHealthy(): Promise<boolean>;
  abstract get backend(): 'redis' | 'postgres';
}
