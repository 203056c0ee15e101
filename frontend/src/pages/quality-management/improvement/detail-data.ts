// The charts and tables of the point drawer and the sampling modal (spec 001 §2): each data source shows the
// latest sample's detail rows as its display mode says (a table, a histogram, a line, a pie or a file list);
// the warning trend draws monitored values blue and warning values red; the sampling trend the sampled values.
import type { EChartsOption } from 'echarts';
import { BAR_WIDTH } from '@zhengai/contracts';
import type { Datasource } from '../../../api/diagnosis';
import type { DetailGroup, SamplingRecord, TrendPoint } from '../../../api/warnings';
import { formatFloat, formatPercent } from '../../../utils/formatters';
import { flagOf, numberOf } from './quality-values';

export interface NamedValue {
  name: string;
  value: number;
}

const NAME_KEYS = ['name', 'mc', 'sj', 'label', 'x'] as const;
const VALUE_KEYS = ['value', 'z', 'cjz', 'jgz', 'y', 'num'] as const;

function pick(item: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (item[key] !== undefined && item[key] !== null) return item[key];
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Which columns a chart reads: the conventional keys (name/mc/sj/label/x and value/z/cjz/jgz/y/num) when the rows
 * have them; otherwise, in column order, the first column that is not a number names the bar or slice and the first
 * number after it is the value (an SQL source's `SELECT total, 专业, 对口就业率, …` charts 对口就业率 by 专业).
 */
function chartKeys(rows: Array<Record<string, unknown>>): { name: readonly string[]; value: readonly string[] } {
  const first = rows[0];
  if (!first || (pick(first, NAME_KEYS) !== undefined && pick(first, VALUE_KEYS) !== undefined)) return { name: NAME_KEYS, value: VALUE_KEYS };
  const columns = Object.keys(first);
  const numeric = (key: string) => rows.every((r) => r[key] === null || r[key] === undefined || chartNumber(r[key] as string | number) !== null);
  const nameAt = columns.findIndex((key) => !numeric(key));
  if (nameAt < 0) return { name: NAME_KEYS, value: VALUE_KEYS };
  const value = columns.slice(nameAt + 1).find(numeric) ?? columns.find(numeric);
  return { name: [columns[nameAt]!], value: value ? [value] : VALUE_KEYS };
}

/** The rows that read as a name and a number; others are left out. */
export function namedValues(detail: readonly unknown[] | null | undefined): NamedValue[] {
  const rows = (detail ?? []).filter(isRecord);
  const keys = chartKeys(rows);
  const out: NamedValue[] = [];
  for (const raw of rows) {
    const name = pick(raw, keys.name);
    const value = chartNumber(pick(raw, keys.value) as string | number | null | undefined);
    if (name === undefined || value === null) continue;
    out.push({ name: String(name), value });
  }
  return out;
}

/** The chart of a display mode over the detail rows; null for table and file modes. An empty series shows 暂无数据. */
export function detailChartOption(mode: string, detail: readonly unknown[] | null | undefined): EChartsOption | null {
  const data = namedValues(detail);
  if (mode === 'pie') {
    return { tooltip: { trigger: 'item' }, legend: { bottom: 0 }, series: [{ type: 'pie', radius: ['35%', '65%'], data }] };
  }
  if (mode === 'histogram' || mode === 'line') {
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 24, top: 24, bottom: 40 },
      xAxis: { type: 'category', data: data.map((d) => d.name) },
      yAxis: { type: 'value' },
      series: [{ type: mode === 'line' ? 'line' : 'bar', barMaxWidth: BAR_WIDTH, data: data.map((d) => d.value) }],
    };
  }
  return null;
}

/** Column keys of the detail table: every key of the rows, in the order first seen. */
export function detailColumns(detail: readonly unknown[] | null | undefined): string[] {
  const keys = new Set<string>();
  for (const raw of detail ?? []) if (isRecord(raw)) for (const key of Object.keys(raw)) keys.add(key);
  return [...keys];
}

/** A data source as the drawer knows it; the server may or may not send its id. */
type SourceLike = { cjfs: Datasource['cjfs'] | string; xsfs: Datasource['xsfs'] | string; id?: string | null; datasourceId?: string | null };

