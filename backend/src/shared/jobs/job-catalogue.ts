/**
 * Every background job: its name, its payload type and how it retries. The one place to look.
 * Later issues add their jobs here (build-report …);
 * each needs exactly one handler method tagged @OnJob(name), or the app refuses to start.
 */
export interface JobPayloads {
  /** Deletes expired server sessions; scheduled hourly through a BullMQ job scheduler. */
  'purge-sessions': Record<string, never>;
  /** Joins the chunks of one upload into a stored file (files module); job id merge-<guid>. */
  'merge-file': { guid: string };
  /** Removes chunks of uploads never merged within CHUNK_TTL_HOURS; scheduled hourly. */
  'clean-chunks': Record<string, never>;
  /** Copies a target-standard library whole, in one transaction (quality-points module); job id copy-<libraryId>. */
  'copy-target': { sourceId: string; libraryId: string; name: string; cycleValue: string | null; requesterId: string };
  /** Pushes a parent library's catalogue and points into its live children (or one child); job id sync-<parentId>-<version>[-<childId>]. */
  'sync-quality': { parentId: string; childId: string | null; requesterId: string };
  /** Pushes an object's targets down to its lower objects' tasks, or rolls their results up (quality-points module). */
  'update-obj-lists': { objTaskId: string; direction: 'up' | 'down'; requesterId: string };
  /** Collects due samples, then opens a warning per breach and period (warnings module); repeatable. */
  'scan-warnings': { reason: 'schedule' | 'manual' };
}

export type JobName = keyof JobPayloads & string;

export interface JobSpec {
  /** Tries in all, the first included. */
  attempts: number;
  /** First retry delay; doubles each time. */
  backoffMs: number;
  /** How many of this job one worker process runs at once. */
  concurrency: number;
}

export type JobCatalogue = Record<string, JobSpec>;

export const JOB_CATALOGUE: Record<JobName, JobSpec> = {
  'purge-sessions': { attempts: 3, backoffMs: 5_000, concurrency: 1 },
  // Refusals (empty, wrong type, too large) are recorded and final; only faults (disk, database) are retried.
  'merge-file': { attempts: 3, backoffMs: 2_000, concurrency: 2 },
  'clean-chunks': { attempts: 2, backoffMs: 60_000, concurrency: 1 },
  // A failed try rolls back whole (one transaction), so a retry starts clean; refusals (source gone) are final.
  'copy-target': { attempts: 3, backoffMs: 1_000, concurrency: 2 },
  // One transaction a child; a retry redoes only what still differs.
  'sync-quality': { attempts: 3, backoffMs: 1_000, concurrency: 1 },
  // One transaction; a retry redoes it whole.
  'update-obj-lists': { attempts: 3, backoffMs: 1_000, concurrency: 1 },
  // Idempotent per row and period (unique keys), so a retry or a second worker opens nothing twice.
  'scan-warnings': { attempts: 2, backoffMs: 30_000, concurrency: 1 },
};

/** Injection token for the catalogue the queue adapter serves (tests may serve a larger one). */
export const JOB_CATALOGUE_TOKEN = Symbol('JOB_CATALOGUE');
