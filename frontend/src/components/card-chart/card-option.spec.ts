import { describe, expect, it } from '@jest/globals';
import type { CardData } from '@zhengai/contracts';
import { CARD_PALETTE, MAX_SERIES, cardNumber, cardOption, hasCardValues, wrapLabel } from './card-option';

const card = (over: Partial<CardData> = {}): CardData => ({
  id: 'c1',
  name: '卡片',
  chart: 'line',
  categories: ['2021', '2022', '2023'],
  series: [
    { name: '本校', values: [1, 2, null] },
    { name: '均值', values: [2, 2, 3] },
  ],
  at: '2026-05-01T00:00:00Z',
  ...over,
});

interface AxisOption {
  xAxis: { data: string[]; axisLabel: { formatter(v: string): string } };
  series: { type: string; name: string; data: unknown }[];
  color: string[];
}

describe('wrapLabel (000 §9: 5 characters a line)', () => {
  it('breaks after every 5 characters', () => {
    expect(wrapLabel('质控点等级分布情况统计')).toBe('质控点等级\n分布情况统\n计');
    expect(wrapLabel('预警')).toBe('预警');
    expect(wrapLabel('')).toBe('');
    expect(wrapLabel('abcdef', 3)).toBe('abc\ndef');
  });
});

describe('cardOption', () => {
  it('draws a line chart with the fixed palette, one series each', () => {
    const option = cardOption(card()) as unknown as AxisOption;
    expect(option.color).toEqual([...CARD_PALETTE]);
    expect(option.series.map((s) => [s.type, s.name])).toEqual([
      ['line', '本校'],
      ['line', '均值'],
    ]);
    expect(option.xAxis.data).toEqual(['2021', '2022', '2023']);
    expect(option.xAxis.axisLabel.formatter('一二三四五六')).toBe('一二三四五\n六');
  });

  it('lets a line fit its values but starts bars at zero', () => {
    expect((cardOption(card()) as unknown as { yAxis: { scale: boolean } }).yAxis.scale).toBe(true);
    expect((cardOption(card(), 'bar') as unknown as { yAxis: { scale: boolean } }).yAxis.scale).toBe(false);
  });

  it('gives counts whole ticks only, and leaves fractional values their own (no half a warning on the axis)', () => {
    expect((cardOption(card(), 'bar') as unknown as { yAxis: { minInterval?: number } }).yAxis.minInterval).toBe(1);
    const rates = card({ series: [{ name: '本校', values: [1.5, 2.25, null] }] });
    expect((cardOption(rates, 'bar') as unknown as { yAxis: { minInterval?: number } }).yAxis.minInterval).toBeUndefined();
  });

  it('keeps a pie label whole: it wraps rather than ending in …, beside a ring that leaves it room', () => {
    const pie = cardOption(card(), 'pie') as unknown as { series: Array<{ radius: string[]; label: { overflow: string } }> };
    expect(pie.series[0]!.label.overflow).toBe('break');
    expect(Number.parseFloat(pie.series[0]!.radius[1]!)).toBeLessThanOrEqual(50);
  });

  it('keeps at most 5 series', () => {
    const series = Array.from({ length: 7 }, (_, i) => ({ name: `s${i}`, values: [i, i + 1, i + 2] }));
    const option = cardOption({ ...card(), series } as CardData, 'bar') as unknown as AxisOption;
    expect(option.series).toHaveLength(MAX_SERIES);
    expect(option.series.every((s) => s.type === 'bar')).toBe(true);
  });

  it('draws a pie of the first series over the categories', () => {
    const option = cardOption(card(), 'pie') as unknown as { series: { type: string; data: { name: string; value: number }[] }[] };
    expect(option.series[0].type).toBe('pie');
    expect(option.series[0].data).toEqual([
      { name: '2021', value: 1 },
      { name: '2022', value: 2 },
      { name: '2023', value: 0 },
    ]);
  });

  it("labels a pie's slices with their share as every percent shows: two decimals, % without a space", () => {
    const option = cardOption(card(), 'pie') as unknown as { series: { label: { formatter(p: { name: string; percent?: number }): string } }[] };
    expect(option.series[0].label.formatter({ name: '2021', percent: 11.7 })).toBe('2021\n11.70%');
    expect(option.series[0].label.formatter({ name: '2022' })).toBe('2022\n0.00%');
  });

  it('draws places with the first at the top of a line and on the rim of a radar', () => {
    const line = cardOption(card({ places: true }), 'line') as unknown as { yAxis: { inverse?: boolean; min?: number }; series: { smooth: boolean }[] };
    expect(line.yAxis).toMatchObject({ inverse: true, min: 1 });
    expect(line.series.every((s) => s.smooth === false)).toBe(true);
    const radar = cardOption(card({ places: true, max: [5, 5, 5], series: [{ name: '本校', values: [1, 5, null] }] }), 'radar') as unknown as { series: { data: { value: number[] }[] }[] };
    expect(radar.series[0]!.data[0]!.value).toEqual([5, 1, 0]);
    const values = cardOption(card(), 'line') as unknown as { yAxis: { inverse?: boolean } };
    expect(values.yAxis.inverse).toBeUndefined();
  });

  it('draws a radar with the given maxima, else one above the largest value', () => {
    const given = cardOption(card({ max: [10, 20, 30] }), 'radar') as unknown as { radar: { indicator: { max: number }[] } };
    expect(given.radar.indicator.map((i) => i.max)).toEqual([10, 20, 30]);
    const derived = cardOption(card(), 'radar') as unknown as { radar: { indicator: { max: number }[] } };
    expect(derived.radar.indicator.every((i) => i.max >= 3)).toBe(true);
  });

  it('gives nothing to draw for empty figures and for number cards', () => {
    expect(cardOption(card({ series: [] }))).toBeNull();
    expect(cardOption(card({ series: [{ name: 'a', values: [null, null] }] }))).toBeNull();
    expect(cardOption(card(), 'number')).toBeNull();
  });
});

describe('hasCardValues and cardNumber', () => {
  it('reads the first number', () => {
    expect(hasCardValues(card())).toBe(true);
    expect(hasCardValues(card({ series: [] }))).toBe(false);
    expect(cardNumber(card({ series: [{ name: 'x', values: [null, 42.5] }] }))).toBe(42.5);
    expect(cardNumber(card({ series: [] }))).toBeNull();
  });
});
