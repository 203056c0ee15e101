import { deleteQuestion, yearOptions } from './year-target-values';

describe('year target values', () => {
  it('offers next year back to five years ago, newest first, and keeps a target’s own older year', () => {
    const years = yearOptions(new Date(2026, 10, 24), ['2015']).map((o) => o.value);
    expect(years).toEqual(['2027', '2026', '2025', '2024', '2023', '2022', '2021', '2015']);
    expect(yearOptions(new Date(2026, 0, 1))[1]).toEqual({ value: '2026', label: '2026年' });
  });

  it('names the target in the delete question and warns when it has tasks', () => {
    expect(deleteQuestion({ name: '提升质量', taskCount: 0 })).toBe('确定删除年度目标“提升质量”吗？删除后不可恢复。');
    expect(deleteQuestion({ name: '提升质量', taskCount: 3 })).toContain('已有3个目标任务');
  });
});
