import { Injectable, Logger } from '@nestjs/common';
import { JobQueue, type JobState } from '../../../infrastructure/queue/job-queue.port.js';

/** The write-report-document job of one version of a report: the same version queued twice runs once. */
export const documentJobId = (reportId: string, version: string) => `reportdoc-${reportId}-${version}`;

/**
 * Queues the job that writes a report's Word document in the worker (never on the API's event loop): after each move
 * that cleared it, and from the download when none is stored.
 */
@Injectable()
export class ReportDocumentJobs {
  private readonly logger = new Logger('ReportDocument');

  constructor(private readonly queue: JobQueue) {}

  /**
   * After a move (its transaction committed): the move stands whether or not the queue takes the job, as before; without
   * it the document stays unwritten and the next download queues it.
   */
  async afterMove(reportId: string, version: string): Promise<void> {
    try {
      await this.queue.enqueue('write-report-document', { reportId }, { jobId: documentJobId(reportId, version) });
    } catch (error) {
      this.logger.warn(`report ${reportId}: its document not queued, left to the download: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * A job writing this version, queued unless one is waiting or running: the version's own job when the queue does not
   * know it, else a fresh id when that one has finished (failed for good, or done and the document is gone since) so
   * an old failure never blocks a new try. Throws QUEUE_UNAVAILABLE with the queue away.
   */
  async ensure(reportId: string, version: string): Promise<string> {
    const own = documentJobId(reportId, version);
    const status = await this.queue.status('write-report-document', own);
    const jobId = !status ? own : status.state === 'waiting' || status.state === 'active' ? null : `${own}-${Date.now()}`;
    if (!jobId) return own;
    await this.queue.enqueue('write-report-document', { reportId }, { jobId });
    return jobId;
  }

  /** Where the job is: failed means for good (its reason is in the worker's log); null when the queue does not know it. */
  async state(jobId: string): Promise<JobState | null> {
    return (await this.queue.status('write-report-document', jobId))?.state ?? null;
  }
}
