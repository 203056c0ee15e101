// Chart options of 竞争对手分析, kept apart from the page so they can be tested without antd or echarts.
import type { AvgAnalysis, DoubleSchool, RankAnalysis, TrendAnalysis } from '@zhengai/contracts';
import { wrapLabel } from '../../../components/card-chart/card-option';
import { BAR_WIDTH } from '@zhengai/contracts';
import type { EChartsOption } from 'echarts';
import { formatIndicator, type IndicatorFormat } from '../../../components/analysis-filters/format';

/** At most five series in a chart (000 §9). */
export const MAX_SERIES = 5;
const OWN_COLOR = '#f5222d';

const anyValue = (rows: (number | null)[][]): boolean => rows.some((r) => r.some((v) => v !== null));

/** The codes drawn by default: the own school first, then the others in order, at most five. */
export function defaultLines(series: { schoolCode: string; own: boolean }[]): string[] {
  const own = series.filter((s) => s.own).map((s) => s.schoolCode);
  const rest = series.filter((s) => !s.own).map((s) => s.schoolCode);
  return [...own, ...rest].slice(0, MAX_SERIES);
}

function pickSeries<T extends { schoolCode: string }>(series: T[], codes: string[]): T[] {
  const wanted = codes.slice(0, MAX_SERIES);
  return series.filter((s) => wanted.includes(s.schoolCode));
}

/** 趋势分析: one line per school (≤ 5), the own school thick and red. Null when there is nothing to draw. */
export function trendOption(data: TrendAnalysis | null, codes: string[], format: IndicatorFormat | undefined): EChartsOption | null {
  if (!data) return null;
  const shown = pickSeries(data.series, codes);
  if (!shown.length || !anyValue(shown.map((s) => s.values))) return null;
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatIndicator(typeof v === 'number' ? v : null, format) },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 60, right: 30, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: data.years.map(String) },
    yAxis: { type: 'value', name: format?.unit ?? '', scale: true },
    series: shown.map((s) => ({
      name: s.own ? `${s.schoolName}（本校）` : s.schoolName,
      type: 'line',
      connectNulls: false,
      data: s.values,
      ...(s.own ? { lineStyle: { width: 4, color: OWN_COLOR }, itemStyle: { color: OWN_COLOR }, z: 10 } : {}),
    })),
  };
}

/** 排名分析: places per year on an inverted axis (1 at the top). */
export function rankOption(data: RankAnalysis | null, codes: string[]): EChartsOption | null {
  if (!data) return null;
  const shown = pickSeries(data.series, codes);
  if (!shown.length || !anyValue(shown.map((s) => s.ranks))) return null;
  const most = Math.max(1, ...data.totals);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? `第${v}名` : '-') },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 50, right: 30, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: data.years.map(String) },
    yAxis: { type: 'value', inverse: true, min: 1, max: most, minInterval: 1, name: '名次' },
    series: shown.map((s) => ({
      name: s.own ? `${s.schoolName}（本校）` : s.schoolName,
      type: 'line',
      data: s.ranks,
      ...(s.own ? { lineStyle: { width: 4, color: OWN_COLOR }, itemStyle: { color: OWN_COLOR }, z: 10 } : {}),
    })),
  };
}

/** 均值分析: bars of the school and the group's mean per year, the difference as a line. */
export function avgOption(data: AvgAnalysis | null, format: IndicatorFormat | undefined): EChartsOption | null {
  if (!data?.school) return null;
  if (!anyValue([data.school.values, data.averages])) return null;
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatIndicator(typeof v === 'number' ? v : null, format) },
    legend: { top: 0 },
    grid: { left: 60, right: 60, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: data.years.map(String) },
    // a bar's length carries its value: the axis starts at zero (a scaled axis from 10,000 made a bar vanish, issue 35)
    yAxis: [{ type: 'value', name: format?.unit ?? '', min: 0, minInterval: format?.decimals === 0 ? 1 : undefined }, { type: 'value', name: '差值', splitLine: { show: false } }],
    series: [
      { name: data.school.own ? `${data.school.schoolName}（本校）` : data.school.schoolName, type: 'bar', barMaxWidth: BAR_WIDTH, data: data.school.values, itemStyle: { color: OWN_COLOR } },
      { name: '平均值', type: 'bar', barMaxWidth: BAR_WIDTH, data: data.averages },
      { name: '差值', type: 'line', yAxisIndex: 1, data: data.differences },
    ],
  };
}

/**
 * Normalised scores of two schools per indicator (0–100): the better value scores 100, the other its share of it
 * (for lower-is-better indicators the smaller value is the better one). Null where a value is missing.
 */
export function normalise(a: number | null, b: number | null, higherIsBetter: boolean): [number | null, number | null] {
  if (a === null || b === null) return [a === null ? null : 100, b === null ? null : 100];
  const score = (mine: number, other: number): number => {
    if (mine === other) return 100;
    if (higherIsBetter) {
      const top = Math.max(mine, other);
      return top <= 0 ? 0 : Math.round((Math.max(0, mine) / top) * 10000) / 100;
    }
    const low = Math.min(mine, other);
    return mine <= 0 ? 100 : Math.round((Math.max(0, low) / mine) * 10000) / 100;
  };
  return [score(a, b), score(b, a)];
}

/** 两校对比: a radar of normalised scores. */
export function doubleOption(data: DoubleSchool | null, higherIsBetter: (code: string) => boolean): EChartsOption | null {
  if (!data || !data.rows.length) return null;
  const scores = data.rows.map((r) => normalise(r.values[0], r.values[1], higherIsBetter(r.indicator)));
  if (!anyValue(scores.map((s) => [s[0], s[1]]))) return null;
  return {
    tooltip: {},
    legend: { top: 0, data: data.schools.map((s) => s.schoolName) },
    // names wrapped at 5 characters a line (000 §9): unwrapped, the long ones ran off the left edge (issue 35)
    radar: { indicator: data.rows.map((r) => ({ name: wrapLabel(r.name), max: 100 })), radius: '62%', center: ['50%', '54%'], axisName: { fontSize: 11 } },
    series: [
      {
        type: 'radar',
        data: data.schools.map((s, i) => ({ name: s.schoolName, value: scores.map((sc) => sc[i] ?? 0) })),
      },
    ],
  };
}
