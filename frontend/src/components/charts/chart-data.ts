// Kept apart from the chart component so it can be tested without loading antd or echarts.

interface LooseSeries {
  data?: unknown;
}
interface LooseDataset {
  source?: unknown;
}
export interface LooseOption {
  series?: LooseSeries | LooseSeries[];
  dataset?: LooseDataset | LooseDataset[];
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function nonEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return false;
}

/** True when some series or dataset carries at least one value; otherwise the chart shows 暂无数据. */
export function hasChartData(option: LooseOption | null | undefined): boolean {
  if (!option) return false;
  return list(option.dataset).some((d) => nonEmpty(d?.source)) || list(option.series).some((s) => nonEmpty(s?.data));
}
