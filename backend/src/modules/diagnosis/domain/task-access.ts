import { isEditable, type AuditState } from './audit.js';

export type LibraryAccess = 'write' | 'read' | null;

/** What decides a person's reach over an object's task. */
export interface Viewer {
  userId: string;
  isAdmin: boolean;
  /** From the library's creator and its authorities (write or read, to a role group or the person). */
  libraryAccess: LibraryAccess;
  /** Departments the person heads. */
  headsDepartments: string[];
}

export interface TaskParties {
  ownerId: string | null;
  auditorId: string | null;
  departmentId: string | null;
  auditState: AuditState;
}

const headsTask = (v: Viewer, t: TaskParties) => t.departmentId !== null && v.headsDepartments.includes(t.departmentId);

/** Readers: its owner and auditor, its department's head, anyone the library grants, administrators. */
export function canReadTask(v: Viewer, t: TaskParties): boolean {
  return v.isAdmin || v.userId === t.ownerId || v.userId === t.auditorId || headsTask(v, t) || v.libraryAccess !== null;
}

/** Who writes a task at all (its state aside): its owner, its department's head, administrators. */
export function writesTask(v: Viewer, t: Pick<TaskParties, 'ownerId' | 'departmentId'>): boolean {
  return v.isAdmin || v.userId === t.ownerId || (t.departmentId !== null && v.headsDepartments.includes(t.departmentId));
}

/** Writers of results, cause analyses and measures: its owner or its department's head (or an administrator), before submission. */
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
  return !isEditable(t.auditState) && (v.isAdmin || v.userId === t.ownerId || headsTask(v, t)) ? 'locked' : 'forbidden';
}

/** Who handles a task's warnings: its owner, its department's head, administrators — at any audit state. */
export function canHandleWarnings(v: Viewer, t: TaskParties): boolean {
  return v.isAdmin || v.userId === t.ownerId || headsTask(v, t);
}
