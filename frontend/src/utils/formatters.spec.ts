import { describe, expect, it } from '@jest/globals';
import {
  UNKNOWN,
  displayValue,
  formatDate,
  formatFloat,
  formatPercent,
  hasNone,
  progressValue,
  stripTags,
  yesNo,
} from './formatters';

describe('progressValue', () => {
  it('is value / target * 100 with two decimals', () => {
    expect(progressValue(1, 3)).toBe('33.33');
    expect(progressValue(2, 3)).toBe('66.67');
    expect(progressValue(50, 200)).toBe('25.00');
    expect(progressValue('3', '4')).toBe('75.00');
  });
  it('is capped to 0–100', () => {
    expect(progressValue(150, 100)).toBe('100.00');
    expect(progressValue(-5, 100)).toBe('0.00');
    expect(progressValue(5, -100)).toBe('0.00');
  });
  it("is '0' when either side is zero or missing", () => {
    expect(progressValue(0, 100)).toBe('0');
    expect(progressValue(10, 0)).toBe('0');
    expect(progressValue(null, 100)).toBe('0');
    expect(progressValue(10, undefined)).toBe('0');
    expect(progressValue('', 100)).toBe('0');
    expect(progressValue('abc', 100)).toBe('0');
  });
});

describe('formatFloat and formatPercent', () => {
  it('show two decimals, rounding half up', () => {
    expect(formatFloat(3)).toBe('3.00');
    expect(formatFloat(1.005)).toBe('1.01');
    expect(formatFloat(2.675)).toBe('2.68');
    expect(formatFloat('12.345')).toBe('12.35');
    expect(formatFloat(-0.001)).toBe('0.00');
    expect(formatFloat(-1.5)).toBe('-1.50');
    expect(formatFloat(123456.789)).toBe('123456.79');
  });
  it('add % to percents', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent('100')).toBe('100.00%');
  });
  it('show 未知 for unknown values', () => {
    expect(formatFloat(null)).toBe('未知');
    expect(formatFloat(undefined)).toBe(UNKNOWN);
    expect(formatFloat('n/a')).toBe(UNKNOWN);
    expect(formatPercent('')).toBe(UNKNOWN);
    expect(formatPercent(Number.NaN)).toBe(UNKNOWN);
  });
});

describe('yesNo and hasNone', () => {
  it.each([true, 1, '1', 'Y', 'y', 'true', '是'])('%p is 是 / 有', (v) => {
    expect(yesNo(v)).toBe('是');
    expect(hasNone(v)).toBe('有');
  });
  it.each([false, 0, '0', 'N', 'false', '否'])('%p is 否 / 无', (v) => {
    expect(yesNo(v)).toBe('否');
    expect(hasNone(v)).toBe('无');
  });
  it.each([null, undefined, '', 2, 'maybe'])('%p is 未知', (v) => {
    expect(yesNo(v)).toBe('未知');
    expect(hasNone(v)).toBe('未知');
  });
});

describe('formatDate', () => {
  it('formats as yyyy-MM-dd', () => {
    expect(formatDate(new Date(2020, 2, 11, 23, 59))).toBe('2020-03-11');
    expect(formatDate('2021-07-01T08:00:00')).toBe('2021-07-01');
    expect(formatDate(new Date(2019, 11, 31).getTime())).toBe('2019-12-31');
  });
  it('shows 未知 or the given fallback for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('未知');
    expect(formatDate('')).toBe('未知');
    expect(formatDate('not a date')).toBe('未知');
    expect(formatDate(undefined, '')).toBe('');
  });
});

describe('displayValue', () => {
  it('shows 未知 for nothing and the text otherwise', () => {
    expect(displayValue(null)).toBe('未知');
    expect(displayValue(' ')).toBe('未知');
    expect(displayValue(0)).toBe('0');
    expect(displayValue('张三')).toBe('张三');
  });
});

describe('stripTags', () => {
  it('keeps the text of a name with markup', () => {
    expect(stripTags('<span style="color:red">某某职业技术学院</span><br/>诊改平台')).toBe('某某职业技术学院诊改平台');
    expect(stripTags('<p>A &amp; B&nbsp;平台</p>')).toBe('A & B 平台');
    expect(stripTags('  plain  ')).toBe('plain');
    expect(stripTags(null)).toBe('');
  });
});
