import type { Page, ProgressAudit, ProgressReportType, TargetTask, TaskListCounts, TaskPageType, UrgeStatus } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { TaskRelation, TaskStanding } from '../../domain/task-access.js';
import type { TaskFacts } from '../../domain/transitions.js';

/** A task's fields as add and update write them (checked by the service). */
export interface TargetTaskValues {
  yearTargetId: string;
  parentId: string | null;
  rwmc: string;
  rwlx: string;
  examType: 'score' | 'level';
  rwnf: string;
  kssj: string;
  jssj: string;
  chargeDepartId: string;
  ownerId: string;
  auditorId: string | null;
  jkr: string | null;
  coopDepartIds: string[];
  targetUnit: string | null;
}

export type { TaskStanding };

export interface TargetTaskFilter {
  pageType: TaskPageType;
  pageNum: number;
  pageSize: number;
  year?: string;
  yearTargetId?: string;
  name?: string;
  taskState?: 'normal' | 'pause' | 'finished';
  rwjd?: string;
  rwlx?: string;
  /** Only tasks with an open warning of this kind. */
  warningType?: 'process' | 'expired';
  sort?: 'asc' | 'desc';
  /** The year target's cycleYear. */
  cycleYear?: string;
  chargeDepartId?: string;
  /** Last-level tasks (no children) whose name contains this. */
  leafName?: string;
  /** Last-level tasks (no children) whose owner's name contains this. */
  leafOwner?: string;
  /** Last-level tasks only (implied by leafName and leafOwner). */
  leafOnly?: boolean;
  /** What waits for the person: audit (待审核) or todo (待办任务), the home page's counters. */
  waiting?: 'audit' | 'todo';
}

/** A task as a move reads it under lock: the domain's facts and the people it names. */
export interface LockedTask {
  facts: TaskFacts;
  ownerId: string | null;
  auditorId: string | null;
  creatorId: string | null;
  chargeDepartId: string | null;
  parentOwnerId: string | null;
}

/** What a move writes besides the task's own columns. */
export type MoveSideEffect =
  | { kind: 'report'; reportType: ProgressReportType; content: string; valueReached: number | null; fileIds: string[] }
  | { kind: 'reportAudit'; audit: Exclude<ProgressAudit, 'reviewing'>; reason: string | null }
  | { kind: 'delayRequest'; oldEndDate: string; newEndDate: string; reason: string }
  | { kind: 'delayDecision'; granted: boolean; reason: string | null }
  | { kind: 'urge'; status: UrgeStatus; toUserId: string; message: string | null }
  | { kind: 'acceptUrge' }
  | { kind: 'taskAudit'; reason: string | null };

export interface MoveWrite {
  taskId: string;
  actorId: string;
  action: string;
  from: TaskFacts;
  to: TaskFacts;
  targetValue: number | null;
  reason: string | null;
  side: MoveSideEffect | null;
}

export type TaskWriteResult = { ok: true; id: string } | { ok: false; reason: 'notFound' | 'hasChildren' | 'hasReports' };

/** Target tasks in the database. Methods taking a Transaction run inside the caller's UnitOfWork. */
export abstract class TargetTaskRepository {
  /** The page's tasks the person sees (the access table's predicate of the page). */
  abstract list(filter: TargetTaskFilter, standing: TaskStanding): Promise<Page<TargetTask>>;
  /** The figures beside the list of `filter` (paging ignored): counted over exactly the tasks the list holds. */
  abstract listCounts(filter: TargetTaskFilter, standing: TaskStanding): Promise<TaskListCounts>;
  /** The person's relations to the task (domain/task-access.ts), and its rwjd; null when there is no such task. */
  abstract relations(standing: TaskStanding, id: string, tx?: Transaction): Promise<{ relations: Set<TaskRelation>; rwjd: LockedTask['facts']['rwjd'] } | null>;
  abstract find(id: string): Promise<TargetTask | null>;
  abstract yearTargetExists(id: string): Promise<boolean>;
  /** The parent's year target, or null when there is no such task. */
  abstract parentYearTarget(parentId: string): Promise<string | null>;
  abstract departmentsExist(ids: string[]): Promise<boolean>;
  abstract usersExist(ids: string[]): Promise<boolean>;
  abstract add(tx: Transaction, values: TargetTaskValues, creatorId: string): Promise<string>;
  abstract update(tx: Transaction, id: string, values: TargetTaskValues): Promise<boolean>;
  /** Deletes a task without children or reports, in one statement. */
  abstract remove(id: string): Promise<TaskWriteResult>;
  /** The task under a row lock (FOR NO KEY UPDATE: moves of one task wait for each other) for a move. */
  abstract lock(tx: Transaction, id: string): Promise<LockedTask | null>;
  /** The facts without a lock (the detail's buttons). */
  abstract read(id: string): Promise<LockedTask | null>;
  abstract writeMove(tx: Transaction, write: MoveWrite): Promise<void>;
  /** The task's name and the person's, for the messages a move leaves (read in the move's transaction). */
  abstract messageNames(tx: Transaction, taskId: string, userId: string): Promise<{ task: string; actor: string }>;
}

/** Who a person is to target tasks (domain TaskStanding), read at once. */
export abstract class TaskAccessReader {
  abstract standing(userId: string): Promise<TaskStanding>;
}
