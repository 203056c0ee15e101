import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { JobProgress } from '../../../shared/jobs/job-catalogue.js';
import { copyCodes, copyStageProgress, failedAt, finished, pointCopyStageProgress, syncProgress, COPY_STAGES, POINT_COPY_STAGES, type Progress } from '../domain/job-progress.js';
import { isEmptyPlan, planSync } from '../domain/library-sync-plan.js';
import { LibraryCopier, type CopyOutcome, type CopyRequest } from './ports/library-copier.port.js';
import { LibrarySyncRepository, type SyncCounts } from './ports/library-sync-repository.port.js';
import { LibraryRepository } from './ports/library-repository.port.js';
import { PointCopier, type PointCopyOutcome, type PointCopyRequest } from './ports/point-copier.port.js';

export interface SyncOutcome {
  state: 'synced';
  children: Array<{ childId: string } & (SyncCounts | { gone: true })>;
}

/** Where a job's progress goes (the queue's job.updateProgress); nowhere when a handler is called directly. */
export type ProgressSink = (progress: JobProgress) => Promise<void>;
const nowhere: ProgressSink = async () => undefined;

/**
 * The work behind the copy-target, sync-quality and copy-points jobs; all are safe to run twice. Each reports its
 * progress a stage (or a child) at a time, never a row, and a refusal's reason before it answers.
 */
@Injectable()
export class LibraryJobsService {
  private readonly logger = new Logger('LibraryJobs');

  constructor(
    private readonly copier: LibraryCopier,
    private readonly sync: LibrarySyncRepository,
    private readonly libraries: LibraryRepository,
    private readonly pointCopier: PointCopier,
  ) {}

  async copy(request: CopyRequest, attempt: number, report: ProgressSink = nowhere): Promise<CopyOutcome> {
    let last: Progress | null = null;
    const outcome = await this.copier.copy(request, attempt, (stage) => report((last = copyStageProgress(stage))));
    if (outcome.state === 'refused') await report(failedAt(last, COPY_STAGES.length, outcome.reason));
    else await report(finished(COPY_STAGES.length));
    if (outcome.state === 'copied') this.logger.log(`library ${request.sourceId} copied to ${request.libraryId}: ${outcome.points} points, ${outcome.indicators} indicators`);
    return outcome;
  }

  /** One transaction a child: a child that fails leaves the others synced, and the retry redoes only what differs. */
  async syncFromParent(parentId: string, childId: string | null, report: ProgressSink = nowhere): Promise<SyncOutcome> {
    const children = childId === null ? await this.libraries.children(parentId, { live: true }) : [childId];
    const results: SyncOutcome['children'] = [];
    for (const [i, child] of children.entries()) {
      await report(syncProgress(i, children.length));
      let changed = false;
      const counts = await this.sync.syncChild(parentId, child, (parent, side) => {
        const plan = planSync(parent, side, randomUUID);
        changed = !isEmptyPlan(plan);
        return plan;
      });
      results.push(counts ? { childId: child, ...counts } : { childId: child, gone: true });
      if (changed) this.logger.log(`library ${child} synced from ${parentId}`);
    }
    await report(syncProgress(children.length, children.length));
    return { state: 'synced', children: results };
  }

  /** quality/copy: chosen points into an indicator of another library, in one transaction; clashing codes are renamed. */
  async copyPoints(request: PointCopyRequest, report: ProgressSink = nowhere): Promise<PointCopyOutcome> {
    let last: Progress | null = null;
    const outcome = await this.pointCopier.copy(request, copyCodes, (stage) => report((last = pointCopyStageProgress(stage))));
    if (outcome.state === 'refused') await report(failedAt(last, POINT_COPY_STAGES.length, outcome.reason));
    else await report(finished(POINT_COPY_STAGES.length));
    if (outcome.state === 'copied') this.logger.log(`${outcome.points} points of ${request.sourceLibraryId} copied to ${request.targetLibraryId}`);
    return outcome;
  }
}
