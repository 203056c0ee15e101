import { REPORT_CHART_KEYS, REPORT_CHART_LABEL_MAX, pieSliceLabel, reportChartOption, reportTableCell } from '@zhengai/contracts';
import { fixtureOverview } from '../infrastructure/testing/report-document.fixture.js';

type Series = { type: string; data: Array<{ name: string; value: number }> | number[] };

describe('reportChartOption', () => {
  const overview = fixtureOverview();

  it('turns animation off and sets a Chinese title and the CJK font on every chart', () => {
    for (const key of REPORT_CHART_KEYS) {
      const option = reportChartOption(key, overview) as { animation: boolean; title: { text: string }; textStyle: { fontFamily: string } };
      expect(option.animation).toBe(false);
      expect(option.title.text).toMatch(/[\u4e00-\u9fa5]/);
      expect(option.textStyle.fontFamily).toContain('Noto Sans CJK SC');
    }
  });

  it('draws the attainment pie from zkddbqkList', () => {
    const series = (reportChartOption('attainment', overview) as { series: Series[] }).series[0]!;
    expect(series.type).toBe('pie');
    expect((series.data as Array<{ name: string; value: number }>).map(({ name, value }) => [name, value])).toEqual([
      ['达标', 17],
      ['未达标', 5],
      ['未填报', 2],
    ]);
  });

  it('draws the grades pie from zgQualitiesRankList, each grade by the name the quality table gives it (issue 35)', () => {
    const series = (reportChartOption('grades', overview) as { series: Series[] }).series[0]!;
    expect((series.data as Array<{ name: string }>).map(({ name }) => name)).toEqual(['优秀', '良好', '一般', '未完成', '达成', '未达成', '未评级']);
  });

  it('shows a statistics table cell as the page and the Word document show it: grades by name, the rest as stored', () => {
    expect(reportTableCell('jgdj', 'B')).toBe('良好');
    expect(reportTableCell('jgdj', '未评级')).toBe('未评级');
    expect(reportTableCell('jgdj', null)).toBe('');
    expect(reportTableCell('zkdmc', 'B')).toBe('B');
  });

  it('shows the completion rate on the tasks pie', () => {
    const option = reportChartOption('tasks', overview) as { title: { subtext: string }; series: Series[] };
    expect(option.title.subtext).toBe('完成率 66.67%');
    expect(option.series[0]!.data).toHaveLength(3);
  });

  it('draws the warning bar with names cut to fit and the counts in order', () => {
    const option = reportChartOption('warningBar', overview) as { yAxis: { data: string[] }; series: Series[] };
    expect(option.yAxis.data[0]).toBe('生师比');
    expect(option.yAxis.data[2]!.length).toBe(REPORT_CHART_LABEL_MAX);
    expect(option.yAxis.data[2]!.endsWith('…')).toBe(true);
    expect(option.series[0]!.type).toBe('bar');
    expect(option.series[0]!.data).toEqual([4, 2, 2, 1]);
  });

  it("labels every pie's slices with count and share as every percent shows: two decimals, % without a space", () => {
    for (const key of ['attainment', 'grades', 'tasks', 'warningPie', 'effects'] as const) {
      const label = (reportChartOption(key, overview) as { series: Array<{ label: { formatter: unknown } }> }).series[0]!.label.formatter;
      expect(label).toBe(pieSliceLabel);
    }
    // ECharts' '{d}%' showed 11.7%; the layer shows 11.70%
    expect(pieSliceLabel({ name: '达标', value: 17, percent: 11.7 })).toBe('达标：17\n11.70%');
    expect(pieSliceLabel({ name: '未处理', value: 0 })).toBe('未处理：0\n0.00%');
  });

  it('shows a rate with nothing to divide as 0.00%, like the others', () => {
    expect((reportChartOption('tasks', fixtureOverview({ wcl: '0' })) as { title: { subtext: string } }).title.subtext).toBe('完成率 0.00%');
  });

  it('draws the warning pie from yjqkList and leaves zero slices out', () => {
    const option = reportChartOption('warningPie', fixtureOverview({ yjqkList: [{ name: '已处理', value: 9 }, { name: '未处理', value: 0 }] })) as { series: Series[] };
    expect((option.series[0]!.data as Array<{ name: string }>).map(({ name }) => name)).toEqual(['已处理']);
  });
});

describe('a pie with one slice', () => {
  it('puts its label in the ring\'s hole, not on the legend', () => {
    const option = reportChartOption('tasks', { ...fixtureOverview(), zkdwcqkList: [{ name: '已完成', value: 8 }, { name: '正常', value: 0 }, { name: '暂停', value: 0 }] }) as { series: Array<{ label: { position?: string }; data: unknown[] }> };
    expect(option.series[0]!.data).toHaveLength(1);
    expect(option.series[0]!.label.position).toBe('center');
  });
});
