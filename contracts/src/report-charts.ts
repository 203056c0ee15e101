// The report's charts as ECharts options, written once: the report page draws them in the browser and the Word
// document renders the same options on the server (ECharts' SSR to SVG, then PNG). Plain objects: no ECharts import here.
import type { NamedValue, OverviewItemId, ReportOverview, ReportTableKey, ReportTables } from './reports.js';
import { gradeName } from './limits.js';
import { formatCount, formatPercent } from './format.js';
import { percentText } from './report-texts.js';

/**
 * Section 1: pies of target attainment and grade; section 2: the task completion pie; section 3: the warnings bar and
 * pie; section 4: the pie of the four improvement effects.
 */
export const REPORT_CHART_KEYS = ['attainment', 'grades', 'tasks', 'warningBar', 'warningPie', 'effects'] as const;
export type ReportChartKey = (typeof REPORT_CHART_KEYS)[number];
export const REPORT_CHART_SECTION: Record<ReportChartKey, OverviewItemId> = { attainment: 1, grades: 1, tasks: 2, warningBar: 3, warningPie: 3, effects: 4 };
export const REPORT_CHART_TITLES: Record<ReportChartKey, string> = {
  attainment: '质控点达标情况',
  grades: '质控点等级分布',
  tasks: '任务完成情况',
  warningBar: '预警次数最多的质控点',
  warningPie: '预警处理情况',
  effects: '改进成效',
};

/** The statistics tables' columns (field and Chinese title), for the page's tables and the Word document's alike. */
export const REPORT_TABLE_COLUMNS: { [K in ReportTableKey]: Array<{ key: keyof ReportTables[K][number] & string; title: string }> } = {
  mbjc: [
    { key: 'cjname', title: '诊改对象' },
    { key: 'yjzb', title: '一级指标' },
    { key: 'ejzb', title: '二级指标' },
    { key: 'zkdmc', title: '质控点' },
    { key: 'mbz', title: '目标值' },
    { key: 'jgz', title: '结果值' },
    { key: 'jgdj', title: '等级' },
    { key: 'dbqk', title: '达标情况' },
  ],
  wdbzb: [
    { key: 'cjname', title: '诊改对象' },
    { key: 'ejzb', title: '二级指标' },
    { key: 'zkdmc', title: '质控点' },
    { key: 'bzz', title: '标准值' },
    { key: 'mbz', title: '目标值' },
    { key: 'jgz', title: '结果值' },
    { key: 'yyfx', title: '原因分析' },
    { key: 'gjcs', title: '改进措施' },
  ],
  wwcmb: [
    { key: 'rwmc', title: '任务名称' },
    { key: 'yearTargetName', title: '年度目标' },
    { key: 'chargeDepartName', title: '牵头部门' },
    { key: 'ownerName', title: '负责人' },
    { key: 'jssj', title: '截止时间' },
    { key: 'rwjdmc', title: '任务状态' },
    { key: 'progress', title: '完成进度' },
  ],
  yjjl: [
    { key: 'cjname', title: '诊改对象' },
    { key: 'zkdmc', title: '质控点' },
    { key: 'yjsj', title: '预警时间' },
    { key: 'yjz', title: '预警值' },
    { key: 'jgz', title: '结果值' },
    { key: 'clsj', title: '处理时间' },
    { key: 'clcs', title: '处理措施' },
    { key: 'yyfx', title: '原因分析' },
  ],
  gjcx: [
    { key: 'cjname', title: '诊改对象' },
    { key: 'zkdmc', title: '质控点' },
    { key: 'sqzq', title: '措施周期' },
    { key: 'sqjg', title: '上周期结果' },
    { key: 'bqjg', title: '本周期结果' },
    { key: 'mbz', title: '目标值' },
    { key: 'gjcs', title: '改进措施' },
    { key: 'cxmc', title: '改进成效' },
  ],
};

/** One cell of a statistics table as the page and the Word document show it: a grade by its name, the rest as stored. */
export function reportTableCell(column: string, value: string | null | undefined): string {
  return column === 'jgdj' ? gradeName(value) : (value ?? '');
}

/** The charts' font: the CJK font the server has first (resvg finds it by name), then the desktop ones. */
export const REPORT_CHART_FONT = "'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";

/**
 * 000 §9: every bar chart's bars are 20 px wide (one constant for the screens and the Word document's charts), set as
 * the most they take: where many categories leave less room, a bar narrows instead of overlapping its neighbour.
 */
export const BAR_WIDTH = 20;

/** Fixed colours per name, so a name looks the same in every report (达标 green, 未达标 red …). */
const NAME_COLORS: Record<string, string> = {
  达标: '#52c41a',
  未达标: '#f5222d',
  未填报: '#bfbfbf',
  优秀: '#389e0d',
  良好: '#1677ff',
  一般: '#faad14',
  未完成: '#f5222d',
  达成: '#13c2c2',
  未达成: '#cf1322',
  未评级: '#bfbfbf',
  已完成: '#52c41a',
  正常: '#1677ff',
  暂停: '#faad14',
  已处理: '#52c41a',
  未处理: '#f5222d',
  有效: '#52c41a',
  改善: '#1677ff',
  未改善: '#f5222d',
  待评估: '#bfbfbf',
};
const FALLBACK_COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'];

