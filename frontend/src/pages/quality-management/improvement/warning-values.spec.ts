import { describe, expect, it } from '@jest/globals';
import { CONDITION_OPTIONS, WARNING_MODE_OPTIONS, WARNING_PERIOD_OPTIONS, isHandled, warningLimit, warningValue } from './warning-values';

describe('warning values', () => {
  it('names modes, conditions and periods as the spec does', () => {
    expect(WARNING_MODE_OPTIONS.map((o) => o.label)).toEqual(['数值比较', '等级比较']);
    expect(CONDITION_OPTIONS.map((o) => o.value)).toEqual(['<', '<=', '=', '>=', '>']);
    expect(WARNING_PERIOD_OPTIONS).toEqual([
      { value: 'year', label: '每年' },
      { value: 'month', label: '每月' },
      { value: 'week', label: '每周' },
      { value: 'day', label: '每天' },
      { value: 'none', label: '不限' },
    ]);
  });

  it('counts a record as handled once it has a handling time', () => {
    expect(isHandled({ clsj: '2026-11-21 10:00:00' })).toBe(true);
    expect(isHandled({ clsj: null })).toBe(false);
    expect(isHandled({ clsj: ' ' })).toBe(false);
  });

  it('shows values by their type: percents with %, flags as words, grades as letters', () => {
    expect(warningValue('percent', '78')).toBe('78.00%');
    expect(warningValue('percent', '78%')).toBe('78.00%');
    expect(warningValue('have', '0')).toBe('无');
    expect(warningValue('integer', 3)).toBe('3');
    expect(warningValue('percent', 'c', 'level')).toBe('C');
    expect(warningValue('percent', null)).toBe('');
  });

  it('shows the warning value with its condition', () => {
    expect(warningLimit({ tj: '<', yjz: '85', zlx: 'percent', yjlx: 'value' })).toBe('< 85.00%');
    expect(warningLimit({ tj: '>=', yjz: 'D', zlx: 'percent', yjlx: 'level' })).toBe('>= D');
    expect(warningLimit({ tj: '', yjz: '1', zlx: 'whether', yjlx: 'value' })).toBe('是');
  });
});
