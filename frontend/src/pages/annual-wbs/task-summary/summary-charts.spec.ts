import type { TaskSummary } from '../../../api/task-summary';
import { departmentBarOption, groupPieOption, groupTooltip, overdueTrendOption, progressBarOption, summaryCards, typeBarOption } from './summary-charts';

const summary = (over: Partial<TaskSummary> = {}): TaskSummary => ({
  type: 'globalSummaryAnalysis',
  year: '2026',
  department: null,
  totals: { total: 5, finished: 2, completionRate: '40.00', processWarnings: 3, expiredWarnings: 1 },
  byState: [],
  byGroup: [
    { group: 'pause', name: '暂停', count: 0 },
    { group: 'normal', name: '正常', count: 3 },
    { group: 'finished', name: '已完成', count: 2 },
  ],
  byDepartment: [
    { departId: 'd-jwc', departName: '教务处', total: 4, finished: 2, processWarnings: 3, expiredWarnings: 1 },
    { departId: null, departName: null, total: 1, finished: 0, processWarnings: 0, expiredWarnings: 0 },
  ],
  byType: [
    { rwlx: 'A', rwlxmc: '重点任务', total: 3, finished: 1 },
    { rwlx: 'B', rwlxmc: '常规任务', total: 2, finished: 1 },
    { rwlx: 'C', rwlxmc: '一般任务', total: 0, finished: 0 },
  ],
  progress: [
    { bucket: '0', name: '0%', count: 1 },
    { bucket: '0-25', name: '0-25%', count: 0 },
    { bucket: '25-50', name: '25-50%', count: 2 },
    { bucket: '50-75', name: '50-75%', count: 0 },
    { bucket: '75-100', name: '75-100%', count: 0 },
    { bucket: '100', name: '100%', count: 2 },
  ],
  overdueTrend: Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, count: i === 2 ? 4 : 0 })),
  ...over,
});

const seriesData = (option: unknown) => (option as { series: Array<{ name: string; data: unknown[] }> }).series.map((s) => [s.name, s.data]);

describe('汇总分析 chart options', () => {
  it('draws every bar 20 px wide (000 §9), narrower only where 20 would overlap its neighbour', () => {
    for (const option of [departmentBarOption(summary()), typeBarOption(summary()), progressBarOption(summary())]) {
      const bars = (option as { series: Array<{ type: string; barMaxWidth?: number }> }).series.filter((s) => s.type === 'bar');
      expect(bars.length).toBeGreaterThan(0);
      for (const bar of bars) expect(bar.barMaxWidth).toBe(20);
    }
  });

  it('shows the totals as cards, the rate in per cent', () => {
    expect(summaryCards(summary()).map((c) => [c.title, c.value, c.suffix ?? ''])).toEqual([
      ['任务总数', 5, ''],
      ['已完成', 2, ''],
      ['完成率', '40.00%', ''],
      ['过程预警', 3, ''],
      ['逾期预警', 1, ''],
    ]);
  });

  it('pies the display groups with tasks, in their colours', () => {
    const option = groupPieOption(summary()) as { series: Array<{ data: Array<{ name: string; value: number; itemStyle: { color: string } }> }> };
    expect(option.series[0]!.data).toEqual([
      { name: '正常', value: 3, itemStyle: { color: '#1677ff' } },
      { name: '已完成', value: 2, itemStyle: { color: '#52c41a' } },
    ]);
  });

  it("shows a rate without tasks as 0.00%, like any other percent (not progressValue's bare 0)", () => {
    expect(summaryCards(summary({ totals: { total: 0, finished: 0, completionRate: '0', processWarnings: 0, expiredWarnings: 0 } }))[2]!.value).toBe('0.00%');
  });

  it("tooltips a slice with its count and its share with two decimals, no space before % (ECharts' {d} gives 37.5)", () => {
    expect(groupTooltip({ name: '已完成', value: 3, percent: 37.5 })).toBe('已完成：3（37.50%）');
    expect(groupTooltip([{ name: '正常', value: 5, percent: 62.5 }])).toBe('正常：5（62.50%）');
    expect((groupPieOption(summary()) as { tooltip: { formatter: unknown } }).tooltip.formatter).toBe(groupTooltip);
  });

  it('stacks finished and unfinished tasks by department, naming a task without one', () => {
    const option = departmentBarOption(summary()) as { xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['教务处', '未指定部门']);
    expect(seriesData(option)).toEqual([['已完成', [2, 0]], ['未完成', [2, 1]]]);
  });

  it('bars the task types and the progress buckets, and lines the overdue warnings by month', () => {
    expect(seriesData(typeBarOption(summary()))).toEqual([['任务数', [3, 2, 0]], ['已完成', [1, 1, 0]]]);
    expect(seriesData(progressBarOption(summary()))).toEqual([['任务数', [1, 0, 2, 0, 0, 2]]]);
    const trend = overdueTrendOption(summary()) as { xAxis: { data: string[] } };
    expect(trend.xAxis.data[0]).toBe('1月');
    expect(seriesData(trend)[0]![1]).toEqual([0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('answers no chart when there is nothing to draw (the page shows 暂无数据)', () => {
    const empty = summary({
      totals: { total: 0, finished: 0, completionRate: '0', processWarnings: 0, expiredWarnings: 0 },
      byGroup: summary().byGroup.map((g) => ({ ...g, count: 0 })),
      byDepartment: [],
      overdueTrend: summary().overdueTrend.map((m) => ({ ...m, count: 0 })),
    });
    expect([groupPieOption(empty), departmentBarOption(empty), typeBarOption(empty), overdueTrendOption(empty), progressBarOption(empty)]).toEqual([null, null, null, null, null]);
  });
});
