// Pure values of the 汇总分析 page: the ECharts options of its five charts and the statistic cards, from one summary
// answer (contracts/src/task-summary.ts). Each chart carries aria (the numbers read out in the container's label).
import type { EChartsOption } from 'echarts';
import { BAR_WIDTH } from '@zhengai/contracts';
import type { TaskSummary } from '../../../api/task-summary';
import { formatCount, formatPercent } from '../../../utils/formatters';

/** The display groups' colours (antd orange, blue, green: the rwjd tags' colours). */
const GROUP_COLOURS: Record<string, string> = { pause: '#fa8c16', normal: '#1677ff', finished: '#52c41a' };
const FINISHED = '#52c41a';
const UNFINISHED = '#1677ff';
const OVERDUE = '#ff4d4f';
const ARIA = { enabled: true } as const;

/** The menu of the page (migration 1765353600000-task-summary-menu). */
export const SUMMARY_MENU_KEY = 'ly_herm_annual_wbs_summary';

/** The statistic cards: label, value, suffix and test id. */
export function summaryCards(s: TaskSummary): Array<{ key: string; title: string; value: number | string; suffix?: string }> {
  return [
    { key: 'total', title: '任务总数', value: s.totals.total },
    { key: 'finished', title: '已完成', value: s.totals.finished },
    { key: 'rate', title: '完成率', value: formatPercent(s.totals.completionRate) },
    { key: 'process', title: '过程预警', value: s.totals.processWarnings },
    { key: 'expired', title: '逾期预警', value: s.totals.expiredWarnings },
  ];
}

/** A slice's tooltip: its name, task count and share as every percent shows ('已完成：3（37.50%）'), not ECharts' '{d}%'. */
export function groupTooltip(params: unknown): string {
  const p = (Array.isArray(params) ? params[0] : params) as { name?: string; value?: unknown; percent?: number } | undefined;
  return p ? `${p.name ?? ''}：${formatCount(p.value as number)}（${formatPercent(p.percent ?? 0)}）` : '';
}

/** Pie of the display groups (暂停 / 正常 / 已完成); groups without tasks are left out; null without any task. */
export function groupPieOption(s: TaskSummary): EChartsOption | null {
  const data = s.byGroup.filter((g) => g.count > 0).map((g) => ({ name: g.name, value: g.count, itemStyle: { color: GROUP_COLOURS[g.group] } }));
  if (data.length === 0) return null;
  return {
    aria: ARIA,
    tooltip: { trigger: 'item', formatter: groupTooltip },
    legend: { bottom: 0 },
    series: [{ name: '任务状态', type: 'pie', radius: ['40%', '68%'], label: { formatter: '{b}\n{c}' }, data }],
  };
}

/** Bars by charge department, stacked 已完成 / 未完成; null without any task. */
export function departmentBarOption(s: TaskSummary): EChartsOption | null {
  if (s.byDepartment.length === 0) return null;
  const names = s.byDepartment.map((d) => d.departName ?? '未指定部门');
  return {
    aria: ARIA,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 24, bottom: 72 },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 4 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '已完成', type: 'bar', stack: 'tasks', barMaxWidth: BAR_WIDTH, itemStyle: { color: FINISHED }, data: s.byDepartment.map((d) => d.finished) },
      { name: '未完成', type: 'bar', stack: 'tasks', barMaxWidth: BAR_WIDTH, itemStyle: { color: UNFINISHED }, data: s.byDepartment.map((d) => d.total - d.finished) },
    ],
  };
}

/** Bars by task type (A/B/C with their names): all tasks and finished ones; null without any task. */
export function typeBarOption(s: TaskSummary): EChartsOption | null {
  if (s.totals.total === 0) return null;
  return {
    aria: ARIA,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: s.byType.map((t) => t.rwlxmc) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '任务数', type: 'bar', barMaxWidth: BAR_WIDTH, itemStyle: { color: UNFINISHED }, data: s.byType.map((t) => t.total) },
      { name: '已完成', type: 'bar', barMaxWidth: BAR_WIDTH, itemStyle: { color: FINISHED }, data: s.byType.map((t) => t.finished) },
    ],
  };
}

/** Line of expired warnings opened per month of the year; null when there are none that year. */
export function overdueTrendOption(s: TaskSummary): EChartsOption | null {
  if (s.overdueTrend.every((m) => m.count === 0)) return null;
  return {
    aria: ARIA,
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 24, bottom: 40 },
    xAxis: { type: 'category', boundaryGap: false, data: s.overdueTrend.map((m) => `${Number(m.month.slice(5))}月`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: '逾期预警', type: 'line', smooth: true, itemStyle: { color: OVERDUE }, areaStyle: { opacity: 0.12 }, data: s.overdueTrend.map((m) => m.count) }],
  };
}

/** Bars of the progress distribution (0, 0-25 … 100 %); null without any task. */
export function progressBarOption(s: TaskSummary): EChartsOption | null {
  if (s.totals.total === 0) return null;
  return {
    aria: ARIA,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 48, right: 16, top: 24, bottom: 40 },
    xAxis: { type: 'category', data: s.progress.map((p) => p.name) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: '任务数', type: 'bar', barMaxWidth: BAR_WIDTH, itemStyle: { color: UNFINISHED }, data: s.progress.map((p) => p.count) }],
  };
}
