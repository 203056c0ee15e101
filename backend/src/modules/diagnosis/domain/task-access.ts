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
  /** Its launch closed the cycle (诊断任务下发 关闭周期): nobody edits, submits, audits or regrades it; it stays readable. */
  cycleClosed?: boolean;
}

const headsTask = (v: Viewer, t: TaskParties) => t.departmentId !== null && v.headsDepartments.includes(t.departmentId);

/** The person's grant on this task, if any. */
export const grantOn = (v: Viewer, t: Pick<TaskParties, 'id'>): TaskGrantAccess | null => (t.id !== undefined ? (v.taskGrants?.[t.id] ?? null) : null);

/**
 * How a person stands to an object's task (several at once): administrator, its owner, head of its department, its
 * auditor, a writer or reader of its library (creator, administrators and grants: `LibraryAccessReader`), a write or
 * read grant on the task itself (obj/authority).
 */
export type TaskRelation = 'admin' | 'owner' | 'departmentHead' | 'auditor' | 'libraryWriter' | 'libraryReader' | 'grantWriter' | 'grantReader';

/**
 * read: task/select, the table, a row, the audit history; write: its entries, analyses and measures whatever the
 * state (`edit` is write while draft or refused; a push down writes only such tasks); audit: pass, refuse; handleWarnings;
 * grant: obj/authority; recalculate: calScore and refreshTarget at any state (others: while they may edit).
 */
export type TaskRight = 'read' | 'write' | 'audit' | 'handleWarnings' | 'grant' | 'recalculate';

/**
 * The one table of who may do what with an object's task (module README "Who reads and writes a task"). Every
 * relation reads, so the task list's SQL (`visibleTasksCondition`: administrator, owner, auditor, headed department,
 * a readable library, a task grant) is "some relation holds"; the property test holds list and detail equal.
 */
export const TASK_RIGHTS_OF: Readonly<Record<TaskRelation, readonly TaskRight[]>> = {
  admin: ['read', 'write', 'audit', 'handleWarnings', 'grant', 'recalculate'],
  owner: ['read', 'write', 'handleWarnings', 'grant'],
  departmentHead: ['read', 'write', 'handleWarnings'],
  auditor: ['read', 'audit'],
  libraryWriter: ['read', 'audit'],
  libraryReader: ['read'],
  grantWriter: ['read', 'write'],
  grantReader: ['read'],
};

/** Rights a relation takes away from the others (an administrator keeps them): the owner never audits their own task. */
export const TASK_RIGHTS_WITHHELD: Readonly<Partial<Record<TaskRelation, readonly TaskRight[]>>> = { owner: ['audit'] };

export function taskRelationsOf(v: Viewer, t: TaskParties): TaskRelation[] {
  const out: TaskRelation[] = [];
  if (v.isAdmin) out.push('admin');
  if (t.ownerId !== null && v.userId === t.ownerId) out.push('owner');
  if (headsTask(v, t)) out.push('departmentHead');
  if (t.auditorId !== null && v.userId === t.auditorId) out.push('auditor');
  if (v.libraryAccess === 'write') out.push('libraryWriter');
  if (v.libraryAccess === 'read') out.push('libraryReader');
  const grant = grantOn(v, t);
  if (grant === 'write') out.push('grantWriter');
  if (grant === 'read') out.push('grantReader');
  return out;
}

export function taskRightsOf(relations: readonly TaskRelation[]): Set<TaskRight> {
  const rights = new Set(relations.flatMap((r) => TASK_RIGHTS_OF[r]));
  if (!relations.includes('admin')) for (const r of relations) for (const w of TASK_RIGHTS_WITHHELD[r] ?? []) rights.delete(w);
  return rights;
}

const has = (v: Viewer, t: TaskParties, right: TaskRight) => taskRightsOf(taskRelationsOf(v, t)).has(right);
/** writesTask and canManageGrants are asked with a part of the task's parties. */
const parties = (t: Partial<TaskParties>): TaskParties => ({ ownerId: null, auditorId: null, departmentId: null, auditState: 'draft', ...t });

