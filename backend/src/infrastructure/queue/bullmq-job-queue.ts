import { Logger } from '@nestjs/common';
import { createPostgresBackend, Queue as RedisQueue, UnrecoverableError, Worker as RedisWorker, withBackend, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { AppError } from '../../shared/errors/app-error.js';
import type { JobCatalogue, JobName, JobPayloads, JobProgress } from '../../shared/jobs/job-catalogue.js';
import type { JobHandlerRegistry } from './job-handler-registry.js';
import { InvalidJobPayloadError } from './job-payload.js';
import { JobQueue, type EnqueueOptions, type JobState, type JobStatus, type Repeat } from './job-queue.port.js';

/** What we use of a BullMQ Queue, the same on both backends. */
interface QueueLike {
  add(name: string, data: unknown, opts?: JobsOptions): Promise<Job>;
  addBulk(jobs: Array<{ name: string; data: unknown; opts?: JobsOptions }>): Promise<Job[]>;
  getJob(id: string): Promise<Job | undefined>;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
  upsertJobScheduler(id: string, repeat: { every?: number; pattern?: string }, template: { name: string; data: unknown; opts?: JobsOptions }): Promise<unknown>;
  on(event: 'error', cb: (error: Error) => void): unknown;
  close(): Promise<void>;
}
interface WorkerLike {
  on(event: 'failed', cb: (job: Job | undefined, error: Error) => void): unknown;
  on(event: 'stalled', cb: (jobId: string) => void): unknown;
  on(event: 'error', cb: (error: Error) => void): unknown;
  close(): Promise<void>;
}
type QueueCtor = new (name: string, opts: Record<string, unknown>) => QueueLike;
type WorkerCtor = new (name: string, processor: (job: Job) => Promise<unknown>, opts: Record<string, unknown>) => WorkerLike;

export interface BullmqSettings {
  /** redis:// URL, or null for BullMQ's PostgreSQL backend on databaseUrl. */
  redisUrl: string | null;
  databaseUrl: string;
  prefix: string;
}

const KEEP_COMPLETED = { age: 7 * 24 * 3600, count: 10_000 };
const KEEP_FAILED = { age: 30 * 24 * 3600, count: 10_000 };
/**
 * How long a request waits for the queue: the Redis connection retries forever (workers need that), so a command
 * sent while Redis is away would hang the request until it is back.
 */
const QUEUE_CALL_MS = 2_000;
/** Jobs one addBulk call carries (enqueueMany). */
const ENQUEUE_CHUNK = 500;
/**
 * A worker holds each running job's lock for LOCK_MS, renewed every LOCK_MS / 2. A worker killed (kill -9, OOM) stops
 * renewing: another worker's stalled check, every STALLED_CHECK_MS, hands the job back to the queue within about
 * LOCK_MS + STALLED_CHECK_MS instead of BullMQ's default 30 + 30 s. A job's handler must not block the event loop for LOCK_MS / 2.
 */
const LOCK_MS = 15_000;
const STALLED_CHECK_MS = 5_000;

/**
 * How often a job may stall (its worker killed mid-run) before BullMQ fails it for good, whatever its attempts:
 * as often as it may be retried, so a job of n attempts gets n runs whether its tries throw or its workers die, and
 * at least once (a job of one attempt still survives one killed worker, as a deploy's restart).
 */
export const maxStalledCountOf = (attempts: number): number => Math.max(1, attempts - 1);

/** BullMQ adapter: one queue per job name; Redis when configured, else BullMQ's own PostgreSQL backend. */
export class BullmqJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, QueueLike>();
  private readonly workers: WorkerLike[] = [];
  private readonly QueueClass: QueueCtor;
  private readonly WorkerClass: WorkerCtor;
  private readonly redis: Redis | null;
  private readonly connection: unknown;
  private closed = false;

  constructor(
    private readonly settings: BullmqSettings,
    private readonly catalogue: JobCatalogue,
  ) {
    super();
    if (settings.redisUrl) {
      // Workers block on Redis; BullMQ requires maxRetriesPerRequest null for that.
      this.redis = new Redis(settings.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
      this.redis.on('error', (e: Error) => this.logger.warn(`redis: ${e.message}`));
      this.connection = this.redis;
      this.QueueClass = RedisQueue as unknown as QueueCtor;
      this.WorkerClass = RedisWorker as unknown as WorkerCtor;
    } else {
      this.redis = null;
      this.connection = { connectionString: settings.databaseUrl, migrate: true, schema: 'bullmq', max: 5 };
      const pg = withBackend(createPostgresBackend);
      this.QueueClass = pg.Queue as unknown as QueueCtor;
      this.WorkerClass = pg.Worker as unknown as WorkerCtor;
    }
  }

  get backend(): 'redis' | 'postgres' {
    return this.redis ? 'redis' : 'postgres';
  }

  private queue(name: string): QueueLike {
    const spec = this.catalogue[name];
    if (!spec) throw new Error(`unknown job "${name}"`);
    let queue = this.queues.get(name);
    if (!queue) {
      if (this.closed) throw new Error('the job queue is closed');
      queue = new this.QueueClass(name, { connection: this.connection, prefix: this.settings.prefix });
      // Without a listener BullMQ prints connection errors raw; they are transient (reconnects) or come at shutdown.
      queue.on('error', (e: Error) => this.logger.warn(`queue ${name}: ${e.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private jobOptions(name: string, options: EnqueueOptions = {}): JobsOptions {
    const spec = this.catalogue[name]!;
    return {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: spec.attempts,
      backoff: { type: 'exponential', delay: spec.backoffMs },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    };
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<{ jobId: string }> {
    const job = await this.call(`enqueue ${name}`, () => this.queue(name).add(name, payload, this.jobOptions(name, options)));
    return { jobId: String(job.id) };
  }

  override async enqueueMany<N extends JobName>(name: N, jobs: ReadonlyArray<{ payload: JobPayloads[N]; jobId: string }>): Promise<void> {
    // Chunks keep each call well under QUEUE_CALL_MS; a chunk that timed out may still land, and the ids keep that harmless.
    for (let i = 0; i < jobs.length; i += ENQUEUE_CHUNK) {
      const chunk = jobs.slice(i, i + ENQUEUE_CHUNK).map((j) => ({ name, data: j.payload, opts: this.jobOptions(name, { jobId: j.jobId }) }));
      await this.call(`enqueue ${name}`, () => this.queue(name).addBulk(chunk));
    }
  }

  async status<N extends JobName>(name: N, jobId: string): Promise<JobStatus<N> | null> {
    const queue = this.queue(name);
    const first = await this.call(`status ${name}`, () => queue.getJob(jobId));
    if (!first) return null;
    const raw = await this.call(`status ${name}`, () => first.getState());
    if (raw === 'unknown') return null;
    // A job that finished between the two reads is read again, so 'failed' or 'completed' comes with its final
    // attempts, reason and result (not the ones of the try still running at the first read).
    const job = raw === 'completed' || raw === 'failed' ? ((await this.call(`status ${name}`, () => queue.getJob(jobId))) ?? first) : first;
    const state: JobState = raw === 'active' || raw === 'completed' || raw === 'failed' ? raw : 'waiting';
    return {
      id: String(job.id),
      name: job.name,
      payload: job.data as JobPayloads[N],
      state,
      attemptsMade: job.attemptsMade,
      failedReason: job.failedReason || null,
      result: job.returnvalue ?? null,
      progress: isProgress(job.progress) ? job.progress : null,
    };
  }

  /** The schedules this process declared, by scheduler id: `keepSchedules` declares them again. */
  private readonly declared = new Map<string, () => Promise<void>>();

  async schedule<N extends JobName>(name: N, schedulerId: string, repeat: Repeat, payload: JobPayloads[N]): Promise<void> {
    this.declared.set(schedulerId, () => this.declare(name, schedulerId, repeat, payload));
    await this.declare(name, schedulerId, repeat, payload);
  }

  async keepSchedules(): Promise<void> {
    for (const [schedulerId, declare] of this.declared) {
      // Redis still away: the next round (a minute later) tries again; a queue call fails fast (QUEUE_CALL_MS).
      await this.call(`schedule ${schedulerId}`, declare).catch((error: unknown) => this.logger.warn(`schedule ${schedulerId} not declared again: ${String(error)}`));
    }
  }

  private async declare<N extends JobName>(name: N, schedulerId: string, repeat: Repeat, payload: JobPayloads[N]): Promise<void> {
    const every = 'everyMs' in repeat ? { every: repeat.everyMs } : { pattern: repeat.cron };
    const { jobId: _ignored, delay: _none, ...opts } = this.jobOptions(name);
    try {
      await this.queue(name).upsertJobScheduler(schedulerId, every, { name, data: payload, opts });
    } catch (error) {
      // Processes starting together declare the same schedule; on the PostgreSQL backend the later one can find the
      // next run already queued by the first and is refused. The schedule then stands as asked: nothing to do.
      if (error instanceof Error && /job ID already exists/.test(error.message)) return;
      throw error;
    }
  }

  async isHealthy(): Promise<boolean> {
    const names = Object.keys(this.catalogue);
    if (names.length === 0) return true;
    try {
      await this.call('health', () => this.queue(names[0]!).getJobCounts('waiting'));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A request's call to the queue, refused at once while Redis is disconnected (nothing is left in ioredis's offline
   * queue to run later, after the caller was told no) and bounded by QUEUE_CALL_MS otherwise: either way the caller
   * gets QUEUE_UNAVAILABLE (503) instead of waiting for Redis.
   */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    if (this.redis && this.redis.status !== 'ready') {
      this.logger.warn(`${what}: redis is ${this.redis.status}`);
      throw new AppError('QUEUE_UNAVAILABLE');
    }
    try {
      return await withTimeout(run(), QUEUE_CALL_MS);
    } catch (error) {
      if (error instanceof TimeoutError) {
        this.logger.warn(`${what}: no answer from the queue in ${QUEUE_CALL_MS} ms`);
        throw new AppError('QUEUE_UNAVAILABLE');
      }
      throw error;
    }
  }

  /** Starts one worker per job; each job goes to its @OnJob handler. */
  startWorkers(registry: JobHandlerRegistry): void {
    for (const [name, spec] of Object.entries(this.catalogue)) {
      const handler = registry.get(name);
      const run = async (job: Job): Promise<unknown> => {
        try {
          const progress = (p: JobProgress) => job.updateProgress({ ...p });
          return await handler(job.data, { jobId: String(job.id), attempt: job.attemptsMade + 1, progress });
        } catch (e) {
          if (!(e instanceof InvalidJobPayloadError)) throw e;
          // A retry would not mend a payload: fail it now, as final.
          this.logger.error(`job ${name}#${job.id ?? '?'} failed without retry: ${e.message}`);
          throw new UnrecoverableError(e.message);
        }
      };
      const worker = new this.WorkerClass(
        name,
        run,
        {
          connection: this.connection, prefix: this.settings.prefix, concurrency: spec.concurrency, lockDuration: LOCK_MS, stalledInterval: STALLED_CHECK_MS,
          maxStalledCount: maxStalledCountOf(spec.attempts),
        },
      );
      worker.on('error', (e: Error) => this.logger.warn(`worker ${name}: ${e.message}`));
      worker.on('failed', (job, error) => {
        this.logger.warn(`job ${name}#${job?.id ?? '?'} failed (try ${job?.attemptsMade ?? '?'}): ${error.message}`);
        if (job?.id) void this.afterFailure(name, String(job.id), registry);
      });
      // A job stalled more often than maxStalledCount is failed by the stalled check, with no 'failed' event here.
      worker.on('stalled', (jobId) => void this.afterFailure(name, String(jobId), registry));
      this.workers.push(worker);
    }
    this.logger.log(`workers started for ${Object.keys(this.catalogue).length} job(s) on ${this.backend}`);
  }

  /**
   * Runs the job's @OnJobFailed hook once the job has failed for good (its state failed: no retry is coming), for a
   * throw on the last try, an unretried refusal and a stall beyond the limit alike. A hook that cannot run now (the
   * database away) is logged: its owner's check on read or periodic check marks the object failed later.
   */
  private async afterFailure(name: string, jobId: string, registry: JobHandlerRegistry): Promise<void> {
    const hook = registry.failedHook(name);
    if (!hook || this.closed) return;
    try {
      const job = await this.call(`failed ${name}`, () => this.queue(name).getJob(jobId));
      if (!job || (await this.call(`failed ${name}`, () => job.getState())) !== 'failed') return;
      await hook(job.data, { jobId, reason: job.failedReason || 'failed' });
    } catch (error) {
      this.logger.warn(`job ${name}#${jobId}: its failure hook did not run: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.workers.length = 0;
    this.queues.clear();
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}

/** A progress a handler reported (BullMQ keeps a number or an object; ours is always the object). */
function isProgress(p: unknown): p is JobProgress {
  return typeof p === 'object' && p !== null && typeof (p as JobProgress).done === 'number' && typeof (p as JobProgress).total === 'number';
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError('timeout')), ms);
    promise.then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e: unknown) => { clearTimeout(timer); reject(e instanceof Error ? e : new Error(String(e))); },
    );
  });
}
