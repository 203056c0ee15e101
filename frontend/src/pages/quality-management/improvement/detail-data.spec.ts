import { describe, expect, it } from '@jest/globals';
import { hasChartData } from '../../../components/charts/chart-data';
import { detailChartOption, detailColumns, namedValues, warningTrendOption } from './detail-data';

describe('detail data', () => {
  it('reads rows as names and numbers, leaving out the others', () => {
    expect(namedValues([{ name: '一月', value: '3' }, { mc: '二月', z: 4 }, { name: '三月', value: 'x' }, null, 5])).toEqual([
      { name: '一月', value: 3 },
      { name: '二月', value: 4 },
    ]);
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
  });

  it('takes the table columns from the rows', () => {
    expect(detailColumns([{ a: 1 }, { b: 2, a: 3 }])).toEqual(['a', 'b']);
  });

  it('draws monitored values blue and warning values red, by time', () => {
    const option = warningTrendOption([
      { id: '2', yjsj: '2026-02', yjz: '90', jgz: '85', zlx: 'percent', clsj: null, clcs: null, yyfx: null },
      { id: '1', yjsj: '2026-01', yjz: '90', jgz: '92%', zlx: 'percent', clsj: null, clcs: null, yyfx: null },
    ]);
    expect(option.xAxis).toEqual({ type: 'category', data: ['2026-01', '2026-02'] });
    expect(option.series).toEqual([
      expect.objectContaining({ name: '监测值', color: '#1677ff', data: [92, 85] }),
      expect.objectContaining({ name: '预警值', color: '#f5222d', data: [90, 90] }),
    ]);
  });
});
