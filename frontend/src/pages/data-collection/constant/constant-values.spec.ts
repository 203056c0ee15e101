import { importProblemsOf, isXlsx } from './constant-values';

describe('constant values', () => {
  it('takes .xlsx files only', () => {
    expect(isXlsx('常量导入模板.xlsx')).toBe(true);
    expect(isXlsx('A.XLSX')).toBe(true);
    expect(isXlsx('a.xls')).toBe(false);
    expect(isXlsx('a.xlsx.csv')).toBe(false);
  });

  it('reads the refused rows of an import and ignores other data', () => {
    expect(importProblemsOf([{ row: 3, reason: '常量值「a」重复' }, { row: 'x' }])).toEqual([{ row: 3, reason: '常量值「a」重复' }]);
    expect(importProblemsOf({ hint: 'x' })).toEqual([]);
    expect(importProblemsOf(undefined)).toEqual([]);
  });
});
