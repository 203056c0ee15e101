import {
  RWJD_NAMES,
  TARGET_AUDIT_STATE_NAMES,
  TARGET_TASK_REASON_MAX,
  TARGET_TASK_STATE_NAMES,
  TASK_MOVE_ACTION_NAMES,
  type ProgressAudit,
  type ProgressReportType,
  type Rwjd,
  type TargetAuditState,
  type UrgeState,
  type UrgeStatus,
} from '@zhengai/contracts';
import { isFinished, urgeStatusOf } from './catalogues.js';

/**
 * The life of a target task (the documents give the states, not the moves: 001 §4 "not shown"). One table, TRANSITIONS,
 * says from which rwjd each action goes where and who may do it; `move` reads it and adds the checks a row cannot
 * carry (audit gate, pending report or delay, reasons, dates). The module README's table is this one.
 */

/** Whom a person is to a task; the application works these out (a person may be several). */
export const TASK_ROLES = ['owner', 'auditor', 'publisher', 'head', 'parentOwner', 'admin'] as const;
export type TaskRole = (typeof TASK_ROLES)[number];
export const TASK_ROLE_NAMES: Record<TaskRole, string> = {
  owner: '任务负责人',
  auditor: '审核人',
  publisher: '发布人',
  head: '部门负责人',
  parentOwner: '上级任务负责人',
  admin: '管理员',
};

