// The one formatting layer of numbers, percents and dates (000 §9: floats with 2 decimals, percents with a % suffix
// and no space, unknown values as 未知; dates yyyy-MM-dd, times yyyy-MM-dd HH:mm:ss), for the frontend's screens and
// the backend's Word document and exports alike (issue 35). Plain code: times are read and shown in the local time of
// whoever runs it (the browser, or the server's time zone as every time the server writes).

/** What a missing or unreadable value shows (000 §9). */
export const UNKNOWN = '未知';

export type Numeric = number | string | null | undefined;
export type DateInput = Date | number | string | null | undefined;

/** The number in a value ('85', '85%', ' 3.5 ', 85), or null when it is empty or not a number ('八十', '1e3' as text). */
export function numberOf(value: Numeric): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(/%$/, '').trim();
  if (text === '' || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/** 有/无 and 是/否 values carry 1 or 0 (001 §2); the words themselves are read too. */
export function flagOf(value: Numeric | boolean): 0 | 1 | null {
  if (value === true) return 1;
  if (value === false) return 0;
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '1' || text === '有' || text === '是') return 1;
  if (text === '0' || text === '无' || text === '否') return 0;
  return null;
}

/** Rounded to 2 decimals, half away from zero. toFixed alone rounds 1.005 down (binary fractions): nudge by epsilon first. */
export function round2(n: number): number {
  const rounded = Math.round((n + Math.sign(n) * Number.EPSILON * Math.max(1, Math.abs(n))) * 100) / 100;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A float with two decimals: '3.50'; the fallback (未知) when there is no number. */
export function formatFloat(value: Numeric, fallback: string = UNKNOWN): string {
  const n = numberOf(value);
  return n === null ? fallback : round2(n).toFixed(2);
}

/** A value that is already a percentage, with two decimals and a % suffix, no space: 60 → '60.00%', '0' → '0.00%'. */
export function formatPercent(value: Numeric, fallback: string = UNKNOWN): string {
  const n = numberOf(value);
  return n === null ? fallback : `${round2(n).toFixed(2)}%`;
}

/** A share (0–1) as a percent: 0.117 → '11.70%'. */
export function formatRatio(share: Numeric, fallback: string = UNKNOWN): string {
  const n = numberOf(share);
  return n === null ? fallback : formatPercent(n * 100);
}

/** A count as a whole number without separators: 55 → '55'. */
export function formatCount(value: Numeric, fallback: string = UNKNOWN): string {
  const n = numberOf(value);
  return n === null ? fallback : String(Math.round(n));
}

/** The value types of a quality point (zlx, 001 §3), as far as their display differs. */
export type ShownValueType = 'percent' | 'float' | 'integer' | 'have' | 'whether' | 'text';

/**
 * A point's value as every table shows it, by its type (001 §2, 000 §9): percent '85.00%', float '3.50', have 有/无,
 * whether 是/否, integer and text as entered. An empty value stays empty; one that does not read as its type (a grade
 * letter, a word) is shown as entered.
 */
export function formatValueOf(type: ShownValueType | string | null | undefined, value: Numeric): string {
  if (value === null || value === undefined || String(value).trim() === '') return '';
  const text = String(value).trim();
  switch (type) {
    case 'percent':
      return formatPercent(text, text);
    case 'float':
      return formatFloat(text, text);
    case 'have': {
      const f = flagOf(text);
      return f === null ? text : f ? '有' : '无';
    }
    case 'whether': {
      const f = flagOf(text);
      return f === null ? text : f ? '是' : '否';
    }
    default:
      return text;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
// a date or a date and time without a zone is local time ('2026-11-28', '2026-11-28 04:57:08', '2026-11-28T04:57')
const LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** The instant of a Date, epoch milliseconds or a date string (ISO with a zone, or local without one); null when none. */
export function dateOf(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let d: Date;
  if (value instanceof Date) d = value;
  else if (typeof value === 'number') d = new Date(value);
  else {
    const m = LOCAL.exec(value.trim());
    d = m
      ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), Number((m[7] ?? '0').padEnd(3, '0')))
      : new Date(value);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

/** yyyy-MM-dd in local time; the fallback (未知) when there is no date. */
export function formatDate(value: DateInput, fallback: string = UNKNOWN): string {
  const d = dateOf(value);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : fallback;
}

/** yyyy-MM-dd HH:mm:ss in local time (24 hours); the fallback (未知) when there is no date. */
export function formatDateTime(value: DateInput, fallback: string = UNKNOWN): string {
  const d = dateOf(value);
  return d ? `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : fallback;
}
