import { progressCell, valueCell } from './report-cells.js';

describe("the statistics tables' cells (000 §9, issue 35)", () => {
  it.each([
    ['percent', '55', '55.00%'],
    ['percent', '43.6', '43.60%'],
    ['percent', '40.00', '40.00%'],
    ['percent', '85%', '85.00%'],
    ['percent', '0', '0.00%'],
    ['float', '43.6', '43.60'],
    ['float', '18', '18.00'],
    ['integer', '55', '55'],
    ['have', '1', '有'],
    ['whether', '0', '否'],
    ['text', ' 良好 ', '良好'],
    // a level warning's 预警值 is a grade: shown as it is
    ['percent', 'C', 'C'],
    ['percent', '', ''],
    ['percent', null, ''],
    [null, ' 12 ', '12'],
    ['unknown', '3.5', '3.5'],
  ] as const)('a %s value %p reads %p', (zlx, value, shown) => {
    expect(valueCell(zlx, value)).toBe(shown);
  });

  it('shows a task\'s progress as a percent with two decimals, 0.00% without a passed report', () => {
    expect(progressCell(60, 100)).toBe('60.00%');
    expect(progressCell('1', '3')).toBe('33.33%');
    expect(progressCell(null, 100)).toBe('0.00%');
    expect(progressCell(0, 100)).toBe('0.00%');
    expect(progressCell(150, 100)).toBe('100.00%');
  });
});
