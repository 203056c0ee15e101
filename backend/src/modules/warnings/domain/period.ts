import { formatDate, formatDateTime } from '../../../shared/kernel/format.js';

/** Sampling periods (spec 001 §9) and warning periods share their keys; 'year' is a warning period only. */
export type PeriodUnit = 'year' | 'month' | 'week' | 'day' | 'none';

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO 8601 week-numbering year and week of a date (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): { year: number; week: number } {
  const d = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return { year: d.getUTCFullYear(), week: Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

/**
 * The key of the period an instant falls in, in the server's local time: 2026, 2026-11, 2026-W47, 2026-11-21;
 * 'none' has no period, so the instant itself (to the second) is the key.
 */
export function periodKey(unit: PeriodUnit, at: Date): string {
  switch (unit) {
    case 'year':
      return String(at.getFullYear());
    case 'month':
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}`;
    case 'week': {
      const { year, week } = isoWeek(at);
      return `${year}-W${pad(week)}`;
    }
    case 'day':
      return formatDate(at);
    case 'none':
      return formatDateTime(at).replace(' ', 'T');
  }
}