export const TASK_ACTIONS = [
  'submitAudit',
  'passAudit',
  'failAudit',
  'push',
  'accept',
  'sendBack',
  'resolve',
  'define',
  'report',
  'passReport',
  'rejectReport',
  'requestDelay',
  'grantDelay',
  'refuseDelay',
  'pause',
  'resume',
  'urge',
  'acceptUrge',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** The verb of each action, as the refusals say it: 不能{verb} (the contract's names, shown on the buttons too). */
export const TASK_ACTION_VERBS: Record<TaskAction, string> = TASK_MOVE_ACTION_NAMES;

/** A row's extra condition, when one action leads to different states. */
export type Condition = 'lastLevel' | 'notLastLevel' | 'processReport' | 'finalReport';
export const CONDITION_TEXTS: Record<Condition, string> = {
  lastLevel: 'last-level task',
  notLastLevel: 'task to decompose',
  processReport: 'process report',
  finalReport: 'final report',
};

export interface Transition {
  action: TaskAction;
  from: Rwjd;
  to: Rwjd;
  who: readonly TaskRole[];
  when?: Condition;
}

// Who does what, as a school runs it: the publisher (or an administrator) sends a task for audit and pushes it once
// audited; the owner, or the head of the charge department for them, accepts, sends back, decomposes or defines it; the
// owner alone reports and asks for delays; the auditor, an administrator or the parent task's owner (childPass) audits
// reports, never the owner; the auditor or an administrator decides delays; heads, the publisher and parent owners urge.
const PUBLISH: readonly TaskRole[] = ['publisher', 'admin'];
const AUDIT_TASK: readonly TaskRole[] = ['auditor', 'admin'];
const TAKE: readonly TaskRole[] = ['owner', 'head'];
const OWNER: readonly TaskRole[] = ['owner'];
const AUDIT_REPORT: readonly TaskRole[] = ['auditor', 'parentOwner', 'admin'];
const URGE: readonly TaskRole[] = ['publisher', 'head', 'parentOwner', 'admin'];

const UNPUSHED: readonly Rwjd[] = ['notPushed', 'goBack'];
const RUNNING: readonly Rwjd[] = ['executeing', 'delayNotDone'];
const OPEN: readonly Rwjd[] = ['notPushed', 'waitAccept', 'waitResolve', 'goBack', 'waitDefine', 'executeing', 'delayNotDone'];

const stay = (action: TaskAction, states: readonly Rwjd[], who: readonly TaskRole[]): Transition[] =>
  states.map((s) => ({ action, from: s, to: s, who }));

export const TRANSITIONS: readonly Transition[] = [
  ...stay('submitAudit', UNPUSHED, PUBLISH),
  ...stay('passAudit', UNPUSHED, AUDIT_TASK),
  ...stay('failAudit', UNPUSHED, AUDIT_TASK),
  { action: 'push', from: 'notPushed', to: 'waitAccept', who: PUBLISH },
  { action: 'push', from: 'goBack', to: 'waitAccept', who: PUBLISH },
  { action: 'accept', from: 'waitAccept', to: 'waitResolve', who: TAKE, when: 'notLastLevel' },
  { action: 'accept', from: 'waitAccept', to: 'waitDefine', who: TAKE, when: 'lastLevel' },
  { action: 'sendBack', from: 'waitAccept', to: 'goBack', who: TAKE },
  { action: 'resolve', from: 'waitResolve', to: 'executeing', who: TAKE },
  { action: 'define', from: 'waitResolve', to: 'executeing', who: TAKE },
  { action: 'define', from: 'waitDefine', to: 'executeing', who: TAKE },
  ...stay('report', RUNNING, OWNER),
  { action: 'passReport', from: 'executeing', to: 'executeing', who: AUDIT_REPORT, when: 'processReport' },
  { action: 'passReport', from: 'executeing', to: 'hasDone', who: AUDIT_REPORT, when: 'finalReport' },
  { action: 'passReport', from: 'delayNotDone', to: 'delayNotDone', who: AUDIT_REPORT, when: 'processReport' },
  { action: 'passReport', from: 'delayNotDone', to: 'delayDone', who: AUDIT_REPORT, when: 'finalReport' },
  ...stay('rejectReport', RUNNING, AUDIT_REPORT),
  ...stay('requestDelay', RUNNING, OWNER),
  { action: 'grantDelay', from: 'executeing', to: 'delayNotDone', who: AUDIT_TASK },
  { action: 'grantDelay', from: 'delayNotDone', to: 'delayNotDone', who: AUDIT_TASK },
  ...stay('refuseDelay', RUNNING, AUDIT_TASK),
  ...stay('pause', OPEN, PUBLISH),
  ...stay('resume', OPEN, PUBLISH),
  ...stay('urge', ['waitResolve', 'waitDefine'], URGE),
  ...stay('acceptUrge', ['waitResolve', 'waitDefine', 'executeing', 'delayNotDone'], OWNER),
];

/** What the rules read of a task. `paused` is the task state pause (finished is read from rwjd). */
export interface TaskFacts {
  rwjd: Rwjd;
  paused: boolean;
  /** Target-task audit state; null before the first submission. */
  auditState: TargetAuditState | null;
  /** A last-level task is defined and executed by its owner, never decomposed. */
  lastLevel: boolean;
  childCount: number;
  /** yyyy-MM-dd */
  jssj: string;
  /** The report waiting for its audit, if any (one at a time). */
  pendingReport: ProgressReportType | null;
  /** The new end date (yyyy-MM-dd) of the delay waiting for its decision, if any. */
  pendingDelay: string | null;
  urge: UrgeState | null;
}

export interface MoveInput {
  reason?: string | null;
  /** report: process or final. */
  reportType?: ProgressReportType;
  /** requestDelay: the new end date, yyyy-MM-dd. */
  newEndDate?: string | null;
  /** define: the quantified target value progress is measured against (its unit is the application's). */
  target?: number | string | null;
}

export type MoveResult =
  | {
      ok: true;
      next: TaskFacts;
      /** passReport / rejectReport: the audit the pending report gets. */
      reportAudit?: Exclude<ProgressAudit, 'reviewing'>;
      /** urge: what it is about. */
      urgeStatus?: UrgeStatus;
    }
  | { ok: false; message: string };

const refuse = (message: string): MoveResult => ({ ok: false, message });
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const conditionHolds = (c: Condition | undefined, t: TaskFacts): boolean => {
  switch (c) {
    case undefined:
      return true;
    case 'lastLevel':
      return t.lastLevel;
    case 'notLastLevel':
      return !t.lastLevel;
    case 'processReport':
      return t.pendingReport === 'process';
    case 'finalReport':
      return t.pendingReport === 'final';
  }
};

/** The roles a refusal names: 只有审核人、管理员可以… */
const whoText = (who: readonly TaskRole[]) => who.map((r) => TASK_ROLE_NAMES[r]).join('、');

/** What the owner may never do to their own task, whatever other role they hold (an owner who is also its auditor). */
const NOT_BY_OWNER: Partial<Record<TaskAction, string>> = {
  passReport: '任务负责人不能审核自己的进度',
  rejectReport: '任务负责人不能审核自己的进度',
  grantDelay: '任务负责人不能审批自己的延期申请',
  refuseDelay: '任务负责人不能审批自己的延期申请',
  urge: '不能催办自己的任务',
};
const NEEDS_REASON: Partial<Record<TaskAction, string>> = {
  failAudit: '审核不通过的原因',
  sendBack: '退回原因',
  rejectReport: '驳回原因',
  requestDelay: '延期原因',
  refuseDelay: '拒绝延期的原因',
};

/**
 * The next facts of a task after `action` by a person with `roles`, or a refusal with its Chinese message. Checks in
 * this order: the task state (paused, then rwjd; the message names the state), the owner auditing their own work, the
 * person's role, then the action's own conditions and input.
 */
export function move(task: TaskFacts, action: TaskAction, roles: ReadonlySet<TaskRole>, input: MoveInput = {}): MoveResult {
  const verb = TASK_ACTION_VERBS[action];
  // A finished task is neither paused nor in work: its rwjd says why it refuses.
  if (!isFinished(task.rwjd) && (action === 'resume' ? !task.paused : task.paused)) {
    return refuse(`任务处于「${TARGET_TASK_STATE_NAMES[task.paused ? 'pause' : 'normal']}」状态，不能${verb}`);
  }
  const rows = TRANSITIONS.filter((t) => t.action === action && t.from === task.rwjd);
  if (rows.length === 0) return refuse(`任务处于「${RWJD_NAMES[task.rwjd]}」状态，不能${verb}`);
  const notByOwner = NOT_BY_OWNER[action];
  if (notByOwner !== undefined && roles.has('owner')) return refuse(notByOwner);
  const who = rows[0].who;
  if (!who.some((r) => roles.has(r))) return refuse(`只有${whoText(who)}可以${verb}`);

  const needs = NEEDS_REASON[action];
  const reason = input.reason?.trim() ?? '';
  if (needs !== undefined) {
    if (reason === '') return refuse(`请填写${needs}`);
    if (reason.length > TARGET_TASK_REASON_MAX) return refuse(`${needs}最多${TARGET_TASK_REASON_MAX}个字符`);
  }

  const refusal = guard(task, action, input);
  if (refusal !== null) return refuse(refusal);

  const row = rows.find((t) => conditionHolds(t.when, task));
  // Only passReport without a pending report finds no row, and guard has refused that.
  if (row === undefined) return refuse(`任务处于「${RWJD_NAMES[task.rwjd]}」状态，不能${verb}`);
  return apply(task, row, input, roles);
}

/** The conditions beyond the state and the role; null when the move may go ahead. */
function guard(task: TaskFacts, action: TaskAction, input: MoveInput): string | null {
  const audit = (): string => (task.auditState === null ? '未提交审核' : TARGET_AUDIT_STATE_NAMES[task.auditState]);
  switch (action) {
    case 'submitAudit':
      return task.auditState === null || task.auditState === 2 ? null : `任务审核状态为「${audit()}」，不能提交审核`;
    case 'passAudit':
    case 'failAudit':
      return task.auditState === 0 ? null : `任务审核状态为「${audit()}」，不能${TASK_ACTION_VERBS[action]}`;
    case 'push':
      return task.auditState === 1 ? null : `任务审核状态为「${audit()}」，不能下发`;
    case 'resolve':
      return task.childCount > 0 ? null : '请先分解出子任务';
    case 'define': {
      // Progress is value / target: without a positive target there is nothing to measure against.
      const t = typeof input.target === 'string' && input.target.trim() !== '' ? Number(input.target) : input.target;
      return typeof t === 'number' && Number.isFinite(t) && t > 0 ? null : '请填写大于0的量化目标值';
    }
    case 'report':
      if (input.reportType !== 'process' && input.reportType !== 'final') return '请选择进度类型（过程进度或最终成果）';
      return task.pendingReport === null ? null : '已有进度在审核中，请等待审核后再提交';
    case 'passReport':
    case 'rejectReport':
      return task.pendingReport === null ? '没有待审核的进度' : null;
    case 'requestDelay': {
      if (task.pendingDelay !== null) return '已有延期申请在审批中';
      const d = input.newEndDate ?? '';
      if (!DATE.test(d)) return '请填写延期后的结束时间（yyyy-MM-dd）';
      return d > task.jssj ? null : `延期后的结束时间须晚于原结束时间${task.jssj}`;
    }
    case 'grantDelay':
    case 'refuseDelay':
      return task.pendingDelay === null ? '没有待审批的延期申请' : null;
    case 'acceptUrge':
      return task.urge === 'urge' ? null : '没有待接收的催办';
    default:
      return null;
  }
}

function apply(task: TaskFacts, row: Transition, input: MoveInput, roles: ReadonlySet<TaskRole>): MoveResult {
  const next: TaskFacts = { ...task, rwjd: row.to };
  switch (row.action) {
    case 'submitAudit':
      return { ok: true, next: { ...next, auditState: 0 } };
    case 'passAudit':
      return { ok: true, next: { ...next, auditState: 1 } };
    case 'failAudit':
      return { ok: true, next: { ...next, auditState: 2 } };
    case 'report':
      return { ok: true, next: { ...next, pendingReport: input.reportType ?? 'process' } };
    case 'passReport': {
      // The parent task's owner passes a child's report as childPass; the auditor's or an administrator's pass is pass.
      const byParent = roles.has('parentOwner') && !roles.has('auditor') && !roles.has('admin');
      return { ok: true, next: { ...next, pendingReport: null }, reportAudit: byParent ? 'childPass' : 'pass' };
    }
    case 'rejectReport':
      return { ok: true, next: { ...next, pendingReport: null }, reportAudit: 'reject' };
    case 'requestDelay':
      return { ok: true, next: { ...next, pendingDelay: input.newEndDate ?? null } };
    case 'grantDelay':
      return { ok: true, next: { ...next, jssj: task.pendingDelay ?? task.jssj, pendingDelay: null } };
    case 'refuseDelay':
      return { ok: true, next: { ...next, pendingDelay: null } };
    case 'pause':
      return { ok: true, next: { ...next, paused: true } };
    case 'resume':
      return { ok: true, next: { ...next, paused: false } };
    case 'urge':
      return { ok: true, next: { ...next, urge: 'urge' }, urgeStatus: urgeStatusOf(task.rwjd) ?? 'targetNotSet' };
    case 'acceptUrge':
      return { ok: true, next: { ...next, urge: 'acceptUrge' } };
    default:
      return { ok: true, next };
  }
}

// Input that satisfies every input check, so that allowedActions asks only about the task and the person.
const ANY_INPUT: MoveInput = { reason: '-', reportType: 'process', newEndDate: '9999-12-31', target: 1 };

/** The actions a person may take on a task now (the buttons a detail page shows); each still checks its input. */
export function allowedActions(task: TaskFacts, roles: ReadonlySet<TaskRole>): TaskAction[] {
  return TASK_ACTIONS.filter((a) => move(task, a, roles, ANY_INPUT).ok);
}
