import type { SyncPlan, SyncSide } from '../../domain/library-sync-plan.js';

export interface SyncCounts {
  addedIndicators: number;
  renamedIndicators: number;
  addedPoints: number;
  updatedPoints: number;
  skipped: number;
}

/** Sync from a parent into one child, in one transaction a child. */
export abstract class LibrarySyncRepository {
  /**
   * Locks the child, reads both sides in one snapshot, asks plan for the changes and applies them set-based;
   * null when the parent or the child is gone or deleted, or the child no longer belongs to the parent.
   */
  abstract syncChild(parentId: string, childId: string, plan: (parent: SyncSide, child: SyncSide & { treeLevel: number }) => SyncPlan): Promise<SyncCounts | null>;
}
