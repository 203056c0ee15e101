import type { NamedValue, ReportLevel, ReportScope, ReportTables } from '@zhengai/contracts';

/** A scope as the reads take it: a level and an object code (obj_task.object_type / object_code) in one cycle. */
export interface ScopeKey {
  cjlx: ReportLevel;
  cjdmid: string;
}

/** A diagnosed object that has tasks in a cycle: what the scope picker offers. */
export interface ScopeObject extends ReportScope {
  /** Its diagnosed tasks (obj_task ids) in the cycle: a person may report on it when they read every one. */
  taskIds: string[];
  /** The tasks' departments (for the target-task section of a non-school scope). */
  departmentIds: string[];
}

/** Section 1 and its two tables, counted over the scopes' quality_result rows of the cycle. */
export interface PointFacts {
  zkdzsl: number;
  zkddbqkList: NamedValue[];
  zgQualitiesRankList: Array<{ name: string; value: number; zb: string }>;
  zkdhglList: NamedValue[];
  wdbzkdsl: number;
  wdbzkdmcs: string[];
  wdbzkdejzbs: string[];
  /** The scopes' diagnosis score: the share of graded points at A or Y (kernel scoreOf), null with none graded. */
  score: number | null;
  mbjc: ReportTables['mbjc'];
  wdbzb: ReportTables['wdbzb'];
}

/** Section 2 and its table: target tasks of the cycle's year in the scope (the summary analysis's scope). */
export interface TaskFacts {
  total: number;
  wcl: string;
  zkdwcqkList: NamedValue[];
  wwczkdsl: number;
  wwczkdmcs: string[];
  wwczkdejzbs: string[];
  wwcmb: ReportTables['wwcmb'];
}

/** Section 3 and its table: quality-point warnings raised in the cycle on the scopes' points. */
export interface WarningFacts {
  yjcs: number;
  yjcll: string;
  yjqkList: NamedValue[];
  zkdmcs: string[];
  zkdyjcs: number[];
  yjjl: ReportTables['yjjl'];
}

/**
 * A measure of section 4 as read: an unmet result with a gjcs in a scope object's task of the previous cycle (the
 * newest of the cycle, as the centres take it) and that object's result of the same point code in the report's cycle.
 */
export interface MeasureRow {
  cjname: string;
  zkdmc: string;
  /** the point's value type: how its values show in the table */
  zlx: string | null;
  /** The previous cycle, whose task holds the measure. */
  sqzq: string;
  /** The effective value and target texts (revised over original), null when empty. */
  jgz: string | null;
  mbz: string | null;
  dis: boolean;
  unfin: boolean;
  gjcs: string;
  calRule: unknown;
  /** This cycle's result of the same code (null: none). */
  next: { jgz: string | null; dis: boolean; unfin: boolean } | null;
}

/** A scope with the previous cycle of its level (null: none, so no measures). */
export interface ScopeWindow extends ScopeKey {
  previous: string | null;
}

/** Whose target tasks section 2 counts: the whole school's, or those charged by these departments. */
export type TaskScope = { kind: 'global' } | { kind: 'departments'; departmentIds: string[] };

/** The live data a report is built from (set-based SQL; the same readings the diagnosis, task and warning screens make). */
export abstract class ReportDataReader {
  /** Cycles that have diagnosed tasks, newest first. */
  abstract cycles(): Promise<string[]>;
  /** The objects with diagnosed tasks in the cycle (levels of REPORT_LEVELS), school first, then by level and name. */
  abstract scopeObjects(cycle: string): Promise<ScopeObject[]>;
  /** The departments of the scopes' diagnosed tasks in the cycle (obj_task.department_id), each once: whose target tasks section 2 counts. */
  abstract scopeDepartments(scopes: ScopeKey[], cycle: string): Promise<string[]>;
  abstract points(scopes: ScopeKey[], cycle: string): Promise<PointFacts>;
  abstract warnings(scopes: ScopeKey[], cycle: string): Promise<WarningFacts>;
  /** Section 4's measures: each scope's previous-cycle measures with this cycle's result of the same code, in scope and point order. */
  abstract measures(scopes: ScopeWindow[], cycle: string): Promise<MeasureRow[]>;
  /**
   * The unfinished target tasks (rwjd not hasDone / delayDone) of the year (one of rwnf) in the scope, by jssj then
   * name: the 未完成目标 table. Counts come from target-tasks' TaskSummaryReader (the summary screen's query).
   */
  abstract unfinishedTasks(scope: TaskScope, year: string): Promise<ReportTables['wwcmb']>;
}
