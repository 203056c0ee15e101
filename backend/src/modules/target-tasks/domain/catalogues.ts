import {
  isRwjdFinished,
  PROGRESS_AUDIT_NAMES,
  RWJD_GROUP,
  RWJD_GROUP_COLOURS,
  RWJD_NAMES,
  SCHEDULE_STATUS_COLOURS,
  SCHEDULE_STATUS_NAMES,
  TARGET_AUDIT_STATE_NAMES,
  TARGET_TASK_STATE_NAMES,
  URGE_STATE_NAMES,
  URGE_STATUS_NAMES,
  URGE_TYPE_NAMES,
  YEAR_TASK_STATE_NAMES,
  type ProgressAudit,
  type Rwjd,
  type RwjdGroup,
  type ScheduleStatus,
  type TargetAuditState,
  type UrgeState,
  type UrgeStatus,
  type UrgeType,
  type YearTaskState,
} from '@zhengai/contracts';

/** The catalogues of 001 §4 live in the contract (both sides show them); these read them. */
export type { ProgressAudit, Rwjd, RwjdGroup, ScheduleStatus, TargetAuditState, UrgeState, UrgeStatus, UrgeType, YearTaskState };

export const rwjdName = (s: Rwjd): string => RWJD_NAMES[s];
export const rwjdGroup = (s: Rwjd): RwjdGroup => RWJD_GROUP[s];
export const rwjdColour = (s: Rwjd): string => RWJD_GROUP_COLOURS[RWJD_GROUP[s]];
export const taskStateName = (s: RwjdGroup): string => TARGET_TASK_STATE_NAMES[s];
export const yearTaskStateName = (s: YearTaskState): string => YEAR_TASK_STATE_NAMES[s];
export const auditStateName = (s: TargetAuditState | null): string => (s === null ? '未提交审核' : TARGET_AUDIT_STATE_NAMES[s]);
export const progressAuditName = (s: ProgressAudit): string => PROGRESS_AUDIT_NAMES[s];
export const urgeStateName = (s: UrgeState): string => URGE_STATE_NAMES[s];
export const urgeStatusName = (s: UrgeStatus): string => URGE_STATUS_NAMES[s];
export const urgeTypeName = (s: UrgeType): string => URGE_TYPE_NAMES[s];
export const scheduleStatusName = (s: ScheduleStatus): string => SCHEDULE_STATUS_NAMES[s];
export const scheduleStatusColour = (s: ScheduleStatus): string => SCHEDULE_STATUS_COLOURS[s];

/** A finished task (hasDone, delayDone: the contract's RWJD_FINISHED) takes no more moves but its history. */
export const isFinished = (s: Rwjd): boolean => isRwjdFinished(s);

/** Urge type of an urge: 0 to do while its owner has not accepted it, 1 done once accepted. */
export const urgeTypeOf = (s: UrgeState): UrgeType => (s === 'acceptUrge' ? 1 : 0);

/** What an urge is about, from the urged task's state: not decomposed (wait-resolve), not set (wait-define). */
export function urgeStatusOf(s: Rwjd): UrgeStatus | null {
  if (s === 'waitResolve') return 'targetNotResolved';
  return s === 'waitDefine' ? 'targetNotSet' : null;
}

/**
 * A year target's state (001 §4 year task state), read from its tasks' rwjd: no task yet is waiting to be decomposed;
 * all finished is done; any task in work or finished is doing; tasks that exist but none started is decomposed.
 */
export function yearTaskStateOf(tasks: readonly Rwjd[]): YearTaskState {
  if (tasks.length === 0) return 'waitResolve';
  if (tasks.every(isFinished)) return 'done';
  return tasks.some((s) => RWJD_GROUP[s] !== 'pause') ? 'doing' : 'hasResolved';
}

const DAY_MS = 86_400_000;

/**
 * The schedule status of a task (001 §4), read with its node state so the two never contradict (issue 35): finish when
 * finished or at 100 %; unstart while the task is not in execution yet (未下发 … 待制定) and nothing is reported;
 * block for a task running on a granted delay (延期未完成: it missed its first end) and for one whose progress lags the
 * share of its time already spent (kssj to the end of jssj; all of it once jssj has passed); else normal. A task in
 * 执行中 is never 未开始. `progress` is 0–100 (the kernel's `progressNumber`).
 */
export function scheduleStatusOf(t: { progress: number; kssj: Date; jssj: Date; now: Date; rwjd: Rwjd }): ScheduleStatus {
  if (isFinished(t.rwjd) || t.progress >= 100) return 'finish';
  if (t.rwjd === 'delayNotDone') return 'block';
  if (RWJD_GROUP[t.rwjd] !== 'normal') return t.progress > 0 ? 'normal' : 'unstart';
  return t.progress < expectedShare(t.kssj, t.jssj, t.now) ? 'block' : 'normal';
}

/** The share (0–100) of a task's time spent by `now`; jssj counts as a whole day. */
export function expectedShare(kssj: Date, jssj: Date, now: Date): number {
  const start = kssj.getTime();
  const end = jssj.getTime() + DAY_MS;
  if (now.getTime() <= start) return 0;
  if (now.getTime() >= end || end <= start) return 100;
  return ((now.getTime() - start) / (end - start)) * 100;
}
