import { diagnosticStandard } from './diagnostic-standard.js';

describe('diagnosticStandard: the standard in the point\'s own type and unit', () => {
  it.each([
    ['whether', '1', '1', 'higher', '应为是'],
    ['whether', '0', '0', 'higher', '应为否'],
    ['whether', '0', '1', 'higher', '应为否，目标为是'],
    ['whether', null, null, 'higher', '应为是'],
    ['have', '1', '1', 'higher', '应为有'],
    ['have', '0', null, 'higher', '应为无'],
    ['percent', '100', '100', 'higher', '不低于100.00%'],
    ['percent', '90', '95.5', 'higher', '不低于90.00%，目标值95.50%'],
    ['percent', '5', '3', 'lower', '不高于5.00%，目标值3.00%'],
    ['integer', '12', '12', 'higher', '不低于12'],
    ['integer', '3', '1', 'lower', '不高于3，目标值1'],
    ['float', '3.5', '4', 'higher', '不低于3.50，目标值4.00'],
    ['float', null, '4', 'higher', '目标值4.00'],
    ['text', '良好', '良好', 'higher', '应为良好'],
    ['text', '合格', '良好', 'higher', '应为合格，目标为良好'],
    ['text', null, null, 'higher', ''],
    ['integer', null, null, 'higher', ''],
  ] as const)('%s %p / %p (%s) reads %p', (zlx, bzz, mbz, direction, text) => {
    expect(diagnosticStandard(zlx, bzz, mbz, direction)).toBe(text);
  });

  it('never reads 标准值 or 目标值 followed by a bare flag', () => {
    expect(diagnosticStandard('whether', '1', '1')).not.toMatch(/标准值|目标值1/);
  });
});