/** Bar labels longer than this are cut with an ellipsis, so ten point names fit beside the bars. */
export const REPORT_CHART_LABEL_MAX = 12;

function fitName(name: string): string {
  return name.length > REPORT_CHART_LABEL_MAX ? `${name.slice(0, REPORT_CHART_LABEL_MAX - 1)}…` : name;
}

function pieData(list: readonly NamedValue[]): Array<NamedValue & { itemStyle: { color: string } }> {
  return list.map((entry, i) => ({ ...entry, itemStyle: { color: NAME_COLORS[entry.name] ?? FALLBACK_COLORS[i % FALLBACK_COLORS.length]! } }));
}

function base(key: ReportChartKey, subtext?: string): Record<string, unknown> {
  return {
    animation: false,
    textStyle: { fontFamily: REPORT_CHART_FONT },
    title: {
      text: REPORT_CHART_TITLES[key],
      left: 'center',
      top: 8,
      textStyle: { fontFamily: REPORT_CHART_FONT, fontSize: 16, fontWeight: 'bold', color: '#262626' },
      ...(subtext ? { subtext, subtextStyle: { fontFamily: REPORT_CHART_FONT, fontSize: 13, color: '#595959' } } : {}),
    },
    tooltip: { trigger: key === 'warningBar' ? 'axis' : 'item' },
  };
}

/**
 * A slice's label: its name, count and share as every percent shows ('达标：12\n11.70%'); ECharts' own '{d}%' drops the
 * trailing zero (11.7%). A function, not a template: the page and the server's render run the same option in-process.
 */
export function pieSliceLabel(p: { name: string; value?: unknown; percent?: number }): string {
  return `${p.name}：${formatCount(p.value as number, '0')}\n${formatPercent(p.percent ?? 0)}`;
}

function pie(key: ReportChartKey, list: readonly NamedValue[], subtext?: string): Record<string, unknown> {
  const data = pieData(list.filter((entry) => entry.value > 0));
  // A lone slice's label would sit at the ring's bottom, on the legend: it goes in the hole instead.
  const lone = data.length === 1 ? { label: { position: 'center', fontFamily: REPORT_CHART_FONT, fontSize: 14, lineHeight: 20, formatter: pieSliceLabel }, labelLine: { show: false } } : {};
  return {
    ...base(key, subtext),
    legend: { bottom: 8, left: 'center', textStyle: { fontFamily: REPORT_CHART_FONT, fontSize: 12 } },
    series: [
      {
        name: REPORT_CHART_TITLES[key],
        type: 'pie',
        radius: ['34%', '58%'],
        center: ['50%', '56%'],
        avoidLabelOverlap: true,
        // two short lines: the labels stay inside a small canvas (the Word document puts two pies abreast)
        label: { fontFamily: REPORT_CHART_FONT, fontSize: 12, lineHeight: 16, formatter: pieSliceLabel },
        labelLine: { length: 8, length2: 8 },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        ...lone,
        data,
      },
    ],
  };
}

/** The ECharts option of one chart (animation off, so a server render is the final picture). */
export function reportChartOption(key: ReportChartKey, overview: ReportOverview): Record<string, unknown> {
  switch (key) {
    case 'attainment':
      return pie(key, overview.zkddbqkList, `质控点共${overview.zkdzsl}个`);
    case 'grades':
      return pie(
        key,
        // stored as grade codes (A … N, 未评级): shown by their names, as the quality table shows them
        overview.zgQualitiesRankList.map(({ name, value }) => ({ name: gradeName(name), value })),
      );
    case 'tasks':
      return pie(key, overview.zkdwcqkList, `完成率 ${percentText(overview.wcl)}`);
    case 'warningPie':
      return pie(key, overview.yjqkList, `共预警${overview.yjcs}次，处理率 ${percentText(overview.yjcll)}`);
    case 'effects':
      return pie(key, overview.gjcxList, `改进措施${overview.gjcssl}项，改进有效率 ${overview.gjyxl === null ? '—' : percentText(String(overview.gjyxl))}`);
    case 'warningBar': {
      const names = overview.zkdmcs.map(fitName);
      return {
        ...base(key),
        // horizontal bars: long point names read better down the side than slanted under the axis
        grid: { left: 16, right: 40, top: 48, bottom: 16, containLabel: true },
        xAxis: { type: 'value', minInterval: 1, axisLabel: { fontFamily: REPORT_CHART_FONT } },
        yAxis: {
          type: 'category',
          inverse: true,
          data: names,
          axisLabel: { fontFamily: REPORT_CHART_FONT, fontSize: 12, width: 180, overflow: 'truncate' },
        },
        series: [
          {
            name: '预警次数',
            type: 'bar',
            barMaxWidth: BAR_WIDTH,
            itemStyle: { color: '#fa8c16' },
            label: { show: true, position: 'right', fontFamily: REPORT_CHART_FONT },
            data: overview.zkdyjcs.slice(0, names.length),
          },
        ],
      };
    }
  }
}
