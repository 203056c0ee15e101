import type { AuditState, CentreLevel, CentreSort } from '@zhengai/contracts';
import type { CentreObjectFacts, CentreViewer } from '../../domain/centre-access.js';

/** The overview's filters as the service passes them (absent: null). */
export interface CentreFilter {
  departmentId: string | null;
  majorId: string | null;
  keyword: string | null;
}

/** Which cycle and the one before it in the level's order (null: the first). */
export interface CycleWindow {
  cycle: string;
  previous: string | null;
}

/** One object's row of the overview, as read. */
export interface CentreRowData {
  objectId: string;
  code: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  upperId: string | null;
  upperName: string | null;
  responsibleName: string | null;
  taskId: string | null;
  auditState: AuditState | null;
  score: number | null;
  lastScore: number | null;
  grades: Record<'A' | 'B' | 'C' | 'D' | 'Y' | 'N', number>;
  points: number;
  unmet: number;
  openWarnings: number;
  improvementRate: number | null;
}

export interface CentreFiguresData {
  objects: number;
  tasks: number;
  submitted: number;
  passed: number;
  points: number;
  pointsMet: number;
  warnings: number;
  warningsHandled: number;
  measures: number;
  effective: number;
  improvementRate: number | null;
}

/** An object with what the portrait's header and the access check need. */
export interface CentreObjectView extends CentreObjectFacts {
  id: string;
  code: string;
  name: string;
  departmentName: string | null;
  upperId: string | null;
  upperName: string | null;
  responsibleName: string | null;
  retired: boolean;
}

/** One task of the object a cycle (the newest of the cycle's tasks, as in the overview). */
export interface PortraitTaskData {
  cycle: string;
  taskId: string;
  rwmc: string;
  auditState: AuditState;
  score: number | null;
  grades: Record<'A' | 'B' | 'C' | 'D' | 'Y' | 'N', number>;
  unmet: number;
}

/** One point's result in one of the object's tasks. */
export interface PortraitResultData {
  cycle: string;
  code: string;
  name: string;
  zlx: string;
  /** The effective result and target texts (revised over original). */
  jgz: string | null;
  mbz: string | null;
  jgdj: string | null;
  dis: boolean;
  unfin: boolean;
  yyfx: string | null;
  gjcs: string | null;
  calRule: unknown;
}

export interface PortraitWarningData {
  id: string;
  cycle: string;
  pointName: string;
  tj: string;
  yjz: string;
  jgz: string | null;
  time: Date;
  handled: boolean;
}

export interface PortraitReportData {
  id: string;
  reportName: string;
  cycle: string;
  state: string;
}

/** The development centres' reads (set-based SQL; who reads what is the domain's CENTRE_READS). */
export abstract class CentreReader {
  /** The person's role codes and the departments they head. */
  abstract viewer(userId: string): Promise<CentreViewer>;
  /** The level's cycles with tasks, newest first (the order of cycle values). */
  abstract cycles(level: CentreLevel): Promise<string[]>;
  /** A page of the objects the viewer reads, sorted; ids in order and the count of all. */
  abstract pageIds(level: CentreLevel, window: CycleWindow, viewer: CentreViewer, filter: CentreFilter, sort: { by: CentreSort; order: 'asc' | 'desc' }, page: { take: number; skip: number }): Promise<{ ids: string[]; total: number }>;
  /** The rows of these objects, in the given order. */
  abstract rows(ids: string[], window: CycleWindow): Promise<CentreRowData[]>;
  /** The whole level's figures in one cycle, of the objects the viewer reads. */
  abstract figures(level: CentreLevel, window: CycleWindow, viewer: CentreViewer): Promise<CentreFiguresData>;
  abstract object(id: string): Promise<CentreObjectView | null>;
  abstract portraitTasks(objectId: string): Promise<PortraitTaskData[]>;
  abstract portraitResults(objectId: string): Promise<PortraitResultData[]>;
  abstract portraitWarnings(objectId: string): Promise<PortraitWarningData[]>;
  /** Published reports naming the object as a scope. */
  abstract portraitReports(level: CentreLevel, code: string): Promise<PortraitReportData[]>;
  /** A teacher's or student's own live object. */
  abstract ownObject(userId: string): Promise<{ level: CentreLevel; id: string } | null>;
}
