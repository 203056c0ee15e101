import type { YearCopyStage } from '../../domain/year-target-copy.js';

export interface YearCopyRequest {
  sourceId: string;
  /** Made before the job is enqueued; the job id derives from it. */
  yearTargetId: string;
  cycleYear: string;
  requesterId: string;
}

export type YearCopyOutcome =
  | { state: 'copied'; tasks: number; cooperations: number }
  /** The new target exists: an earlier run committed it whole. */
  | { state: 'exists' }
  /** Final: a retry would not mend it (the source is gone, the name is taken in that year). */
  | { state: 'refused'; reason: string };

/**
 * Copies a year target and its whole task tree into another year in ONE transaction, set-based, with the target year
 * locked: either the whole copy is committed or nothing of it is.
 */
export abstract class YearTargetCopier {
  /** onStage is told before each statement runs (the job's progress): one call a stage, never a row. */
  abstract copy(request: YearCopyRequest, onStage?: (stage: YearCopyStage) => Promise<void>): Promise<YearCopyOutcome>;
  /** Whether the year holds a target of that name (the start's early refusal; the copy checks again under its lock). */
  abstract nameTaken(cycleYear: string, name: string): Promise<boolean>;
}
