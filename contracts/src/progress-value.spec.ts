import { describe, expect, it } from '@jest/globals';
import { progressValue } from './school-analysis.js';

describe('progressValue (000 §9)', () => {
  it('is value/target*100 with two decimals', () => {
    expect(progressValue(1, 3)).toBe('33.33');
    expect(progressValue(2, 3)).toBe('66.67');
    expect(progressValue('45', '100')).toBe('45.00');
    expect(progressValue(1.005, 100)).toBe('1.01');
  });
  it('caps at 0 and 100', () => {
    expect(progressValue(150, 100)).toBe('100.00');
    expect(progressValue(-5, 100)).toBe('0.00');
  });
  it("is '0' when either is zero or missing", () => {
    expect(progressValue(0, 10)).toBe('0');
    expect(progressValue(10, 0)).toBe('0');
    expect(progressValue(null, 10)).toBe('0');
    expect(progressValue(10, undefined)).toBe('0');
    expect(progressValue('', 10)).toBe('0');
    expect(progressValue('abc', 10)).toBe('0');
  });
});
