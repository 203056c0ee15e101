// Indicator values as the analysis pages show them, through the one formatting layer (000 §9): an indicator with
// decimals 0 is a count (人, 册, 元: a whole number), any other a float with two decimals; % for percents, the unit otherwise.
import { formatCount, formatFloat } from '../../utils/formatters';

export interface IndicatorFormat {
  unit: string;
  decimals: number;
}

/** 12.35% / 1234 人 / 3.50; '-' when there is no value. */
export function formatIndicator(value: number | null | undefined, format: IndicatorFormat | undefined, withUnit = true): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const text = format?.decimals === 0 ? formatCount(value) : formatFloat(value);
  if (!withUnit || !format?.unit) return text;
  return format.unit === '%' ? `${text}%` : `${text} ${format.unit}`;
}

/** The change from the previous value: 'up', 'down', 'same', or null when either is missing. */
export function changeOf(value: number | null | undefined, previous: number | null | undefined): 'up' | 'down' | 'same' | null {
  if (value === null || value === undefined || previous === null || previous === undefined) return null;
  return value > previous ? 'up' : value < previous ? 'down' : 'same';
}
