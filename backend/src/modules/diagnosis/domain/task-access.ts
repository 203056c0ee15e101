import { isEditable, type AuditState } from './audit.js';

export type LibraryAccess = 'write' | 'read' | null;

/** A grant on one task to one person (obj/authority): read, or write (edit like its owner; never audit). */
export type TaskGrantAccess = 'read' | 'write';

/** What decides a person's reach over an object's task. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
  /** From the library's creator and its authorities (write or read, to a role group or the person). */
  libraryAccess: LibraryAccess;
  /** Departments the person heads. */
  headsDepartments: string[];
  /** The person's grants on tasks, by task id (absent: none). */
  taskGrants?: Readonly<Record<string, TaskGrantAccess>>;
}

export interface TaskParties {
  /** The task's id, which its grants are keyed by (without it no grant applies). */
  id?: string;
  ownerId: string | null;
  auditorId: string | null;
  departmentId: string | null;
  auditState: AuditState;
}

const headsTask = (v: Viewer, t: TaskParties) => t.departmentId !== null && v.headsDepartments.includes(t.departmentId);

/** The person's grant on this task, if any. */
export const grantOn = (v: Viewer, t: Pick<TaskParties, 'id'>): TaskGrantAccess | null => (t.id !== undefined ? (v.taskGrants?.[t.id] ?? null) : null);

/** Readers: its owner and auditor, its department's head, anyone the library or the task grants, administrators. */
export function canReadTask(v: Viewer, t: TaskParties): boolean {
  return v.isAdmin || v.userId === t.ownerId || v.userId === t.auditorId || headsTask(v, t) || v.libraryAccess !== null || grantOn(v, t) !== null;
}

/** Who writes a task at all (its state aside): its owner, its department's head, a write grant on it, administrators. */
export function writesTask(v: Viewer, t: Pick<TaskParties, 'id' | 'ownerId' | 'departmentId'>): boolean {
  return v.isAdmin || v.userId === t.ownerId || (t.departmentId !== null && v.headsDepartments.includes(t.departmentId)) || grantOn(v, t) === 'write';
}

/** Writers of results, cause analyses and measures: its owner, its department's head, a write grant (or an administrator), before submission. */
export function canEditTask(v: Viewer, t: TaskParties): boolean {
  if (!isEditable(t.auditState)) return false;
  return writesTask(v, t);
}

/** Auditors: the named auditor, whoever may write the library, administrators; never the owner of the task. */
export function canAuditTask(v: Viewer, t: TaskParties): boolean {
  if (v.userId === t.ownerId && !v.isAdmin) return false;
  return v.isAdmin || v.userId === t.auditorId || v.libraryAccess === 'write';
}

/** Why an edit is refused: after submission it is the state, otherwise the person. */
export function editRefusal(v: Viewer, t: TaskParties): 'locked' | 'forbidden' | null {
  if (canEditTask(v, t)) return null;
  return !isEditable(t.auditState) && writesTask(v, t) ? 'locked' : 'forbidden';
}

/** Who grades the task again, scores it and refreshes its targets: whoever may edit it now, and administrators at any state. */
export function canRecalculate(v: Viewer, t: TaskParties): boolean {
  return v.isAdmin || canEditTask(v, t);
}

/** Who sets a task's grants (obj/authority): its owner and administrators only. */
export function canManageGrants(v: Pick<Viewer, 'userId' | 'isAdmin'>, t: Pick<TaskParties, 'ownerId'>): boolean {
  return v.isAdmin || (t.ownerId !== null && v.userId === t.ownerId);
}

/** Who handles a task's warnings: its owner, its department's head, administrators — at any audit state. */
export function canHandleWarnings(v: Viewer, t: TaskParties): boolean {
  return v.isAdmin || v.userId === t.ownerId || headsTask(v, t);
}
