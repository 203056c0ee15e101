// CardData → ECharts option (000 §9: at most 5 series, fixed colours, labels wrapped every 5 characters). Pure, so it
// is tested without echarts; the component only draws what this returns.
import type { CardChart, CardData } from '@zhengai/contracts';
import { BAR_WIDTH } from '@zhengai/contracts';
import type { EChartsOption } from 'echarts';
import { formatPercent } from '../../utils/formatters';

/** The fixed chart colours, one per series (or pie slice) in order. */
export const CARD_PALETTE = ['#397ef0', '#36c6a0', '#f5a623', '#e8684a', '#8d6ce0', '#5ab1ef', '#b6a2de', '#d87a80'] as const;
/** At most this many series in a line, bar or radar chart (000 §9). */
export const MAX_SERIES = 5;
/** Characters per line of a wrapped label (000 §9). */
export const WRAP_EVERY = 5;

/** The label with a line break after every `every` characters (counted by code point). */
export function wrapLabel(label: string, every: number = WRAP_EVERY): string {
  if (every < 1) return label;
  const chars = Array.from(label);
  const lines: string[] = [];
  for (let i = 0; i < chars.length; i += every) lines.push(chars.slice(i, i + every).join(''));
  return lines.join('\n');
}

/** True when some series holds at least one number. */
export function hasCardValues(data: Pick<CardData, 'series'> | null | undefined): boolean {
  return !!data && data.series.some((s) => s.values.some((v) => typeof v === 'number' && Number.isFinite(v)));
}

/** The figure a 'number' card shows: the first value of the first series, or null. */
export function cardNumber(data: Pick<CardData, 'series'>): number | null {
  const v = data.series[0]?.values.find((x) => typeof x === 'number' && Number.isFinite(x));
  return typeof v === 'number' ? v : null;
}

export interface CardOptionStyle {
  /** light text on a dark background (the data screens) */
  dark?: boolean;
}

/**
 * The option drawing `data` as `chart` (default: the card's own chart); null when there is nothing to draw or the
 * chart is 'number' (the component shows the figure itself).
 */
export function cardOption(data: CardData, chart: CardChart = data.chart, style: CardOptionStyle = {}): EChartsOption | null {
  if (chart === 'number' || !hasCardValues(data)) return null;
  const text = style.dark ? '#d6e4ff' : '#555';
  const line = style.dark ? 'rgba(214,228,255,0.15)' : '#eee';
  const series = data.series.slice(0, MAX_SERIES);
  const base: EChartsOption = {
    color: [...CARD_PALETTE],
    tooltip: { trigger: chart === 'pie' || chart === 'radar' ? 'item' : 'axis' },
    textStyle: { color: text },
  };
  const AXIS_NAME = { color: text, align: 'left' as const };
  const legend = { show: series.length > 1 || chart === 'pie', bottom: 0, textStyle: { color: text }, type: 'scroll' as const };

  if (chart === 'pie') {
    const first = series[0];
    return {
      ...base,
      legend,
      series: [
        {
          type: 'pie',
          name: first.name,
          // a narrower ring leaves the labels their room: cut to … beside a 65 % ring in a card of 290 px (issue 35);
          // a label too wide still wraps (break) rather than losing its end, and labels that would overlap hide
          radius: ['28%', '48%'],
          center: ['50%', '45%'],
          label: { color: text, overflow: 'break', formatter: (p: { name: string; percent?: number }) => `${wrapLabel(p.name)}\n${formatPercent(p.percent ?? 0)}` },
          labelLayout: { hideOverlap: true },
          data: data.categories.map((name, i) => ({ name, value: first.values[i] ?? 0 })),
        },
      ],
    };
  }
  if (chart === 'radar') {
    const values = series.flatMap((s) => s.values).filter((v): v is number => typeof v === 'number');
    const top = Math.max(1, ...values);
    return {
      ...base,
      legend,
      radar: {
        indicator: data.categories.map((name, i) => ({ name: wrapLabel(name), max: data.max?.[i] ?? Math.ceil(top * 1.2) })),
        axisName: { color: text },
        splitLine: { lineStyle: { color: line } },
      },
      // places run outward: the first place sits on the rim, the last at the centre
      series: [{ type: 'radar', data: series.map((s) => ({ name: s.name, value: s.values.map((v, i) => (v == null ? 0 : data.places ? (data.max?.[i] ?? top) + 1 - v : v)) })) }],
    };
  }
  return {
    ...base,
    legend,
    // an axis name (名次, 人 …) stands above the axis, left-aligned from it: containLabel leaves the name out, so centred
    // over a narrow axis it was cut (名次 read 名, issue 35)
    grid: { left: 8, right: 16, top: data.unit ? 36 : 24, bottom: legend.show ? 40 : 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: data.categories,
      axisLabel: { color: text, interval: 0, formatter: (v: string) => wrapLabel(v) },
      axisLine: { lineStyle: { color: line } },
    },
    yAxis: data.places && chart === 'line'
      ? { type: 'value', name: data.unit, nameLocation: 'start', nameTextStyle: AXIS_NAME, inverse: true, min: 1, minInterval: 1, axisLabel: { color: text }, splitLine: { lineStyle: { color: line } } }
      : { type: 'value', name: data.unit, nameTextStyle: AXIS_NAME, scale: chart === 'line', minInterval: wholeCounts(series) ? 1 : undefined, axisLabel: { color: text }, splitLine: { lineStyle: { color: line } } },
    series: series.map((s) =>
      chart === 'bar'
        ? { type: 'bar' as const, name: s.name, data: s.values, barMaxWidth: BAR_WIDTH }
        : { type: 'line' as const, name: s.name, data: s.values, smooth: !data.places, connectNulls: true },
    ),
  };
}

/** Every value a whole number (counts: points, warnings, people): the axis takes no half ticks (issue 35). */
function wholeCounts(series: ReadonlyArray<{ values: ReadonlyArray<number | null> }>): boolean {
  return series.every((s) => s.values.every((v) => v === null || Number.isInteger(v)));
}
