import { TASK_PAGE_TYPES, type Rwjd, type TaskPageType } from '@zhengai/contracts';
import { isFinished } from './catalogues.js';
import type { TaskRole } from './transitions.js';

/**
 * Who sees and does what on a target task: ONE table of the relations a person may have to a task, and for each the
 * pages that list the task, the move role it gives (transitions.ts), whether it writes the task's files and whether it
 * manages its cooperations. Everything else derives from it: the lists' SQL (infrastructure/task-access.sql.ts builds
 * each page's predicate from these rows), the detail's access ("sees": listed on any page), the moves' roles, the
 * files' and cooperations' writers, the warning counts and the summaries. The module README's table is this one, row
 * for row (a unit test compares them).
 *
 * The rule, as a school runs it: the see-all roles see everything; a person sees every task they act on (owner,
 * auditor wherever the task is charged, supervisor, creator, the parent task's owner, a cooperation's owner); a
 * department's head and its auditor see the tasks it charges (部门任务) and those it cooperates on (协作任务).
 */

export const TASK_RELATIONS = [
  'admin',
  'yearTargetPublisher',
  'schoolLeader',
  'creator',
  'owner',
  'auditor',
  'supervisor',
  'parentOwner',
  'coopOwner',
  'chargeHead',
  'chargeAuditor',
  'coopHead',
  'coopAuditor',
] as const;
export type TaskRelation = (typeof TASK_RELATIONS)[number];

/** Whether the relation depends on the person alone (a role) or on the task's row. */
export type RelationKind = 'person' | 'task';

export interface RelationRule {
  relation: TaskRelation;
  kind: RelationKind;
  /** The README's words. */
  name: string;
  /** The pages listing the task (WARNING_TASK: among those with an open warning; DEPARTMENT_COOP_TASK: with a cooperation). */
  pages: readonly TaskPageType[];
  /** The move role it gives (transitions.ts), if any. */
  role: TaskRole | null;
  /** Writes the task's own files: always, while the task is not finished, or never. */
  files: 'always' | 'unfinished' | 'never';
  /** Adds, changes and removes the task's cooperations. */
  coops: boolean;
}

const ALL_TASKS: readonly TaskPageType[] = ['YEAR_TASK', 'DEPARTMENT_TASK', 'DEPARTMENT_COOP_TASK', 'WARNING_TASK'];

export const TASK_ACCESS: readonly RelationRule[] = [
  { relation: 'admin', kind: 'person', name: '管理员 (role admin)', pages: ALL_TASKS, role: 'admin', files: 'always', coops: true },
  { relation: 'yearTargetPublisher', kind: 'person', name: '年度目标发布者 (role yearTargetPublisher)', pages: ALL_TASKS, role: 'publisher', files: 'always', coops: true },
  { relation: 'schoolLeader', kind: 'person', name: '校领导 (role schoolLeader)', pages: ALL_TASKS, role: null, files: 'never', coops: false },
  { relation: 'creator', kind: 'task', name: '创建人 (creator_id)', pages: ['YEAR_TASK', 'MY_YEAR_TASK', 'WARNING_TASK'], role: 'publisher', files: 'always', coops: true },
  { relation: 'owner', kind: 'task', name: '任务负责人 (owner_id)', pages: ['YEAR_TASK', 'MY_TASK', 'WARNING_TASK'], role: 'owner', files: 'unfinished', coops: false },
  { relation: 'auditor', kind: 'task', name: '审核人 (auditor_id), wherever the task is charged', pages: ['YEAR_TASK', 'DEPARTMENT_TASK', 'WARNING_TASK'], role: 'auditor', files: 'never', coops: false },
  { relation: 'supervisor', kind: 'task', name: '监控人 (supervisor_id)', pages: ['YEAR_TASK', 'WARNING_TASK'], role: null, files: 'never', coops: false },
  { relation: 'parentOwner', kind: 'task', name: '上级任务负责人 (the parent task\'s owner_id)', pages: ['YEAR_TASK', 'WARNING_TASK'], role: 'parentOwner', files: 'never', coops: false },
  { relation: 'coopOwner', kind: 'task', name: '协同负责人 (a cooperation\'s owner_id)', pages: ['YEAR_TASK', 'MY_COOP_TASK', 'WARNING_TASK'], role: null, files: 'never', coops: false },
  { relation: 'chargeHead', kind: 'task', name: '责任部门负责人 (heads the charge department)', pages: ['YEAR_TASK', 'DEPARTMENT_TASK', 'WARNING_TASK'], role: 'head', files: 'never', coops: true },
  { relation: 'chargeAuditor', kind: 'task', name: '责任部门审核人 (targetTaskDepartAuditor of the charge department)', pages: ['YEAR_TASK', 'DEPARTMENT_TASK', 'WARNING_TASK'], role: null, files: 'never', coops: false },
  { relation: 'coopHead', kind: 'task', name: '协同部门负责人 (heads a cooperating department)', pages: ['YEAR_TASK', 'DEPARTMENT_COOP_TASK', 'WARNING_TASK'], role: null, files: 'never', coops: false },
  { relation: 'coopAuditor', kind: 'task', name: '协同部门审核人 (targetTaskDepartAuditor of a cooperating department)', pages: ['YEAR_TASK', 'DEPARTMENT_COOP_TASK', 'WARNING_TASK'], role: null, files: 'never', coops: false },
];

