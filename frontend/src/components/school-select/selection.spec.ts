import { jest } from '@jest/globals';
import { applySet, atMax, boxDisabled, debounce, sameProvince, toggleSchool, visibleRange, withinBounds, type PickedSchool } from './selection';

const school = (n: number, own = false): PickedSchool => ({ schoolCode: `S${n}`, schoolName: `学校${n}`, own });
const bounds = { min: 2, max: 3 };

describe('school selection bounds', () => {
  it('ticks and unticks a school', () => {
    const one = toggleSchool([], school(1), bounds);
    expect(one.map((s) => s.schoolCode)).toEqual(['S1']);
    expect(toggleSchool(one, school(1), bounds)).toEqual([]);
  });

  it('refuses a tick past the max and disables the other boxes there', () => {
    let sel: PickedSchool[] = [];
    for (const n of [1, 2, 3, 4]) sel = toggleSchool(sel, school(n), bounds);
    expect(sel.map((s) => s.schoolCode)).toEqual(['S1', 'S2', 'S3']);
    expect(atMax(sel, bounds)).toBe(true);
    expect(boxDisabled('S4', sel, bounds)).toBe(true);
    expect(boxDisabled('S2', sel, bounds)).toBe(false);
    expect(boxDisabled('S4', sel.slice(0, 2), bounds)).toBe(false);
  });

  it('allows OK only between min and max', () => {
    expect(withinBounds([school(1)], bounds)).toBe(false);
    expect(withinBounds([school(1), school(2)], bounds)).toBe(true);
    expect(withinBounds([school(1), school(2), school(3), school(4)], bounds)).toBe(false);
  });

  it('applies a quick set with the own school first, without duplicates, cut at the max', () => {
    const own = school(9, true);
    const out = applySet([school(1), school(9), school(2), school(3)], bounds, own);
    expect(out.map((s) => s.schoolCode)).toEqual(['S9', 'S1', 'S2']);
    expect(applySet([school(1)], bounds, null).map((s) => s.schoolCode)).toEqual(['S1']);
  });

  it('filters one province', () => {
    const rows = [{ schoolProvince: '江苏' }, { schoolProvince: '浙江' }, { schoolProvince: '江苏' }];
    expect(sameProvince(rows, '江苏')).toHaveLength(2);
    expect(sameProvince(rows, null)).toEqual([]);
  });
});

describe('visibleRange', () => {
  it('draws only the rows in view plus spares', () => {
    expect(visibleRange(0, 30, 456, 1549)).toEqual({ start: 0, end: 21 });
    expect(visibleRange(3000, 30, 456, 1549)).toEqual({ start: 95, end: 121 });
    expect(visibleRange(1549 * 30, 30, 456, 1549)).toEqual({ start: 1544, end: 1549 });
    expect(visibleRange(0, 30, 456, 0)).toEqual({ start: 0, end: 0 });
  });
});

describe('debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls once with the last arguments after the wait', () => {
    const calls: string[] = [];
    const d = debounce((s: string) => calls.push(s), 300);
    d('a');
    jest.advanceTimersByTime(200);
    d('ab');
    jest.advanceTimersByTime(299);
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual(['ab']);
  });

  it('drops a pending call on cancel', () => {
    const calls: string[] = [];
    const d = debounce((s: string) => calls.push(s), 300);
    d('x');
    d.cancel();
    jest.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });
});
