import type { AuditAction, AuditState } from '../../domain/audit.js';
import type { Grade } from '../../../../shared/kernel/grade.js';
import type { ValueType } from '../../../../shared/kernel/value-types.js';
import type { VisibleTasks } from '../../../../shared/kernel/visible-tasks.js';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';

export interface ObjTask {
  id: string;
  libraryId: string;
  libraryName: string;
  rwmc: string;
  objectType: string;
  objectCode: string;
  objectName: string;
  objectId: string | null;
  cycleValue: string;
  departmentId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  auditorId: string | null;
  auditorName: string | null;
  auditState: AuditState;
  score: number | null;
  /** the task's start and end, yyyy-MM-dd (null for a cycle without a year) */
  kssj: string | null;
  jssj: string | null;
  /** its launch closed the cycle (no edits, submissions, audits) */
  cycleClosed: boolean;
  /** 催办 of its owner: how many, the last (yyyy-MM-dd HH:mm:ss) */
  urgeCount: number;
  lastUrgedAt: string | null;
}

/** A point as an object's task sees it: definition, this cycle's entry and last cycle's result. */
export interface PointRow {
  pointId: string;
  code: string;
  zkdmc: string;
  nh: string | null;
  zdbz: string | null;
  bzz: string | null;
  mbz: string | null;
  zlx: ValueType;
  fsdl: number;
  fsjzxz: number;
  ration: string | null;
  calRule: unknown;
  indicatorId: string | null;
  xzmbz: string | null;
  jgz: string | null;
  /** Where jgz came from: typed by a person, or the latest sample of a point read from a source. */
  jgzSource?: 'typed' | 'sampled' | null;
  xzjgz: string | null;
  jgdj: Grade | null;
  yyfx: string | null;
  gjcs: string | null;
  unfin: boolean;
  dis: boolean;
  sljsz: string | null;
  sldj: Grade | null;
}

export interface Datasource {
  pointId: string;
  sjlx: string;
  jsgz: string | null;
  cjfs: 'report' | 'algorithm' | 'sql' | 'interface';
  xsfs: 'table' | 'pie' | 'histogram' | 'line' | 'file';
}

export interface IndicatorRow {
  id: string;
  parentId: string | null;
  name: string;
  level: number;
}

export interface AttachmentRef {
  id: string;
  pointId: string;
  fileId: string;
  fileName: string;
  fileType: string;
  stage: string;
}

export interface ResultEntry {
  xzmbz: string | null;
  jgz: string | null;
  jgzSource?: 'typed' | 'sampled' | null;
  xzjgz: string | null;
  jgdj: string | null;
  yyfx: string | null;
  gjcs: string | null;
  unfin: boolean;
  dis: boolean;
}

export interface AuditStep {
  id: string;
  action: AuditAction;
  fromState: AuditState;
  toState: AuditState;
  comment: string | null;
  userId: string | null;
  userName: string;
  createdAt: Date;
}

export interface TableReads {
  rows: PointRow[];
  sources: Datasource[];
  indicators: IndicatorRow[];
  files: AttachmentRef[];
}

/** task/select's filters: a library, a cycle, a level (object type), an audit state, part of the task's or object's name. */
export interface TaskFilter {
  libraryId?: string;
  cycleValue?: string;
  objectType?: string;
  auditState?: AuditState;
  keyword?: string | null;
}

/** Objects' tasks, their point rows and their audit history. */
export abstract class DiagnosisRepository {
  abstract task(id: string): Promise<ObjTask | null>;
  /** The tasks `visibleTo` reads that the filters keep (each one only narrows), one page and the count of them all. */
  abstract tasks(filter: TaskFilter & { visibleTo: VisibleTasks }, window: { skip: number; take: number }): Promise<{ rows: ObjTask[]; total: number }>;
  /** The cycles of the tasks `visibleTo` reads (of one object type), newest first. */
  abstract taskCycles(filter: { objectType?: string; visibleTo: VisibleTasks }): Promise<string[]>;
  /**
   * The task's rows (libraryId: the task's library, as read with it); with a point, the rows whose id or code (zkdid)
   * is that (one, or two when a code equals another point's id).
   */
  abstract rows(taskId: string, libraryId: string, pointId?: string, tx?: Transaction): Promise<PointRow[]>;
  /** The library's data sources; with a point, that point's only. */
  abstract datasources(libraryId: string, pointId?: string): Promise<Datasource[]>;
  abstract indicators(libraryId: string): Promise<IndicatorRow[]>;
  /**
   * What the quality-point table draws, read together: the task's rows (with a point, as rows() reads them), and its
   * library's data sources and indicators and the task's point attachments, in their orders.
   */
  abstract table(taskId: string, libraryId: string, pointId?: string): Promise<TableReads>;
  /**
   * Writes one point's entry for a task, creating the row on first save, and the task's score from its rows as stored,
   * in one transaction holding the task: only while the task is editable (isEditable). Answers the task's state as
   * locked (null when the task is gone); nothing is written unless it is editable.
   */
  abstract saveEntry(taskId: string, pointId: string, entry: ResultEntry, userId: string): Promise<AuditState | null>;
  /**
   * Locks the task's row (FOR NO KEY UPDATE) in the caller's transaction: every write to a task's rows takes its task
   * first, so writers of one task wait in turn instead of deadlocking (obj_task rows in id order, then their
   * quality_result rows). Answers its state, or null when the task is gone.
   */
  abstract lockTask(tx: Transaction, taskId: string): Promise<AuditState | null>;
  /** Writes every grade of the task (creating rows for points not yet touched) and its score, in the caller's transaction. */
  abstract saveGrades(tx: Transaction, taskId: string, grades: Array<{ pointId: string; jgdj: string | null; unfin: boolean; dis: boolean }>, score: number | null): Promise<void>;
  /** Moves the task and records the step, in `tx`; false when the state changed meanwhile. */
  abstract audit(tx: Transaction, taskId: string, from: AuditState, to: AuditState, step: { action: AuditAction; comment: string | null; userId: string; userName: string }): Promise<boolean>;
  abstract auditSteps(taskId: string): Promise<AuditStep[]>;
  /** Which of these tasks belong to a launch that closed its cycle (诊断任务下发 关闭周期). */
  abstract closedTasks(taskIds: string[], tx?: Transaction): Promise<Set<string>>;
}
