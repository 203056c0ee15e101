import { describe, expect, it } from '@jest/globals';
import {
  UNKNOWN,
  dateOf,
  formatCount,
  formatDate,
  formatDateTime,
  formatFloat,
  formatPercent,
  formatRatio,
  formatValueOf,
  numberOf,
  round2,
} from './format.js';

describe('the formatting layer (000 §9, issue 35)', () => {
  it('rounds to two decimals half away from zero, 1.005 included', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
  });

  it('shows floats with two decimals', () => {
    expect(formatFloat(43.6)).toBe('43.60');
    expect(formatFloat('40')).toBe('40.00');
    expect(formatFloat(' 3.5 ')).toBe('3.50');
    expect(formatFloat(123456.789)).toBe('123456.79');
  });

  it('shows percents with two decimals and % without a space', () => {
    expect(formatPercent(60)).toBe('60.00%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('55%')).toBe('55.00%');
    expect(formatPercent(11.7)).toBe('11.70%');
    expect(formatRatio(0.117)).toBe('11.70%');
  });

  it('shows counts as whole numbers without separators', () => {
    expect(formatCount(55)).toBe('55');
    expect(formatCount('12000')).toBe('12000');
    expect(formatCount(2.6)).toBe('3');
  });

  it('shows 未知, or the fallback given, for nothing and for what is not a number', () => {
    for (const f of [formatFloat, formatPercent, formatRatio, formatCount]) {
      expect(f(null)).toBe(UNKNOWN);
      expect(f(undefined)).toBe('未知');
      expect(f('')).toBe(UNKNOWN);
      expect(f('n/a')).toBe(UNKNOWN);
      expect(f(Number.NaN)).toBe(UNKNOWN);
      expect(f(null, '—')).toBe('—');
    }
    expect(numberOf('八十')).toBeNull();
  });

  it('shows a point value by its type: percents with %, floats with 2 decimals, flags as words, the rest as entered', () => {
    expect(formatValueOf('percent', '55')).toBe('55.00%');
    expect(formatValueOf('percent', '43.6')).toBe('43.60%');
    expect(formatValueOf('percent', '85%')).toBe('85.00%');
    expect(formatValueOf('float', '43.6')).toBe('43.60');
    expect(formatValueOf('integer', '55')).toBe('55');
    expect(formatValueOf('have', '1')).toBe('有');
    expect(formatValueOf('whether', '0')).toBe('否');
    expect(formatValueOf('text', '良好')).toBe('良好');
    expect(formatValueOf('percent', 'C')).toBe('C');
    expect(formatValueOf('percent', '')).toBe('');
    expect(formatValueOf('float', null)).toBe('');
  });

  it('shows dates as yyyy-MM-dd and times as yyyy-MM-dd HH:mm:ss in local time', () => {
    const at = new Date(2026, 10, 28, 4, 57, 8);
    expect(formatDate(at)).toBe('2026-11-28');
    expect(formatDateTime(at)).toBe('2026-11-28 04:57:08');
    expect(formatDateTime(at.getTime())).toBe('2026-11-28 04:57:08');
    expect(formatDateTime(at.toISOString())).toBe('2026-11-28 04:57:08');
    expect(formatDateTime(new Date(2026, 0, 5, 23, 0, 0))).toBe('2026-01-05 23:00:00');
  });

  it('reads a date or time without a zone as local time', () => {
    expect(formatDate('2026-11-28')).toBe('2026-11-28');
    expect(formatDateTime('2026-11-28')).toBe('2026-11-28 00:00:00');
    expect(formatDateTime('2026-11-28 04:57')).toBe('2026-11-28 04:57:00');
    expect(formatDateTime('2026-11-28T04:57:08.123')).toBe('2026-11-28 04:57:08');
    expect(dateOf('2026-11-28')?.getDate()).toBe(28);
  });

  it('shows 未知, or the fallback given, for a missing or invalid date', () => {
    expect(formatDate(null)).toBe(UNKNOWN);
    expect(formatDateTime(undefined)).toBe(UNKNOWN);
    expect(formatDateTime('')).toBe(UNKNOWN);
    expect(formatDateTime('not a date')).toBe(UNKNOWN);
    expect(formatDate(new Date(Number.NaN), '')).toBe('');
  });
});
