import { average, rank, trend, type IndicatorValues } from './rival-analysis.js';

const data: IndicatorValues = new Map([
  [2024, new Map([['A', 90], ['B', 85], ['C', 85], ['D', 70]])],
  [2025, new Map([['A', 91], ['B', 93]])],
]);

describe('rival analysis rules', () => {
  it('gives each school its values over the years, null where it has none', () => {
    expect(trend(data, ['A', 'C'], [2024, 2025])).toEqual([
      { schoolCode: 'A', values: [90, 91] },
      { schoolCode: 'C', values: [85, null] },
    ]);
  });

  it('ranks with ties sharing a place, by the indicator’s direction', () => {
    expect(Object.fromEntries(rank(data, ['A', 'B', 'C', 'D'], 2024, true))).toEqual({ A: 1, B: 2, C: 2, D: 4 });
    expect(Object.fromEntries(rank(data, ['A', 'B', 'C', 'D'], 2024, false))).toEqual({ D: 1, B: 2, C: 2, A: 4 });
    // a school without a value that year has no place
    expect(rank(data, ['A', 'C'], 2025, true).has('C')).toBe(false);
  });

  it('averages the schools that have a value, to two decimals; none gives null', () => {
    expect(average(data, ['A', 'B', 'C'], 2024)).toBe(86.67);
    expect(average(data, ['C', 'D'], 2025)).toBeNull();
  });
});
