import { isSchoolSheet, schoolImportProblems } from './school-data';

describe('学校数据 import helpers', () => {
  it('accepts .xlsx and .csv only', () => {
    expect(isSchoolSheet('全国数据.xlsx')).toBe(true);
    expect(isSchoolSheet('data.CSV')).toBe(true);
    expect(isSchoolSheet('data.xls')).toBe(false);
    expect(isSchoolSheet('csv.txt')).toBe(false);
  });

  it('reads refused lines from a list or from {problems}', () => {
    const rows = [{ row: 3, reason: '学校代码为空' }, { nope: 1 }];
    expect(schoolImportProblems(rows)).toEqual([{ row: 3, reason: '学校代码为空' }]);
    expect(schoolImportProblems({ schools: 0, values: 0, problems: rows })).toHaveLength(1);
    expect(schoolImportProblems(null)).toEqual([]);
    expect(schoolImportProblems({ problems: 'x' })).toEqual([]);
  });
});
