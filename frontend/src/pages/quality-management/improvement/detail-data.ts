// The detail-data tab of the point drawer (spec 001 §2): each data source shows the point's detail rows
// as its display mode says — a table, a histogram, a line, a pie or a file list. The rows arrive with the
// monitoring issue (detailValue is empty until then); this reads the shapes it is likely to take.
import type { EChartsOption } from 'echarts';
import type { WarningFlow } from '../../../api/diagnosis';

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

/** The rows that read as a name and a number; others are left out. */
export function namedValues(detail: readonly unknown[] | null | undefined): NamedValue[] {
  const out: NamedValue[] = [];
  for (const raw of detail ?? []) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Record<string, unknown>;
    const name = pick(item, NAME_KEYS);
    const value = Number(pick(item, VALUE_KEYS));
    if (name === undefined || !Number.isFinite(value)) continue;
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
      series: [{ type: mode === 'line' ? 'line' : 'bar', barWidth: 20, data: data.map((d) => d.value) }],
    };
  }
  return null;
}

/** Column keys of the detail table: every key of the rows, in the order first seen. */
export function detailColumns(detail: readonly unknown[] | null | undefined): string[] {
  const keys = new Set<string>();
  for (const raw of detail ?? []) if (raw && typeof raw === 'object') for (const key of Object.keys(raw)) keys.add(key);
  return [...keys];
}

/** The warning trend (001 §2): monitored values blue, warning values red, by warning time. */
export function warningTrendOption(flows: readonly WarningFlow[] | null | undefined): EChartsOption {
  const list = [...(flows ?? [])].filter((f) => f.yjsj).sort((a, b) => String(a.yjsj).localeCompare(String(b.yjsj)));
  const num = (v: string | null) => {
    const n = Number(String(v ?? '').replace(/%$/, ''));
    return v !== null && v !== '' && Number.isFinite(n) ? n : null;
  };
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 24, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: list.map((f) => String(f.yjsj)) },
    yAxis: { type: 'value' },
    series: [
      { name: '监测值', type: 'line', color: '#1677ff', data: list.map((f) => num(f.jgz)) },
      { name: '预警值', type: 'line', color: '#f5222d', data: list.map((f) => num(f.yjz)) },
    ],
  };
}
