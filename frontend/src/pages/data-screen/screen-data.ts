// Pure pieces of the data screen: the refresh period and the panels' ECharts options (tested without echarts).
import type { DataScreen, NamedValue } from '@zhengai/contracts';
import { BAR_WIDTH } from '@zhengai/contracts';
import type { EChartsOption } from 'echarts';
import { CARD_PALETTE, wrapLabel } from '../../components/card-chart/card-option';
import { formatPercent } from '../../utils/formatters';

/** The screen asks again every 30 s unless `?refresh=<seconds>` says otherwise. */
export const DEFAULT_REFRESH_SECONDS = 30;
export const MIN_REFRESH_SECONDS = 1;

/** The refresh period in ms from the page's query string: ?refresh=<seconds>, at least 1 s; else 30 s. */
export function refreshMs(search: string): number {
  const raw = new URLSearchParams(search).get('refresh');
  const seconds = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(seconds)) return DEFAULT_REFRESH_SECONDS * 1000;
  return Math.max(MIN_REFRESH_SECONDS, seconds) * 1000;
}

const TEXT = '#d6e4ff';
const LINE = 'rgba(214,228,255,0.15)';

/** A ring pie of named counts; null when all are zero or there are none. */
export function countsPie(counts: NamedValue[]): EChartsOption | null {
  if (!counts.some((c) => c.value > 0)) return null;
  return {
    color: [...CARD_PALETTE],
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, textStyle: { color: TEXT } },
    series: [
      {
        type: 'pie',
        radius: ['40%', '65%'],
        center: ['50%', '45%'],
        label: { color: TEXT, formatter: '{b}\n{c}' },
        data: counts.map((c) => ({ name: c.name, value: c.value })),
      },
    ],
  };
}

/** Bars of named counts; null when there are none. */
export function countsBar(counts: NamedValue[]): EChartsOption | null {
  if (counts.length === 0) return null;
  return {
    color: [...CARD_PALETTE],
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: counts.map((c) => c.name), axisLabel: { color: TEXT, interval: 0, formatter: (v: string) => wrapLabel(v) } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { color: TEXT }, splitLine: { lineStyle: { color: LINE } } },
    series: [{ type: 'bar', barMaxWidth: BAR_WIDTH, data: counts.map((c, i) => ({ value: c.value, itemStyle: { color: CARD_PALETTE[i % CARD_PALETTE.length] } })), label: { show: true, position: 'top', color: TEXT } }],
  };
}

/** The own school against the selection's mean over the years; null without years or values. */
export function trendLine(trend: DataScreen['trend']): EChartsOption | null {
  if (trend.years.length === 0 || ![...trend.own, ...trend.average].some((v) => v !== null)) return null;
  return {
    color: [...CARD_PALETTE],
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, textStyle: { color: TEXT } },
    grid: { left: 8, right: 16, top: 24, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: trend.years.map(String), axisLabel: { color: TEXT } },
    yAxis: { type: 'value', scale: true, axisLabel: { color: TEXT }, splitLine: { lineStyle: { color: LINE } } },
    series: [
      { type: 'line', name: '本校', data: trend.own, smooth: true, connectNulls: true },
      { type: 'line', name: '均值', data: trend.average, smooth: true, connectNulls: true, lineStyle: { type: 'dashed' } },
    ],
  };
}

/** The figure with this key (collection: 自动采集率), if the answer has it. */
export function figure(screen: Pick<DataScreen, 'monitoring'>, key: string) {
  return screen.monitoring.figures.find((f) => f.key === key) ?? null;
}

/** 改进有效率 as shown: '33.33%', '0.00%', or '—' while no measure of the level is judged yet. */
export function rateText(rate: number | null): string {
  return formatPercent(rate, '—');
}
