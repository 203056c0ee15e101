import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { isEmptyPlan, planSync } from '../domain/library-sync-plan.js';
import { LibraryCopier, type CopyOutcome, type CopyRequest } from './ports/library-copier.port.js';
import { LibrarySyncRepository, type SyncCounts } from './ports/library-sync-repository.port.js';
import { LibraryRepository } from './ports/library-repository.port.js';

export interface SyncOutcome {
  state: 'synced';
  children: Array<{ childId: string } & (SyncCounts | { gone: true })>;
}

/** The work behind the copy-target and sync-quality jobs; both are safe to run twice. */
@Injectable()
export class LibraryJobsService {
  private readonly logger = new Logger('LibraryJobs');

  constructor(
    private readonly copier: LibraryCopier,
    private readonly sync: LibrarySyncRepository,
    private readonly libraries: LibraryRepository,
  ) {}

  async copy(request: CopyRequest, attempt: number): Promise<CopyOutcome> {
    const outcome = await this.copier.copy(request, attempt);
    if (outcome.state === 'copied') this.logger.log(`library ${request.sourceId} copied to ${request.libraryId}: ${outcome.points} points, ${outcome.indicators} indicators`);
    return outcome;
  }

  /** One transaction a child: a child that fails leaves the others synced, and the retry redoes only what differs. */
  async syncFromParent(parentId: string, childId: string | null): Promise<SyncOutcome> {
    const children = childId === null ? await this.libraries.children(parentId, { live: true }) : [childId];
    const results: SyncOutcome['children'] = [];
    for (const child of children) {
      let changed = false;
      const counts = await this.sync.syncChild(parentId, child, (parent, side) => {
        const plan = planSync(parent, side, randomUUID);
        changed = !isEmptyPlan(plan);
        return plan;
      });
      results.push(counts ? { childId: child, ...counts } : { childId: child, gone: true });
      if (changed) this.logger.log(`library ${child} synced from ${parentId}`);
    }
    return { state: 'synced', children: results };
  }
}
