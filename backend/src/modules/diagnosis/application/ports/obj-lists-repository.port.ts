import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { AuditState } from '../../domain/audit.js';
import type { ValueType } from '../../../../shared/kernel/value-types.js';

/** An upper or lower object's task, as the up and down lists show it. */
export interface LinkedTask {
  id: string;
  libraryId: string;
  libraryName: string;
  rwmc: string;
  objectName: string;
  cycleValue: string;
  auditState: AuditState;
}

/** One point of a task with what grading and the up/down pushes read. originId: the parent library's point. */
export interface TaskPoint {
  taskId: string;
  pointId: string;
  originId: string | null;
  zlx: ValueType;
  mbz: string | null;
  bzz: string | null;
  calRule: unknown;
  xzmbz: string | null;
  jgz: string | null;
  xzjgz: string | null;
}

export interface PointGrade {
  pointId: string;
  jgdj: string | null;
  unfin: boolean;
  dis: boolean;
}

/** The task whose lists are asked: its library and cycle (and, read by its id, its diagnosis object if it has one). */
export interface ListedTask {
  id: string;
  libraryId: string;
  cycleValue: string;
}

/**
 * The tasks related through libraries (a library's live children and its live parent, same cycle) and the writes
 * of obj/updateDownList and obj/updateUpList. Methods taking a Transaction run inside the caller's UnitOfWork.
 * A task of a diagnosis object (obj_task.object_id, issue 32) relates only to the tasks of its objects' relations:
 * its lower ones are the tasks of the objects below its object (a major's courses and students; the school's majors
 * and teachers), its upper one the task of the object above (a course's or student's major; a major's or teacher's
 * school). A task without an object keeps the library relation alone (the demo's older tasks).
 */
export abstract class ObjListsRepository {
  /** Tasks of this cycle on the library's live child libraries (lower objects; of the objects below the task's object). */
  abstract lowerTasks(task: ListedTask, tx?: Transaction): Promise<LinkedTask[]>;
  /** Tasks of this cycle on the library's live parent library (upper objects; of the object above the task's object). */
  abstract upperTasks(task: ListedTask): Promise<LinkedTask[]>;
  /** Locks the tasks for the transaction (in id order) and answers their audit states as they are now. */
  abstract lockTasks(tx: Transaction, taskIds: string[]): Promise<Map<string, AuditState>>;
  /** Every point of each task with its entry (none yet: null values). */
  abstract points(tx: Transaction, taskIds: string[]): Promise<TaskPoint[]>;
  /** Each task's owner and department: who may write it (domain/task-access.ts writesTask). */
  abstract writersOf(tx: Transaction, taskIds: string[]): Promise<Map<string, { ownerId: string | null; departmentId: string | null }>>;
  /** Writes one value column of a task's points, creating rows on first write; by whom is recorded. */
  abstract writeValues(tx: Transaction, taskId: string, column: 'xzmbz' | 'jgz', values: Array<{ pointId: string; value: string }>, userId: string): Promise<void>;
  /** Every point's grade and the task's score, as calresult stores them. */
  abstract saveGrades(tx: Transaction, taskId: string, grades: PointGrade[], score: number | null): Promise<void>;
}
