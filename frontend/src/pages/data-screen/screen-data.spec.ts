import { describe, expect, it } from '@jest/globals';
import { countsBar, countsPie, rateText, refreshMs, trendLine } from './screen-data';

describe('refreshMs', () => {
  it('defaults to 30 s', () => {
    expect(refreshMs('')).toBe(30_000);
    expect(refreshMs('?refresh=')).toBe(30_000);
    expect(refreshMs('?refresh=abc')).toBe(30_000);
  });
  it('takes ?refresh=<seconds>, at least 1', () => {
    expect(refreshMs('?refresh=5')).toBe(5_000);
    expect(refreshMs('?x=1&refresh=1')).toBe(1_000);
    expect(refreshMs('?refresh=0')).toBe(1_000);
    expect(refreshMs('?refresh=-4')).toBe(1_000);
  });
});

describe('panel options', () => {
  it('draws no pie when every count is zero', () => {
    expect(countsPie([{ name: 'A', value: 0 }])).toBeNull();
    const pie = countsPie([
      { name: '优秀', value: 3 },
      { name: '良好', value: 0 },
    ]) as { series: { data: unknown[] }[] };
    expect(pie.series[0].data).toEqual([
      { name: '优秀', value: 3 },
      { name: '良好', value: 0 },
    ]);
  });
  it('draws bars of the counts', () => {
    expect(countsBar([])).toBeNull();
    const bar = countsBar([{ name: '待处理', value: 2 }]) as { series: { data: { value: number }[] }[] };
    expect(bar.series[0].data.map((d) => d.value)).toEqual([2]);
  });
  it('draws the trend as own against mean', () => {
    expect(trendLine({ indicator: 'x', name: 'x', years: [], own: [], average: [] })).toBeNull();
    expect(trendLine({ indicator: 'x', name: 'x', years: [2020], own: [null], average: [null] })).toBeNull();
    const line = trendLine({ indicator: 'x', name: 'x', years: [2020, 2021], own: [1, 2], average: [1.5, null] }) as {
      series: { name: string; data: unknown[] }[];
      xAxis: { data: string[] };
    };
    expect(line.xAxis.data).toEqual(['2020', '2021']);
    expect(line.series.map((s) => s.name)).toEqual(['本校', '均值']);
  });
});

describe('rateText', () => {
  it('shows 改进有效率 with its percent sign, a dash while none is judged', () => {
    expect(rateText(33.33)).toBe('33.33%');
    expect(rateText(0)).toBe('0.00%');
    expect(rateText(40)).toBe('40.00%');
    expect(rateText(null)).toBe('—');
  });
});
