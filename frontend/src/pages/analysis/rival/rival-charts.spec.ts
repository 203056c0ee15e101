import type { AvgAnalysis, RankAnalysis, TrendAnalysis } from '@zhengai/contracts';
import { avgOption, defaultLines, normalise, rankOption, trendOption } from './rival-charts';

const series = (n: number, own = false) => ({ schoolCode: `S${n}`, schoolName: `学校${n}`, own, values: [n, n + 1] });

describe('rival charts', () => {
  it('均值分析: the bars stand on zero, whole counts on a count axis (a scaled axis from 10,000 made a bar vanish)', () => {
    const data = { indicator: 'students', years: [2024, 2025], averages: [10_500, 11_000], school: { code: 'own', schoolName: '本校', own: true, values: [10_100, 12_000] }, differences: [-400, 1000] } as unknown as AvgAnalysis;
    const option = avgOption(data, { unit: '人', decimals: 0 }) as { yAxis: Array<{ min?: number; scale?: boolean; minInterval?: number }> };
    expect(option.yAxis[0]).toMatchObject({ min: 0, minInterval: 1 });
    expect(option.yAxis[0]!.scale).toBeUndefined();
    expect((avgOption(data, { unit: '%', decimals: 2 }) as { yAxis: Array<{ minInterval?: number }> }).yAxis[0]!.minInterval).toBeUndefined();
  });

  it('draws at most five lines, the own school first', () => {
    const all = [series(1), series(2), series(3, true), series(4), series(5), series(6), series(7)];
    expect(defaultLines(all)).toEqual(['S3', 'S1', 'S2', 'S4', 'S5']);
    const data: TrendAnalysis = { indicator: 'students', years: [2020, 2021], series: all };
    const option = trendOption(data, all.map((s) => s.schoolCode), { unit: '人', decimals: 0 });
    const drawn = option?.series as { name: string }[];
    expect(drawn).toHaveLength(5);
    expect(drawn.map((s) => s.name)).toContain('学校3（本校）');
  });

  it('gives no option when every value is missing', () => {
    const data: TrendAnalysis = { indicator: 'x', years: [2020], series: [{ ...series(1), values: [null] }] };
    expect(trendOption(data, ['S1'], undefined)).toBeNull();
    expect(trendOption(null, ['S1'], undefined)).toBeNull();
  });

  it('inverts the rank axis', () => {
    const data: RankAnalysis = { indicator: 'x', years: [2020], totals: [3], series: [{ ...series(1), ranks: [2] }] };
    const option = rankOption(data, ['S1']);
    expect(option?.yAxis).toMatchObject({ inverse: true, min: 1, max: 3 });
  });

  it('normalises two values by direction', () => {
    expect(normalise(50, 100, true)).toEqual([50, 100]);
    expect(normalise(10, 20, false)).toEqual([100, 50]);
    expect(normalise(5, 5, true)).toEqual([100, 100]);
    expect(normalise(null, 5, true)).toEqual([null, 100]);
  });
});
