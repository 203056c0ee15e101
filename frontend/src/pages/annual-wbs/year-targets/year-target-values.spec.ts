import { copyPercent, copyQuestion, deleteQuestion, nextYearOf, yearOptions } from './year-target-values';

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

  it('names the target and the next year in the copy question, and counts its tasks', () => {
    expect(nextYearOf({ cycleYear: '2026' })).toBe('2027');
    expect(copyQuestion({ name: '提升质量', cycleYear: '2026', taskCount: 5 })).toBe(
      '确定将年度目标“提升质量”及其5个目标任务复制到2027年吗？复制后的任务为未下发状态，开始、结束时间顺延到2027年。',
    );
    expect(copyQuestion({ name: '提升质量', cycleYear: '2030', taskCount: 0 })).toContain('“提升质量”复制到2031年');
  });

  it('shows a copy short of 100 % until it is done', () => {
    expect(copyPercent(null)).toBe(0);
    expect(copyPercent({ state: 'waiting', done: 0, total: 0 })).toBe(0);
    expect(copyPercent({ state: 'running', done: 2, total: 4 })).toBe(50);
    expect(copyPercent({ state: 'running', done: 4, total: 4 })).toBe(99);
    expect(copyPercent({ state: 'done', done: 4, total: 4 })).toBe(100);
  });
});
