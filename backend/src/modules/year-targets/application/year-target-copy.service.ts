import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { YearTargetCopyProgress, YearTargetCopyStart } from '@zhengai/contracts';
import { JobQueue, type JobStatus } from '../../../infrastructure/queue/job-queue.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { readableStatus, readJob } from '../../../shared/jobs/job-reading.js';
import type { JobProgress } from '../../../shared/jobs/job-catalogue.js';
import {
  copyYearOf,
  nameTakenIn,
  yearCopyFailedAt,
  yearCopyFinished,
  yearCopyStageProgress,
  yearCopyTaskId,
  yearTargetOfTask,
  YEAR_COPY_MESSAGES,
  YEAR_COPY_STEP_FAILED,
  YEAR_COPY_STEP_DONE,
  YEAR_COPY_STEP_WAITING,
  type YearCopyProgress,
} from '../domain/year-target-copy.js';
import { mayReadCopy, mayWriteYearTargets } from '../domain/year-target-access.js';
import { YEAR_TARGET_MESSAGES } from '../domain/year-target-rules.js';
import { YearTargetCopier, type YearCopyOutcome, type YearCopyRequest } from './ports/year-target-copier.port.js';
import { YearTargetAccessReader, YearTargetRepository } from './ports/year-target-repository.port.js';

/** Where a job's progress goes (the queue's job.updateProgress); nowhere when a handler is called directly. */
export type ProgressSink = (progress: JobProgress) => Promise<void>;
const nowhere: ProgressSink = async () => undefined;

/**
 * yearTarget/copy: a year target with its whole task tree into another year, as a job (copy-year-target) the person
 * polls (yearTarget/checkStatus, yearTarget/taskResult), like the libraries' copy. Who writes year targets copies them.
 */
@Injectable()
export class YearTargetCopyService {
  private readonly logger = new Logger('YearTargetCopy');

  constructor(
    private readonly targets: YearTargetRepository,
    private readonly access: YearTargetAccessReader,
    private readonly copier: YearTargetCopier,
    private readonly queue: JobQueue,
  ) {}

  /** Checks what can be checked at once (who, the source, the year, the name there), then enqueues the copy. */
  async start(userId: string, input: { id: string; cycleYear?: string | null }): Promise<YearTargetCopyStart> {
    if (!mayWriteYearTargets(await this.access.codes(userId))) throw new AppError('NO_PERMISSION');
    const source = await this.targets.find(input.id);
    if (!source) throw new AppError('NOT_FOUND', YEAR_TARGET_MESSAGES.notFound);
    const year = copyYearOf(source.cycleYear, input.cycleYear);
    if (!year.ok) throw new AppError('VALIDATION', year.message);
    if (await this.copier.nameTaken(year.year, source.name)) throw new AppError('CONFLICT', nameTakenIn(year.year, source.name));
    const yearTargetId = randomUUID();
    const taskId = yearCopyTaskId(yearTargetId);
    await this.queue.enqueue('copy-year-target', { sourceId: source.id, yearTargetId, cycleYear: year.year, requesterId: userId }, { jobId: taskId });
    return { taskId, yearTargetId, cycleYear: year.year };
  }

  /** The job's work: the copier's one transaction, reported a stage at a time; a refusal reports its reason. */
  async run(request: YearCopyRequest, report: ProgressSink = nowhere): Promise<YearCopyOutcome> {
    let last: YearCopyProgress | null = null;
    const outcome = await this.copier.copy(request, (stage) => report((last = yearCopyStageProgress(stage))));
    if (outcome.state === 'refused') await report(yearCopyFailedAt(last, outcome.reason));
    else await report(yearCopyFinished());
    if (outcome.state === 'copied') this.logger.log(`year target ${request.sourceId} copied to ${request.yearTargetId} (${request.cycleYear}): ${outcome.tasks} tasks`);
    return outcome;
  }

  /** True when done, false while waiting or running; a failure answers its reason (success false). */
  async checkStatus(userId: string, taskId: string): Promise<boolean> {
    const progress = await this.taskResult(userId, taskId);
    if (progress.state === 'failed') throw new AppError('CONFLICT', progress.reason ?? YEAR_COPY_STEP_FAILED);
    return progress.state === 'done';
  }

  /**
   * How far the copy is: for who started it and administrators only; to anyone else it answers as an unknown id.
   * Finished jobs expire: after that a copy is known by its target, to its creator.
   */
  async taskResult(userId: string, taskId: string): Promise<YearTargetCopyProgress> {
    const yearTargetId = yearTargetOfTask(taskId);
    if (yearTargetId === null) throw new AppError('VALIDATION', YEAR_COPY_MESSAGES.taskIdInvalid);
    const unknown = new AppError('NOT_FOUND', YEAR_COPY_MESSAGES.taskUnknown);
    const status = await readableStatus(this.queue, 'copy-year-target', taskId, async (p) => mayReadCopy(await this.access.codes(userId), p.requesterId === userId), unknown);
    if (!status) {
      const copy = await this.targets.find(yearTargetId);
      if (copy && mayReadCopy(await this.access.codes(userId), copy.creator === userId)) return { taskId, state: 'done', ...yearCopyFinished(), reason: null, yearTargetId };
      throw unknown;
    }
    return progressOf(taskId, yearTargetId, status);
  }
}

/** A job's status as a person reads it (a refusal reads as a failure): the shared reading of the progress routes. */
function progressOf(taskId: string, yearTargetId: string, status: JobStatus<'copy-year-target'>): YearTargetCopyProgress {
  const texts = { waiting: YEAR_COPY_STEP_WAITING, done: YEAR_COPY_STEP_DONE, failed: YEAR_COPY_STEP_FAILED, failedReason: YEAR_COPY_MESSAGES.failed };
  return { taskId, ...readJob(status, texts, { done: yearCopyFinished().total, unreported: 0 }), yearTargetId };
}
