import { describe, expect, it } from '@jest/globals';
import { hasChartData } from './chart-data';

describe('hasChartData', () => {
  it('is false for no option, no series or only empty series', () => {
    expect(hasChartData(null)).toBe(false);
    expect(hasChartData({})).toBe(false);
    expect(hasChartData({ series: [] })).toBe(false);
    expect(hasChartData({ series: [{ data: [] }, {}] })).toBe(false);
    expect(hasChartData({ series: { data: [] }, dataset: { source: [] } })).toBe(false);
  });
  it('is true when a series or a dataset has values', () => {
    expect(hasChartData({ series: [{ data: [] }, { data: [1] }] })).toBe(true);
    expect(hasChartData({ series: { data: [0] } })).toBe(true);
    expect(hasChartData({ dataset: { source: [['a', 1]] }, series: [{}] })).toBe(true);
    expect(hasChartData({ dataset: [{ source: { a: [1] } }] })).toBe(true);
  });
});
