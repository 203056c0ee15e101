import type { VisibleTasks } from '../../../../shared/kernel/visible-tasks.js';

export interface WarningFlow {
  id: string;
  resultId: string;
  objTaskId: string;
  pointId: string;
  yjsj: Date;
  yjlx: string;
  tj: string;
  yjz: string;
  jgz: string | null;
  zlx: string;
  clsj: Date | null;
  clcs: string | null;
  yyfx: string | null;
  clrmc: string | null;
}

/** One line of the warning table: a point of a task with its warnings counted. */
export interface WarningTableRow {
  pointId: string;
  zkdmc: string;
  zlx: string;
  yjz: string;
  allNum: number;
  disposeNum: number;
  latestId: string;
  latestOpen: boolean;
  /** Of the latest handled warning. */
  yyfx: string | null;
  clcs: string | null;
  clrmc: string | null;
}

export interface OpenWarning {
  id: string;
  objTaskId: string;
  pointId: string;
  zkdmc: string;
  rwmc: string;
  gzdxmc: string;
  objectType: string;
  yjsj: Date;
  yjz: string;
  tj: string;
  jgz: string | null;
  zlx: string;
  /** value or level; for a level rule the point's target and grading rule, to grade the monitored value */
  yjlx: string;
  target?: string | null;
  calRule?: unknown;
}

export interface SampleRow {
  sj: Date;
  cjz: string | null;
  zlx: string;
}

/** Who handles warnings: a task's owner, its department's heads, or (all) administrators. */
export interface WarningHandler {
  userId: string;
  all: boolean;
  departmentIds: string[];
}

export abstract class WarningFlowRepository {
  abstract flow(id: string): Promise<WarningFlow | null>;
  abstract table(objTaskId: string): Promise<WarningTableRow[]>;
  abstract history(objTaskId: string, pointId: string): Promise<WarningFlow[]>;
  /** Sets clsj, the texts and the handler, only while open; false when someone handled it first. */
  abstract dispose(id: string, entry: { yyfx: string; clcs: string; userId: string; userName: string }): Promise<boolean>;
  abstract counts(scope: { objTaskId: string } | { visible: VisibleTasks }): Promise<{ allNum: number; disposeNum: number }>;
  /** Open warnings of the tasks a person handles (owner or department head; everything for administrators). */
  abstract openFor(handler: WarningHandler, window: { skip: number; take: number }): Promise<{ rows: OpenWarning[]; total: number }>;
  /** How many open warnings openFor would list. */
  abstract openCount(handler: WarningHandler): Promise<number>;
  abstract samples(objTaskId: string, pointId: string, from: Date, to: Date): Promise<SampleRow[]>;
  /** The latest sample's detail rows of a point of a task. */
  abstract latestDetail(objTaskId: string, pointId: string): Promise<{ datasourceId: string | null; cjfs: string; xsfs: string; detail: Array<Record<string, unknown>> | null } | null>;
  abstract rule(pointId: string): Promise<unknown>;
}