/** Readers: its owner and auditor, its department's head, anyone the library or the task grants, administrators. */
export function canReadTask(v: Viewer, t: TaskParties): boolean {
  return has(v, t, 'read');
}

/** Who writes a task at all (its state aside): its owner, its department's head, a write grant on it, administrators. */
export function writesTask(v: Viewer, t: Pick<TaskParties, 'id' | 'ownerId' | 'departmentId'>): boolean {
  return has(v, parties(t), 'write');
}

/** Writers of results, cause analyses and measures: its owner, its department's head, a write grant (or an administrator), before submission. */
export function canEditTask(v: Viewer, t: TaskParties): boolean {
  if (!isEditable(t.auditState) || t.cycleClosed === true) return false;
  return writesTask(v, t);
}

/** Auditors: the named auditor, whoever may write the library, administrators; never the owner of the task. */
export function canAuditTask(v: Viewer, t: TaskParties): boolean {
  return t.cycleClosed !== true && has(v, t, 'audit');
}

/**
 * Why an edit is refused: for its writers, a closed cycle (`closed`), then the state after submission (`locked`);
 * otherwise the person (`forbidden`).
 */
export function editRefusal(v: Viewer, t: TaskParties): 'closed' | 'locked' | 'forbidden' | null {
  if (canEditTask(v, t)) return null;
  if (!writesTask(v, t)) return 'forbidden';
  if (t.cycleClosed === true) return 'closed';
  return !isEditable(t.auditState) ? 'locked' : 'forbidden';
}

/** Who audits a task but may not now because its cycle is closed (the refusal names the cycle, not the person). */
export const auditClosed = (v: Viewer, t: TaskParties): boolean => t.cycleClosed === true && has(v, t, 'audit');

/** Who grades the task again, scores it and refreshes its targets: whoever may edit it now, and administrators at any state (a closed cycle: nobody). */
export function canRecalculate(v: Viewer, t: TaskParties): boolean {
  if (t.cycleClosed === true) return false;
  return has(v, t, 'recalculate') || canEditTask(v, t);
}

/** Who sets a task's grants (obj/authority): its owner and administrators only. */
export function canManageGrants(v: Pick<Viewer, 'userId' | 'isAdmin'>, t: Pick<TaskParties, 'ownerId'>): boolean {
  return has({ ...v, libraryAccess: null, headsDepartments: [] }, parties(t), 'grant');
}

/** Who handles a task's warnings: its owner, its department's head, administrators — at any audit state. */
export function canHandleWarnings(v: Viewer, t: TaskParties): boolean {
  return has(v, t, 'handleWarnings');
}

/**
 * 我的待办's diagnosis items (issue 34): what waits for the person the task names, in which audit states, and the
 * right of the table above that the move needs (task-access.spec checks each relation holds it and each state allows
 * the move). Others who hold the right (a department head, a library writer, administrators) may act, but the task
 * waits for the one it names, as a target task's audit waits for its auditor.
 */
export const TASK_TODOS: ReadonlyArray<{ move: 'submit' | 'pass'; relation: 'owner' | 'auditor'; right: TaskRight; asked: Readonly<Partial<Record<AuditState, string>>> }> = [
  { move: 'submit', relation: 'owner', right: 'write', asked: { draft: '填报并提交诊断', refused: '修改并重新提交诊断' } },
  { move: 'pass', relation: 'auditor', right: 'audit', asked: { submitted: '审核诊断任务' } },
];

/** The relations that take a right away (TASK_RIGHTS_WITHHELD): the owner never audits their own task. */
export const withholders = (right: TaskRight): TaskRelation[] =>
  (Object.keys(TASK_RIGHTS_WITHHELD) as TaskRelation[]).filter((r) => TASK_RIGHTS_WITHHELD[r]!.includes(right));
