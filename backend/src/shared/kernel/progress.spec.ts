import { progress, progressNumber, type Amount } from './progress.js';

describe('progress (000 §9: value / target × 100, capped 0–100, 2 decimals, 0 when either is zero or missing)', () => {
  const cases: [Amount, Amount, string][] = [
    // zero or missing on either side
    [0, 10, '0'],
    [10, 0, '0'],
    [0, 0, '0'],
    [null, 10, '0'],
    [10, null, '0'],
    [undefined, 10, '0'],
    [10, undefined, '0'],
    ['', 10, '0'],
    [10, '  ', '0'],
    ['abc', 10, '0'],
    [10, 'x', '0'],
    [Number.NaN, 10, '0'],
    [10, Number.POSITIVE_INFINITY, '0'],
    ['0', '10', '0'],
    // in range, 2 decimals
    [5, 10, '50.00'],
    [1, 3, '33.33'],
    [2, 3, '66.67'],
    [1, 8, '12.50'],
    [0.5, 100, '0.50'],
    [1, 100000, '0.00'],
    ['45.67', '100', '45.67'],
    [' 7 ', '8', '87.50'],
    [10, 10, '100.00'],
    // over the target is capped at 100
    [15, 10, '100.00'],
    ['1e6', 1, '100.00'],
    // a negative share is no progress; two negatives make a positive share
    [-5, 10, '0.00'],
    [5, -10, '0.00'],
    [-5, -10, '50.00'],
  ];

  it.each(cases)('progress(%p, %p) is %p', (value, target, expected) => {
    expect(progress(value, target)).toBe(expected);
  });

  it('answers the same figure as a number', () => {
    expect(progressNumber(1, 3)).toBe(33.33);
    expect(progressNumber(null, 3)).toBe(0);
    expect(progressNumber(30, 3)).toBe(100);
    expect(progressNumber(-1, 3)).toBe(0);
  });
});
