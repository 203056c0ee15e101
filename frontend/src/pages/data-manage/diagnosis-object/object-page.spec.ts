import { importProblemsOf, importSummary, isXlsx, LEVEL_VIEWS } from './object-page';

describe('诊改对象 page helpers', () => {
  it('shows per level what the server\'s rules ask', () => {
    expect(Object.entries(LEVEL_VIEWS).filter(([, v]) => v.major).map(([l]) => l)).toEqual(['course', 'student']);
    expect(Object.entries(LEVEL_VIEWS).filter(([, v]) => v.person).map(([l]) => l)).toEqual(['teacher', 'student']);
    expect(LEVEL_VIEWS.student.classAndGrade).toBe(true);
  });

  it('reads the refused rows of an import and sums up a good one', () => {
    expect(importProblemsOf({ created: 0, problems: [{ row: 3, reason: '所属部门“x”不存在' }, { bad: true }] })).toEqual([{ row: 3, reason: '所属部门“x”不存在' }]);
    expect(importProblemsOf(null)).toEqual([]);
    expect(importSummary({ created: 2, updated: 1, unchanged: 0 })).toBe('导入成功！新增2条，更新1条，未变化0条');
    expect(isXlsx('专业.XLSX')).toBe(true);
    expect(isXlsx('专业.csv')).toBe(false);
  });
});
