import type { TaskWarningMaps } from '../../../workbench/application/ports/task-counts.port.js';
import type { WarningConditions } from '../../domain/task-warnings.js';
import type { TaskStanding } from '../../domain/task-access.js';

/** The conditions stored for a year target, or the school-wide ones (yearTargetId null). */
export interface StoredConditions extends WarningConditions {
  yearTargetId: string | null;
  updateTime: string | null;
}

/** Which open warnings to count, already resolved to the viewer. */
export type WarningCountScope = { kind: 'all' } | { kind: 'personal' } | { kind: 'department'; departmentIds: string[] };

/** Task warnings in the database: the conditions, the set-based scan and the counts. */
export abstract class TaskWarningRepository {
  /** The year target's own row, or null (yearTargetId null: the school-wide row). */
  abstract conditions(yearTargetId: string | null): Promise<StoredConditions | null>;
  abstract saveConditions(yearTargetId: string | null, conditions: WarningConditions, userId: string): Promise<void>;
  abstract yearTargetExists(id: string): Promise<boolean>;
  /**
   * One scan on `today` (yyyy-MM-dd): closes resolved warnings and opens missing ones, set-based, idempotent, safe
   * when two run at once (the unique key and the closed_at IS NULL re-check under the row lock).
   */
  abstract scan(today: string): Promise<{ opened: number; closed: number }>;
  abstract warningMaps(standing: TaskStanding, scope: WarningCountScope): Promise<TaskWarningMaps>;
}
