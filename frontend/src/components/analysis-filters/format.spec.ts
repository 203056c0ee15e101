import { changeOf, formatIndicator } from './format';

describe('formatIndicator', () => {
  it('uses the decimals and unit, % without a space', () => {
    expect(formatIndicator(12.345, { unit: '%', decimals: 2 })).toBe('12.35%');
    // a count is a whole number as every count shows, without separators (issue 35: one layer)
    expect(formatIndicator(1234, { unit: '人', decimals: 0 })).toBe('1234 人');
    expect(formatIndicator(12650.4, { unit: '元', decimals: 0 })).toBe('12650 元');
    expect(formatIndicator(1.005, { unit: '%', decimals: 2 })).toBe('1.01%');
    expect(formatIndicator(3.5, { unit: '', decimals: 2 })).toBe('3.50');
    expect(formatIndicator(3.5, { unit: '人', decimals: 0 }, false)).toBe('4');
    expect(formatIndicator(null, { unit: '%', decimals: 2 })).toBe('-');
  });
});

describe('changeOf', () => {
  it('compares with the previous year', () => {
    expect(changeOf(2, 1)).toBe('up');
    expect(changeOf(1, 2)).toBe('down');
    expect(changeOf(2, 2)).toBe('same');
    expect(changeOf(2, null)).toBeNull();
  });
});
