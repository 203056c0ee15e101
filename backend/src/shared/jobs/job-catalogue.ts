import { GUID_PATTERN, PUSH_CHANNELS } from '@zhengai/contracts';
import { z } from 'zod';

/** The ids the app makes; a payload naming anything else did not come from us. */
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** Scheduled jobs carry nothing. */
const none = z.object({});
const codePoints = (max: number) => (s: string) => [...s].length <= max;

export interface JobSpec {
  /** The payload's schema: checked before the handler runs; a payload it refuses fails the job at once, unretried. */
  payload: z.ZodType;
  /** Tries in all, the first included. */
  attempts: number;
  /** First retry delay; doubles each time. */
  backoffMs: number;
  /** How many of this job one worker process runs at once. */
  concurrency: number;
}

export type JobCatalogue = Record<string, JobSpec>;

/**
 * Every background job: its name, its payload schema and how it retries. The one place to look.
 * A new job is added here; each needs exactly one handler method tagged @OnJob(name), or the app refuses to start.
 */
export const JOB_CATALOGUE = {
  /** Deletes expired server sessions; scheduled hourly through a BullMQ job scheduler. */
  'purge-sessions': { payload: none, attempts: 3, backoffMs: 5_000, concurrency: 1 },
  /** Joins the chunks of one upload into a stored file (files module); job id merge-<guid>. */
  // Refusals (empty, wrong type, too large) are recorded and final; only faults (disk, database) are retried.
  'merge-file': { payload: z.object({ guid: z.string().regex(GUID_PATTERN) }), attempts: 3, backoffMs: 2_000, concurrency: 2 },
  /** Removes chunks of uploads never merged within CHUNK_TTL_HOURS; scheduled hourly. */
  'clean-chunks': { payload: none, attempts: 2, backoffMs: 60_000, concurrency: 1 },
  /** Copies a target-standard library whole, in one transaction (target-standards module); job id copy-<libraryId>. */
  // A failed try rolls back whole (one transaction), so a retry starts clean; refusals (source gone) are final.
  'copy-target': {
    payload: z.object({
      sourceId: id,
      libraryId: id,
      name: z.string().refine((s) => s.trim() !== '' && codePoints(200)(s)),
      cycleValue: z.string().refine(codePoints(40)).nullable(),
      requesterId: id,
    }),
    attempts: 3, backoffMs: 1_000, concurrency: 2,
  },
  /** Pushes a parent library's catalogue and points into its live children (or one child); job id sync-<parentId>-<version>[-<childId>]. */
  // One transaction a child; a retry redoes only what still differs.
  'sync-quality': { payload: z.object({ parentId: id, childId: id.nullable(), requesterId: id }), attempts: 3, backoffMs: 1_000, concurrency: 1 },
  /** Copies chosen point definitions of one library into an indicator of another (target-standards); job id points-<uuid>. */
  // One transaction; copied ids derive from the job id, so a retry after a commit finds the copy and adds nothing.
  'copy-points': {
    payload: z.object({
      sourceLibraryId: id,
      pointIds: z.array(id).min(1).max(1000),
      targetLibraryId: id,
      indicatorId: id,
      requesterId: id,
    }),
    attempts: 3, backoffMs: 1_000, concurrency: 2,
  },
  /** Pushes an object's targets down to its lower objects' tasks, or rolls their results up (diagnosis module). */
  // One transaction; a retry redoes it whole.
  'update-obj-lists': { payload: z.object({ objTaskId: id, direction: z.enum(['up', 'down']), requesterId: id }), attempts: 3, backoffMs: 1_000, concurrency: 1 },
  /** Collects due samples, then opens a warning per breach and period (warnings module); repeatable. */
  // Idempotent per row and period (unique keys), so a retry or a second worker opens nothing twice.
  'scan-warnings': { payload: z.object({ reason: z.enum(['schedule', 'manual']) }), attempts: 2, backoffMs: 30_000, concurrency: 1 },
  /** Copies a year target with its whole task tree into another year (year-targets module); job id ytcopy-<new target id>. */
  // One transaction with the year locked; a retry after a commit finds the copy by its id; refusals (name taken) are final.
  'copy-year-target': {
    payload: z.object({ sourceId: id, yearTargetId: id, cycleYear: z.string().regex(/^[0-9]{4}$/), requesterId: id }),
    attempts: 3, backoffMs: 1_000, concurrency: 2,
  },
  /** Builds a quality report: computes and freezes its overview and tables, writes its Word document (reports module); job id report-<reportId>-<n>. */
  // A report no longer building (deleted, rebuilt) is left alone; a failure marks it failed, so a retry finds nothing to do.
  'build-report': { payload: z.object({ reportId: id, requesterId: id }), attempts: 1, backoffMs: 1_000, concurrency: 2 },
  /** Writes a built report's Word document again after a move cleared it (reports module); job id reportdoc-<reportId>-<version>[-<n>]. */
  // Idempotent: a document already stored, or a report moved meanwhile (its own job follows), is left alone. A failure
  // leaves document_key null: the next download queues a fresh job. One at a time a worker: it is CPU work.
  'write-report-document': { payload: z.object({ reportId: id }), attempts: 2, backoffMs: 2_000, concurrency: 1 },
  /** Makes one diagnosis task an object of a launch, with its quality rows (diagnosis module, 诊断任务下发); job id launch-<launchId>-<run>. */
  // Batches of objects, one transaction each, one task per object and library: a retry makes only what is missing. Failed for good: the launch fails.
  'launch-diagnosis': { payload: z.object({ launchId: id, run: z.number().int().min(1).max(999_999), requesterId: id }), attempts: 3, backoffMs: 1_000, concurrency: 1 },
  /** Opens and closes target tasks' process and expired warnings (target-tasks module); repeatable. */
  // Set-based and idempotent per task, kind and period (unique key), so a retry or a second worker opens nothing twice.
  'scan-task-warnings': { payload: z.object({ reason: z.enum(['schedule', 'manual']) }), attempts: 2, backoffMs: 30_000, concurrency: 1 },
  /** Plans a batch of messages' push deliveries and queues one push-message each (message-push module); job id deliver-<batchId>. */
  // Idempotent: deliveries are recorded by id (push_delivery), so a second run queues only what is still undone.
  'deliver-messages': { payload: z.object({ batchId: id }), attempts: 3, backoffMs: 2_000, concurrency: 2 },
  /** Sends one delivery: a person's mail (a message or a digest), a department robot's post, a webhook's page (message-push); job id push-<channel>-<batchId>-<target>[-<page>]. */
  // A delivery already sent or failed is left alone; each failed try keeps its error, the last marks the delivery failed (@OnJobFailed).
  'push-message': {
    payload: z.object({ batchId: id, channel: z.enum(PUSH_CHANNELS), target: id, digest: z.boolean(), page: z.number().int().min(0).max(100_000) }),
    attempts: 4, backoffMs: 5_000, concurrency: 8,
  },
} satisfies JobCatalogue;

export type JobName = keyof typeof JOB_CATALOGUE;

/** Each job's payload, as its schema reads it. */
export type JobPayloads = { [N in JobName]: z.infer<(typeof JOB_CATALOGUE)[N]['payload']> };

/**
 * How far a job is, as its status call shows it: done of total units (stages, children, rows), the step it is at (a
 * short Chinese label) and, once it has failed or refused, the reason a person reads.
 */
export interface JobProgress {
  done: number;
  total: number;
  step: string;
  reason?: string;
}

/** What a handler learns of its run besides the payload. */
export interface JobMeta {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  /** Records the job's progress (BullMQ's job.updateProgress); absent when a test calls a handler directly. */
  progress?: (progress: JobProgress) => Promise<void>;
}

/** Injection token for the catalogue the queue adapter serves (tests may serve a larger one). */
export const JOB_CATALOGUE_TOKEN = Symbol('JOB_CATALOGUE');
