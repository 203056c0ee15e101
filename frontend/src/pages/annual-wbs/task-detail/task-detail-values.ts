// What the task detail shows, as pure functions (tested): the names of the moves, what each move asks for, the years,
// the dates and the state names of the history.
import { RWJD_NAMES, RWJD_STATES, TARGET_TASK_REASON_MAX, TASK_MOVE_ACTION_NAMES, type Rwjd, type TaskMoveAction } from '@zhengai/contracts';
import dayjs from 'dayjs';
import { formatDate as layerDate, formatDateTime } from '../../../utils/formatters';

export { TARGET_TASK_REASON_MAX };

/** The buttons' texts: the contract's names, which the backend's refusals use too. */
export const ACTION_NAMES: Record<TaskMoveAction, string> = TASK_MOVE_ACTION_NAMES;

/** The history's action names: the moves, plus the publisher's add and update. */
const HISTORY_ACTION_NAMES: Record<string, string> = { ...ACTION_NAMES, add: '新增任务', update: '修改任务' };

export const historyActionName = (action: string): string => HISTORY_ACTION_NAMES[action] ?? action;

/** What a move asks for before it is sent: a dialog of its own, a reason, or a confirmation. */
export type ActionForm = 'reason' | 'report' | 'delay' | 'define' | 'confirm';

const FORMS: Record<TaskMoveAction, ActionForm> = {
  submitAudit: 'confirm',
  passAudit: 'confirm',
  failAudit: 'reason',
  push: 'confirm',
  accept: 'confirm',
  sendBack: 'reason',
  resolve: 'confirm',
  define: 'define',
  report: 'report',
  passReport: 'confirm',
  rejectReport: 'reason',
  requestDelay: 'delay',
  grantDelay: 'confirm',
  refuseDelay: 'reason',
  pause: 'confirm',
  resume: 'confirm',
  urge: 'confirm',
  acceptUrge: 'confirm',
};

export const actionForm = (action: TaskMoveAction): ActionForm => FORMS[action];

/** The moves that refuse, send back or stop: their buttons are shown as dangerous. */
const DANGEROUS = new Set<TaskMoveAction>(['failAudit', 'sendBack', 'rejectReport', 'refuseDelay', 'pause']);
export const isDangerous = (action: TaskMoveAction): boolean => DANGEROUS.has(action);

/** The first move of the person's list is the primary button, unless it is a dangerous one. */
export function primaryAction(actions: readonly TaskMoveAction[]): TaskMoveAction | null {
  return actions.find((a) => !isDangerous(a)) ?? null;
}

/** The question of a confirmation: 确定{verb}“{rwmc}”吗？ */
export function confirmText(action: TaskMoveAction, rwmc: string): string {
  return `确定${ACTION_NAMES[action]}“${rwmc}”吗？`;
}

/** rwnf (comma-separated years) as first ~ last; one year alone; '' when none. */
export function yearsText(rwnf: string | null | undefined): string {
  const years = (rwnf ?? '')
    .split(',')
    .map((y) => y.trim())
    .filter(Boolean)
    .sort();
  if (years.length === 0) return '';
  const first = years[0]!;
  const last = years[years.length - 1]!;
  return first === last ? first : `${first} ~ ${last}`;
}

/** kssj ~ jssj, with an empty side shown as '—'. */
export function periodText(kssj: string | null | undefined, jssj: string | null | undefined): string {
  if (!kssj && !jssj) return '';
  return `${formatDate(kssj) || '—'} ~ ${formatDate(jssj) || '—'}`;
}

/** yyyy-MM-dd (the formatting layer), '' for nothing, a text that is no date as it is. */
export function formatDate(value: string | null | undefined): string {
  return value ? layerDate(value, value) : '';
}

/** yyyy-MM-dd HH:mm:ss (the formatting layer), '' for nothing, a text that is no time as it is. */
export function formatTime(value: string | null | undefined): string {
  return value ? formatDateTime(value, value) : '';
}

/** A history state: the rwjd name when it is one, the code otherwise. */
export function stateName(state: string | null | undefined): string {
  if (!state) return '';
  return (RWJD_STATES as readonly string[]).includes(state) ? RWJD_NAMES[state as Rwjd] : state;
}

/** A history row's states: 'from → to', or the one state when the move kept it (a report, an audit). */
export function transitionText(from: string | null | undefined, to: string | null | undefined): string {
  if (from && from === to) return stateName(from);
  return `${stateName(from) || '—'} → ${stateName(to) || '—'}`;
}

/** The quantified target as shown: 10 个; '未制定' when there is none yet. */
export function targetText(value: number | null | undefined, unit: string | null | undefined): string {
  if (value === null || value === undefined) return '未制定';
  return unit ? `${value} ${unit}` : String(value);
}

/** The progress string ('0' … '100.00') as antd's percent. */
export function progressPercent(progress: string | null | undefined): number {
  const n = Number(progress);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

/** The first day a requested delay may end on: the day after jssj (or tomorrow when there is none). */
export function firstDelayDay(jssj: string | null | undefined, today: dayjs.Dayjs = dayjs()): dayjs.Dayjs {
  const end = jssj ? dayjs(jssj) : null;
  return (end?.isValid() ? end : today).add(1, 'day').startOf('day');
}

/** A reason is required and at most TARGET_TASK_REASON_MAX characters; the message, or null when it is fine. */
export function reasonProblem(reason: string | null | undefined): string | null {
  const text = (reason ?? '').trim();
  if (!text) return '请填写原因';
  if (text.length > TARGET_TASK_REASON_MAX) return `原因不能超过${TARGET_TASK_REASON_MAX}个字`;
  return null;
}

/** A cooperation's owner as the 协作部门 tab shows it: the name, or 未设置 when the cooperation has none. */
export function coopOwnerText(ownerName: string | null | undefined): string {
  return ownerName?.trim() || '未设置';
}

/** The departments 添加协作部门 offers: neither the charge department nor one cooperating already. */
export function coopDepartmentOptions<T extends { value: string }>(departments: readonly T[], chargeDepartId: string | null, taken: readonly string[]): T[] {
  return departments.filter((d) => d.value !== chargeDepartId && !taken.includes(d.value));
}
