import type { JobQueue, JobStatus } from '../../infrastructure/queue/job-queue.port.js';
import type { AppError } from '../errors/app-error.js';
import type { JobName, JobPayloads } from './job-catalogue.js';

/** A job as a person reads it (the documents' "async task result"): its phase, how far it is, and why it failed. */
export interface JobReading {
  state: 'waiting' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  step: string;
  reason: string | null;
}

/** The texts of one kind of job: the step shown before the handler reports one, when done, when failed, and the reason of a failure that gave none. */
export interface JobTexts {
  waiting: string;
  done: string;
  failed: string;
  failedReason: string;
}

/** What a handler answers when it ends without doing the work (a refusal it found, or a failure it recorded). */
const ENDED_WITHOUT = new Set(['refused', 'failed']);

/**
 * The one reading of a job's status for the progress routes (library copy and sync, report build, year target copy):
 * a job that failed, or completed with a refusal or failure outcome (`{ state: 'refused' | 'failed', reason }`), reads
 * as failed with the outcome's reason, else the last reported one, else the kind's; a completed job is done with
 * `totals.done` steps; otherwise running or waiting with what the handler last reported (`totals.unreported` steps in
 * all before it reported any).
 */
export function readJob(status: JobStatus, texts: JobTexts, totals: { done: number; unreported: number }): JobReading {
  const reported = status.progress;
  const result = status.result as { state?: string; reason?: string } | null;
  const base = { done: reported?.done ?? 0, total: reported?.total ?? totals.unreported };
  const endedWithout = status.state === 'completed' && ENDED_WITHOUT.has(result?.state ?? '');
  if (status.state === 'failed' || endedWithout) {
    const reason = endedWithout && result?.reason ? result.reason : (reported?.reason ?? texts.failedReason);
    return { ...base, state: 'failed', step: texts.failed, reason };
  }
  if (status.state === 'completed') return { state: 'done', done: totals.done, total: totals.done, step: texts.done, reason: null };
  return { ...base, state: status.state === 'active' ? 'running' : 'waiting', step: reported?.step ?? texts.waiting, reason: null };
}

/**
 * A job's status for the person asking, when `mayRead` lets them (its requester, administrators …); to anyone else it
 * answers `unknown`, as for an id that does not exist. Null when the queue no longer knows the job (finished jobs
 * expire): the caller answers from its object then.
 */
export async function readableStatus<N extends JobName>(
  queue: JobQueue,
  name: N,
  jobId: string,
  mayRead: (payload: JobPayloads[N]) => Promise<boolean>,
  unknown: AppError,
): Promise<JobStatus<N> | null> {
  const status = await queue.status(name, jobId);
  if (status && !(await mayRead(status.payload))) throw unknown;
  return status;
}
