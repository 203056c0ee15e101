import { isoWeek, periodKey } from './period.js';

describe('periodKey', () => {
  const at = new Date(2026, 10, 21, 9, 5, 7); // Saturday 21 November 2026

  it('names each period', () => {
    expect(periodKey('year', at)).toBe('2026');
    expect(periodKey('month', at)).toBe('2026-11');
    expect(periodKey('week', at)).toBe('2026-W47');
    expect(periodKey('day', at)).toBe('2026-11-21');
    expect(periodKey('none', at)).toBe('2026-11-21T09:05:07');
  });

  it('uses ISO weeks across the turn of the year', () => {
    expect(isoWeek(new Date(2026, 0, 1))).toEqual({ year: 2026, week: 1 }); // a Thursday
    expect(isoWeek(new Date(2027, 0, 1))).toEqual({ year: 2026, week: 53 }); // a Friday: last week of 2026
    expect(isoWeek(new Date(2024, 11, 30))).toEqual({ year: 2025, week: 1 });
  });

  it('gives the same key throughout a period and a new one after it', () => {
    expect(periodKey('week', new Date(2026, 10, 16))).toBe('2026-W47'); // Monday
    expect(periodKey('week', new Date(2026, 10, 22, 23, 59))).toBe('2026-W47'); // Sunday
    expect(periodKey('week', new Date(2026, 10, 23))).toBe('2026-W48');
    expect(periodKey('month', new Date(2026, 11, 1))).toBe('2026-12');
  });
});
