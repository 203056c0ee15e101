// Pure values of the 预警设置 drawer (task warning conditions): the cadence options, what a condition means in words,
// and where a shown condition comes from. The rule itself: backend/src/modules/target-tasks/domain/task-warnings.ts.
import { WARNING_CADENCES, WARNING_GRACE_DAYS_MAX, type TaskWarningCondition, type WarningCadence } from '../../../api/target-tasks';

/** The cadence radio's labels. */
export const CADENCE_LABELS: Record<WarningCadence, string> = { month: '按月', quarter: '按季度', halfYear: '按半年' };

/** The period a cadence counts in, for the sentences below. */
const PERIOD_NAMES: Record<WarningCadence, string> = { month: '每月', quarter: '每季度', halfYear: '每半年' };

export const CADENCE_OPTIONS = WARNING_CADENCES.map((value) => ({ value, label: CADENCE_LABELS[value] }));

/** The grace days the server takes: whole days 0 to WARNING_GRACE_DAYS_MAX. */
export const GRACE_DAYS = { min: 0, max: WARNING_GRACE_DAYS_MAX } as const;

/** The scope select's value for the school-wide conditions (year target ids are never empty). */
export const SCHOOL_WIDE = '';

/** What a condition means, in one sentence: when a missing report becomes a process warning. */
export function conditionSentence(cadence: WarningCadence, graceDays: number): string {
  const grace = graceDays > 0 ? `结束${graceDays}天后` : '结束后';
  return `执行中的任务${PERIOD_NAMES[cadence]}须上报一次进度；某一周期${grace}仍无该周期的进度上报（已驳回的不算），即产生过程预警。`;
}

/** Where the shown conditions come from: the school's, a year target's own, or the school's inherited by it. */
export function conditionSource(condition: Pick<TaskWarningCondition, 'yearTargetId' | 'inherited'>): { label: string; color: string } {
  if (condition.yearTargetId === null) return { label: '全校设置', color: 'blue' };
  if (condition.inherited) return { label: '沿用全校设置', color: 'default' };
  return { label: '本年度目标单独设置', color: 'orange' };
}

/** The last update time, or 尚未设置 for conditions never saved (the defaults). */
export function updateTimeText(updateTime: string | null): string {
  return updateTime ?? '尚未设置（默认值）';
}