export const RELATION_RULE: Record<TaskRelation, RelationRule> = Object.fromEntries(TASK_ACCESS.map((r) => [r.relation, r])) as Record<TaskRelation, RelationRule>;

/** The relations listing a task on a page. */
export const relationsOfPage = (page: TaskPageType): TaskRelation[] => TASK_ACCESS.filter((r) => r.pages.includes(page)).map((r) => r.relation);

/** A page lists the task: one of the person's relations lists it there (the page's own condition apart). */
export const listedOn = (page: TaskPageType, relations: ReadonlySet<TaskRelation>): boolean => [...relations].some((r) => RELATION_RULE[r].pages.includes(page));

/** Sees the task (detail, situation, files, cooperations): some page lists it. */
export const sees = (relations: ReadonlySet<TaskRelation>): boolean => TASK_PAGE_TYPES.some((page) => listedOn(page, relations));

/** The move roles (transitions.ts) the relations give. */
export function rolesOf(relations: ReadonlySet<TaskRelation>): Set<TaskRole> {
  const roles = new Set<TaskRole>();
  for (const r of relations) {
    const role = RELATION_RULE[r].role;
    if (role) roles.add(role);
  }
  return roles;
}

/** Writes the task's own files now. */
export const canWriteFiles = (relations: ReadonlySet<TaskRelation>, rwjd: Rwjd): boolean =>
  [...relations].some((r) => RELATION_RULE[r].files === 'always' || (RELATION_RULE[r].files === 'unfinished' && !isFinished(rwjd)));

/** Adds, changes and removes the task's cooperations. */
export const managesCoops = (relations: ReadonlySet<TaskRelation>): boolean => [...relations].some((r) => RELATION_RULE[r].coops);

/**
 * Who a person is, as far as target tasks care: role codes, departments headed (charge_user_id, or targetTaskDepartHead
 * of their own), departments audited (their own, as targetTaskDepartAuditor). Each task relation's condition over a
 * task row is SQL (infrastructure/task-access.sql.ts `RELATION_SQL`), read for one task or used as a list's predicate.
 */
export interface TaskStanding {
  userId: string;
  codes: readonly string[];
  headed: readonly string[];
  audited: readonly string[];
}

/** The person sees every task (their roles alone list all tasks on 年度任务). */
export const seesAll = (codes: readonly string[]): boolean =>
  TASK_ACCESS.some((r) => r.kind === 'person' && r.pages.includes('YEAR_TASK') && codes.includes(r.relation));