export interface DetailBlock {
  /** the data source the rows came from, when known */
  source: SourceLike | null;
  /** its collection method, when known */
  cjfs: string | null;
  xsfs: string;
  rows: Array<Record<string, unknown>>;
}

const isGroup = (value: unknown): value is DetailGroup => isRecord(value) && Array.isArray(value.rows);

/**
 * The detail blocks of the drawer's first tab: detailValue is one `{ datasourceId, xsfs, rows }` per data source;
 * a flat list of rows (an older answer) is the first source's. Sources without rows are left out; nothing at all
 * gives no block (the tab shows 暂无数据).
 */
export function detailBlocks(detailValue: readonly unknown[] | null | undefined, sources: readonly SourceLike[] | null | undefined): DetailBlock[] {
  const list = detailValue ?? [];
  const known = sources ?? [];
  if (list.length === 0) return [];
  if (list.every(isGroup)) {
    return (list as DetailGroup[])
      .map((group, i) => {
        const source = known.find((s) => group.datasourceId && (s.id ?? s.datasourceId) === group.datasourceId) ?? known[i] ?? null;
        return { source, cjfs: group.cjfs || source?.cjfs || null, xsfs: group.xsfs || source?.xsfs || 'table', rows: group.rows.filter(isRecord) };
      })
      .filter((block) => block.rows.length > 0);
  }
  const rows = list.filter(isRecord);
  return rows.length ? [{ source: known[0] ?? null, cjfs: known[0]?.cjfs ?? null, xsfs: known[0]?.xsfs || 'table', rows }] : [];
}

/** A value as a chart reads it: '85%' is 85, 有/是 1 and 无/否 0; null when it is no number. */
export function chartNumber(value: string | number | null | undefined): number | null {
  const n = numberOf(value);
  if (n !== null) return n;
  return flagOf(value);
}

export const TREND_COLORS = { monitored: '#1677ff', warning: '#f5222d' } as const;

/** A time axis of 'YYYY-MM-DD HH:mm:ss' labels shows the days; the tooltip keeps the whole time. */
const dayAxis = (times: string[]) => ({ type: 'category' as const, data: times, axisLabel: { formatter: (value: string) => String(value).slice(0, 10) } });

/** The warning trend (001 §2): monitored values (jgz) blue, warning values (yjz) red, in time order. */
export function warningTrendOption(points: readonly (Pick<TrendPoint, 'sj'> & { jgz: TrendPoint['jgz'] | number; yjz: TrendPoint['yjz'] | number | null })[] | null | undefined): EChartsOption {
  const list = [...(points ?? [])].filter((p) => p.sj).sort((a, b) => String(a.sj).localeCompare(String(b.sj)));
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, data: ['监测值', '预警值'] },
    grid: { left: 48, right: 24, top: 24, bottom: 56 },
    xAxis: dayAxis(list.map((p) => String(p.sj))),
    yAxis: { type: 'value', scale: true },
    series: [
      { name: '监测值', type: 'line', color: TREND_COLORS.monitored, data: list.map((p) => chartNumber(p.jgz)) },
      { name: '预警值', type: 'line', color: TREND_COLORS.warning, lineStyle: { type: 'dashed' }, data: list.map((p) => chartNumber(p.yjz)) },
    ],
  };
}

/** The sampling modal's value trend: the sampled values (cjz) over time, percents as numbers. */
export function samplingTrendOption(records: readonly SamplingRecord[] | null | undefined): EChartsOption {
  const list = [...(records ?? [])].sort((a, b) => String(a.sj).localeCompare(String(b.sj)));
  const percent = list.some((r) => r.zlx === 'percent');
  return {
    // the sampled values as the table shows them ('81.50%', '3.50'); the axis' ticks are a scale, not values: '80%'
    tooltip: { trigger: 'axis', valueFormatter: (value) => (percent ? formatPercent(value as number, '') : formatFloat(value as number, '')) },
    grid: { left: 56, right: 24, top: 24, bottom: 40 },
    xAxis: dayAxis(list.map((r) => r.sj)),
    yAxis: percent ? { type: 'value', scale: true, axisLabel: { formatter: '{value}%' } } : { type: 'value', scale: true },
    series: [{ name: '采样值', type: 'line', color: TREND_COLORS.monitored, data: list.map((r) => chartNumber(r.cjz)) }],
  };
}
