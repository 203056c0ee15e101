// Indicator values as the analysis pages show them: the indicator's decimals, % for percents, the unit otherwise.

export interface IndicatorFormat {
  unit: string;
  decimals: number;
}

/** 12.35% / 1,234 人 / 暂无数据 when there is no value. */
export function formatIndicator(value: number | null | undefined, format: IndicatorFormat | undefined, withUnit = true): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const decimals = format?.decimals ?? 2;
  const text = value.toLocaleString('zh-CN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  if (!withUnit || !format?.unit) return text;
  return format.unit === '%' ? `${text}%` : `${text} ${format.unit}`;
}

/** The change from the previous value: 'up', 'down', 'same', or null when either is missing. */
export function changeOf(value: number | null | undefined, previous: number | null | undefined): 'up' | 'down' | 'same' | null {
  if (value === null || value === undefined || previous === null || previous === undefined) return null;
  return value > previous ? 'up' : value < previous ? 'down' : 'same';
}
