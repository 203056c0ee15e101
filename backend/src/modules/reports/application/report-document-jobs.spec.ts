import { describe, expect, it } from '@jest/globals';
import type { JobQueue, JobState } from '../../../infrastructure/queue/job-queue.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { documentJobId, ReportDocumentJobs } from './report-document-jobs.js';

/** A queue that knows one job (or none) and records what is enqueued. */
function queueWith(known: { id: string; state: JobState } | null, refuse = false) {
  const enqueued: string[] = [];
  const queue = {
    status: async (_name: string, id: string) => (known && known.id === id ? { state: known.state } : null),
    enqueue: async (_name: string, _payload: unknown, options: { jobId: string }) => {
      if (refuse) throw new AppError('QUEUE_UNAVAILABLE');
      enqueued.push(options.jobId);
      return { jobId: options.jobId };
    },
  } as unknown as JobQueue;
  return { jobs: new ReportDocumentJobs(queue), enqueued };
}

describe('ReportDocumentJobs', () => {
  const own = documentJobId('r1', '1700000000000000');

  it('queues the version\'s own job when the queue does not know it', async () => {
    const { jobs, enqueued } = queueWith(null);
    expect(await jobs.ensure('r1', '1700000000000000')).toBe(own);
    expect(enqueued).toEqual([own]);
  });

  it('waits for the version\'s job while it waits or runs: nothing queued twice', async () => {
    for (const state of ['waiting', 'active'] as const) {
      const { jobs, enqueued } = queueWith({ id: own, state });
      expect(await jobs.ensure('r1', '1700000000000000')).toBe(own);
      expect(enqueued).toEqual([]);
    }
  });

  it('queues a fresh job when the version\'s one failed for good or finished without a document', async () => {
    for (const state of ['failed', 'completed'] as const) {
      const { jobs, enqueued } = queueWith({ id: own, state });
      const fresh = await jobs.ensure('r1', '1700000000000000');
      expect(fresh).toMatch(new RegExp(`^${own}-\\d+$`));
      expect(enqueued).toEqual([fresh]);
    }
  });

  it('lets a move stand when the queue refuses its job (the download queues it later)', async () => {
    const { jobs } = queueWith(null, true);
    await expect(jobs.afterMove('r1', '1')).resolves.toBeUndefined();
    await expect(jobs.ensure('r1', '1')).rejects.toMatchObject({ kind: 'QUEUE_UNAVAILABLE' });
  });
});
