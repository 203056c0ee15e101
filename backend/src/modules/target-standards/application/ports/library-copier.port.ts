import type { CopyStage } from '../../domain/job-progress.js';

export interface CopyRequest {
  sourceId: string;
  /** Made before the job is enqueued; the job id derives from it. */
  libraryId: string;
  name: string;
  /** The copy's cycle; the source's when null. */
  cycleValue: string | null;
  creatorId: string;
}

export type CopyOutcome =
  | { state: 'copied'; indicators: number; points: number; datasources: number; authorities: number }
  /** The library already exists: an earlier run committed it whole. */
  | { state: 'exists' }
  /** Final: a retry would not mend it (the source is gone). */
  | { state: 'refused'; reason: string };

/**
 * Copies a library with its catalogue tree, points with their data sources, and authorities, in one transaction
 * and set-based: either the whole copy is committed or nothing of it is.
 */
export abstract class LibraryCopier {
  /** onStage is told before each statement runs (the job's progress): one call a stage, never a row. */
  abstract copy(request: CopyRequest, attempt: number, onStage?: (stage: CopyStage) => Promise<void>): Promise<CopyOutcome>;
}

export type CopyStep = 'start' | 'library' | 'indicators' | 'points' | 'datasources' | 'authorities';

/** Told of each step of a copy, inside its transaction (logging; the tests interrupt a copy here). */
export abstract class LibraryCopyObserver {
  abstract reached(step: CopyStep, context: { libraryId: string; attempt: number }): Promise<void>;
}
