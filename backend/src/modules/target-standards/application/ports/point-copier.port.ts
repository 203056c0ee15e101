import type { PointCopyStage } from '../../domain/job-progress.js';
import type { TargetLevel } from '../../domain/library-rules.js';

export interface PointCopyRequest {
  /** The job id: the copies' ids derive from it, so a retry after a commit finds the copy. */
  taskId: string;
  sourceLibraryId: string;
  pointIds: string[];
  targetLibraryId: string;
  indicatorId: string;
}

export type PointCopyOutcome =
  | { state: 'copied'; points: number; datasources: number; renamed: Array<{ from: string; to: string }> }
  /** An earlier run of the same job committed the copy. */
  | { state: 'exists' }
  /** Final: a retry would not mend it (a library, the indicator or a point is gone). */
  | { state: 'refused'; reason: string };

/** The codes the copies take, given the source points' codes in order and the codes the target holds. */
export type CodePlanner = (level: TargetLevel, sourceCodes: string[], targetCodes: string[]) => string[];

/**
 * Copies chosen point definitions with their data sources (and their calculation and warning rules, which are
 * columns of the point) into an indicator of another library: one transaction, set-based, the target library row
 * locked so the codes planned are still free when written.
 */
export abstract class PointCopier {
  abstract copy(request: PointCopyRequest, planCodes: CodePlanner, onStage: (stage: PointCopyStage) => Promise<void>): Promise<PointCopyOutcome>;
}
