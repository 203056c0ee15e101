import { HANDLING_NAMES, progressValue, RWJD_GROUP, RWJD_STATES, TARGET_TASK_STATE_NAMES, type OperationMonitoring, type Rwjd } from '@zhengai/contracts';
import { GRADE_NAMES } from '../../../shared/kernel/grade.js';

/** The platform's own counts behind operation monitoring (the README names each definition). */
export interface PlatformCounts {
  /** the points (quality results) of the newest diagnosis cycle */
  points: { total: number; automatic: number; met: number; byGrade: Record<PointGradeSlice, number> };
  /** fill tasks of the running collection tasks (published, of the newest published cycle) */
  fills: { total: number; finished: number; byTask: Array<{ name: string; finished: number; total: number }> };
  /** every target task, by its rwjd state */
  tasks: { total: number; finished: number; byState: Array<{ rwjd: string; count: number }> };
  /** quality-point warnings raised on the newest cycle's points */
  warnings: { raised: number; handled: number; recent: Array<{ id: string; name: string; grade: string | null; at: string }> };
}
/** The labels of the five figures, in the order the page shows them. */
export const MONITORING_LABELS = {
  collection: '自动采集率',
  fill: '填报完成率',
  task: '任务完成率',
  warning: '预警处理率',
  point: '质控点达标率',
} as const;
export type MonitoringKey = keyof typeof MONITORING_LABELS;

/**
 * The slices of 质控点等级, every point of the figure 质控点达标率 in exactly one (so they add to its denominator): the
 * grades that are 达标 first, then those that are 未达标 (the rule: shared/kernel/grade.ts), then the points without a
 * grade (text points, or not yet graded). Names: the kernel's grade names.
 */
export const POINT_GRADE_SLICES = ['A', 'B', 'C', 'Y', 'D', 'N', 'none'] as const;
export type PointGradeSlice = (typeof POINT_GRADE_SLICES)[number];
const SLICE_NAMES: Record<PointGradeSlice, string> = { ...GRADE_NAMES, none: '无等级' };

/** Operation monitoring from the counts: each figure's value over its target with the 000 §9 progress. */
export function monitoringOf(c: PlatformCounts, at: Date): OperationMonitoring {
  const figure = (key: MonitoringKey, value: number, target: number) => ({ key, label: MONITORING_LABELS[key], value, target, progress: progressValue(value, target) });
  const groups = (['finished', 'normal', 'pause'] as const).map((group) => ({
    name: TARGET_TASK_STATE_NAMES[group],
    value: c.tasks.byState.filter((s) => (RWJD_STATES as readonly string[]).includes(s.rwjd) && RWJD_GROUP[s.rwjd as Rwjd] === group).reduce((n, s) => n + s.count, 0),
  }));
  return {
    at: at.toISOString(),
    figures: [
      figure('collection', c.points.automatic, c.points.total),
      figure('fill', c.fills.finished, c.fills.total),
      figure('task', c.tasks.finished, c.tasks.total),
      figure('warning', c.warnings.handled, c.warnings.raised),
      figure('point', c.points.met, c.points.total),
    ],
    pointsByGrade: POINT_GRADE_SLICES.map((slice) => ({ name: SLICE_NAMES[slice], value: c.points.byGrade[slice] })),
    warningsByState: [
      { name: HANDLING_NAMES[0], value: c.warnings.handled },
      { name: HANDLING_NAMES[1], value: c.warnings.raised - c.warnings.handled },
    ],
    tasksByState: groups,
    collectionByTask: c.fills.byTask.map((t) => ({ name: t.name, value: t.finished, target: t.total })),
    recentWarnings: c.warnings.recent,
  };
}
