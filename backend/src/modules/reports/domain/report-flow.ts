import { REPORT_ACTION_NAMES, REPORT_STATE_NAMES, type ReportAction, type ReportState } from '@zhengai/contracts';

/**
 * Who a person is to a report (several at once): its author, an administrator, an expert (the first review), a
 * school reviewer (school leaders and administrators: the second review).
 */
export type ReportRole = 'author' | 'admin' | 'expert' | 'school';

interface Move {
  /** Who may make it, and in which states (per role: the expert rejects in submitted, the school in expertPassed). */
  by: Partial<Record<ReportRole, readonly ReportState[]>>;
  /** The state after; null: the state stays (share) or the row goes (delete). */
  next: ReportState | null;
}

const AUTHOR_REWORK: readonly ReportState[] = ['draft', 'rejected', 'failed'];
const NOT_PUBLISHED: readonly ReportState[] = ['building', 'failed', 'draft', 'submitted', 'expertPassed', 'rejected'];
const BUILT: readonly ReportState[] = ['draft', 'submitted', 'expertPassed', 'published', 'rejected'];

/** The review flow: building → draft → submitted → expertPassed → published; rejects back to the author (rejected). */
export const REPORT_MOVES: Record<ReportAction, Move> = {
  submit: { by: { author: ['draft'] }, next: 'submitted' },
  expertReview: { by: { expert: ['submitted'] }, next: 'expertPassed' },
  schoolReview: { by: { school: ['expertPassed'] }, next: 'published' },
  reject: { by: { expert: ['submitted'], school: ['expertPassed'] }, next: 'rejected' },
  rebuild: { by: { author: AUTHOR_REWORK }, next: 'building' },
  delete: { by: { author: AUTHOR_REWORK, admin: NOT_PUBLISHED }, next: null },
  share: { by: { author: BUILT, admin: BUILT }, next: null },
};

export type MoveVerdict = { ok: true; next: ReportState | null } | { ok: false; reason: 'role' | 'state'; message: string };

/** 报告处于「已发布」状态，不能驳回 */
export const stateRefusal = (state: ReportState, action: ReportAction): string => `报告处于「${REPORT_STATE_NAMES[state]}」状态，不能${REPORT_ACTION_NAMES[action]}`;

/** Whether the person may make the move now: refused for want of a role (no permission) or for the state (conflict). */
export function checkMove(state: ReportState, action: ReportAction, roles: ReadonlySet<ReportRole>): MoveVerdict {
  const move = REPORT_MOVES[action];
  const mine = [...roles].filter((r) => move.by[r] !== undefined);
  if (mine.length === 0) return { ok: false, reason: 'role', message: '无权进行该操作' };
  if (!mine.some((r) => move.by[r]!.includes(state))) return { ok: false, reason: 'state', message: stateRefusal(state, action) };
  return { ok: true, next: move.next };
}

/** What the person may do on the report now, in REPORT_ACTIONS order. */
export function actionsOf(report: { state: ReportState }, roles: ReadonlySet<ReportRole>): ReportAction[] {
  return (Object.keys(REPORT_MOVES) as ReportAction[]).filter((a) => checkMove(report.state, a, roles).ok);
}

/** report/review: the expert's step while submitted, the school's while expertPassed; otherwise by who the person is. */
export function reviewStepOf(state: ReportState, roles: ReadonlySet<ReportRole>): 'expertReview' | 'schoolReview' {
  if (state === 'submitted') return 'expertReview';
  if (state === 'expertPassed') return 'schoolReview';
  return roles.has('expert') && !roles.has('school') ? 'expertReview' : 'schoolReview';
}

/** The role codes that make a person each role but the author (any one of them): school reviewers are school leaders and administrators. */
export const REPORT_ROLE_CODES: Readonly<Record<Exclude<ReportRole, 'author'>, readonly string[]>> = {
  admin: ['admin'],
  expert: ['expert'],
  school: ['schoolLeader', 'admin'],
};

/** The roles from role codes (REPORT_ROLE_CODES) and authorship. */
export function reportRolesOf(input: { isAuthor: boolean; codes: readonly string[] }): Set<ReportRole> {
  const roles = new Set<ReportRole>();
  if (input.isAuthor) roles.add('author');
  for (const [role, codes] of Object.entries(REPORT_ROLE_CODES) as Array<[ReportRole, readonly string[]]>) {
    if (codes.some((c) => input.codes.includes(c))) roles.add(role);
  }
  return roles;
}

/**
 * 我的待办's report items (issue 34): the moves that wait for someone, read from REPORT_MOVES (who, in which states);
 * `only` narrows the states where a move is possible but nobody is waiting for it (a draft may be rebuilt, but only a
 * rejected report asks its author to).
 */
export const REPORT_TODOS: ReadonlyArray<{ action: ReportAction; group: 'audits' | 'tasks'; asked: string; only?: readonly ReportState[] }> = [
  { action: 'expertReview', group: 'audits', asked: '评审报告' },
  { action: 'schoolReview', group: 'audits', asked: '审核发布报告' },
  { action: 'rebuild', group: 'tasks', asked: '重新生成报告', only: ['rejected'] },
];

/** Each to-do's (role, state) pairs: the roles REPORT_MOVES lets make it and the states it waits in. */
export function reportTodoWaits(): Array<{ action: ReportAction; group: 'audits' | 'tasks'; asked: string; role: ReportRole; state: ReportState }> {
  return REPORT_TODOS.flatMap((todo) =>
    (Object.entries(REPORT_MOVES[todo.action].by) as Array<[ReportRole, readonly ReportState[]]>).flatMap(([role, states]) =>
      states.filter((s) => !todo.only || todo.only.includes(s)).map((state) => ({ action: todo.action, group: todo.group, asked: todo.asked, role, state })),
    ),
  );
}
