import { describe, expect, it } from '@jest/globals';
import { hasChartData } from '../../../components/charts/chart-data';
import { chartNumber, detailBlocks, detailChartOption, detailColumns, namedValues, samplingTrendOption, warningTrendOption } from './detail-data';

describe('detail data', () => {
  it('reads rows as names and numbers, leaving out the others', () => {
    expect(namedValues([{ name: '一月', value: '3' }, { mc: '二月', z: 4 }, { name: '三月', value: 'x' }, { name: '四月', value: '85%' }, null, 5])).toEqual([
      { name: '一月', value: 3 },
      { name: '二月', value: 4 },
      { name: '四月', value: 85 },
    ]);
  });

  it('reads other rows by column order: the first text column names, the first number after it counts', () => {
    const rows = [
      { 全校对口就业率: '81.99', 专业: '会计', 对口就业率: '84.24', 就业人数: 165 },
      { 全校对口就业率: '81.99', 专业: '电子商务', 对口就业率: '73.33', 就业人数: 120 },
    ];
    expect(namedValues(rows)).toEqual([
      { name: '会计', value: 84.24 },
      { name: '电子商务', value: 73.33 },
    ]);
    // no text column: nothing to name the bars by
    expect(namedValues([{ a: 1, b: 2 }])).toEqual([]);
  });

  it('draws histograms, lines and pies; tables and files are not charts', () => {
    const rows = [{ name: 'a', value: 1 }];
    expect(detailChartOption('histogram', rows)).toMatchObject({ series: [{ type: 'bar', data: [1] }] });
    expect(detailChartOption('line', rows)).toMatchObject({ series: [{ type: 'line', data: [1] }] });
    expect(detailChartOption('pie', rows)).toMatchObject({ series: [{ type: 'pie', data: [{ name: 'a', value: 1 }] }] });
    expect(detailChartOption('table', rows)).toBeNull();
    expect(detailChartOption('file', rows)).toBeNull();
  });

  it('gives an empty chart (the 暂无数据 placeholder) for no rows', () => {
    expect(hasChartData(detailChartOption('line', []) as never)).toBe(false);
    expect(hasChartData(warningTrendOption([]) as never)).toBe(false);
    expect(hasChartData(samplingTrendOption([]) as never)).toBe(false);
  });

  it('takes the table columns from the rows', () => {
    expect(detailColumns([{ a: 1 }, { b: 2, a: 3 }])).toEqual(['a', 'b']);
  });

  it('shows one block per data source with rows, in its display mode', () => {
    const sources = [
      { id: 's1', cjfs: 'sql', xsfs: 'table' },
      { id: 's2', cjfs: 'algorithm', xsfs: 'pie' },
    ];
    expect(
      detailBlocks(
        [
          { datasourceId: 's2', xsfs: 'pie', rows: [{ name: 'a', value: 1 }] },
          { datasourceId: 's1', xsfs: 'table', rows: [] },
        ],
        sources,
      ),
    ).toEqual([{ source: sources[1], cjfs: 'algorithm', xsfs: 'pie', rows: [{ name: 'a', value: 1 }] }]);
    // without ids the order matches; a group without a mode takes its source's
    expect(detailBlocks([{ datasourceId: null, xsfs: '', rows: [{ x: 1 }] }], [{ cjfs: 'sql', xsfs: 'line' }])).toEqual([
      { source: { cjfs: 'sql', xsfs: 'line' }, cjfs: 'sql', xsfs: 'line', rows: [{ x: 1 }] },
    ]);
  });

  it('reads a flat list of rows as the first source', () => {
    expect(detailBlocks([{ a: 1 }, 'x'], [{ cjfs: 'interface', xsfs: 'histogram' }])).toEqual([
      { source: { cjfs: 'interface', xsfs: 'histogram' }, cjfs: 'interface', xsfs: 'histogram', rows: [{ a: 1 }] },
    ]);
    expect(detailBlocks([{ a: 1 }], [])).toEqual([{ source: null, cjfs: null, xsfs: 'table', rows: [{ a: 1 }] }]);
    expect(detailBlocks([], [{ cjfs: 'sql', xsfs: 'table' }])).toEqual([]);
    expect(detailBlocks(null, null)).toEqual([]);
  });

  it('reads percents, flags and numbers as chart values', () => {
    expect(chartNumber('85%')).toBe(85);
    expect(chartNumber(' 3.5 ')).toBe(3.5);
    expect(chartNumber('有')).toBe(1);
    expect(chartNumber('否')).toBe(0);
    expect(chartNumber('C')).toBeNull();
    expect(chartNumber(null)).toBeNull();
  });

  it('draws monitored values blue and warning values red, by time', () => {
    const option = warningTrendOption([
      { sj: '2026-02-01 00:00:00', yjz: '90', jgz: '85' },
      { sj: '2026-01-01 00:00:00', yjz: 90, jgz: '92%' },
    ]);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['2026-01-01 00:00:00', '2026-02-01 00:00:00'] });
    expect((option.xAxis as { axisLabel: { formatter(v: string): string } }).axisLabel.formatter('2026-01-01 00:00:00')).toBe('2026-01-01');
    expect(option.series).toEqual([
      expect.objectContaining({ name: '监测值', color: '#1677ff', data: [92, 85] }),
      expect.objectContaining({ name: '预警值', color: '#f5222d', data: [90, 90] }),
    ]);
  });

  it('draws the sampled values over time, percents as numbers', () => {
    const option = samplingTrendOption([
      { sj: '2026-11-21 03:00:00', cjz: '78%', zlx: 'percent' },
      { sj: '2026-11-20 03:00:00', cjz: '81.5', zlx: 'percent' },
    ]);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['2026-11-20 03:00:00', '2026-11-21 03:00:00'] });
    expect(option.series).toEqual([expect.objectContaining({ type: 'line', data: [81.5, 78] })]);
    expect(option.yAxis).toMatchObject({ axisLabel: { formatter: '{value}%' } });
    // the tooltip shows a value as every percent shows (issue 35)
    const tooltip = option.tooltip as { valueFormatter(v: unknown): string };
    expect(tooltip.valueFormatter(81.5)).toBe('81.50%');
    expect(tooltip.valueFormatter(null)).toBe('');
    expect((samplingTrendOption([{ sj: '2026-11-20 03:00:00', cjz: '3.5', zlx: 'float' }]).tooltip as { valueFormatter(v: unknown): string }).valueFormatter(3.5)).toBe('3.50');
  });
});
