import { copyCodes, copyStageProgress, failedAt, finished, pointCopyStageProgress, syncProgress } from './job-progress.js';

describe('job progress', () => {
  it('counts a copy by its stages, with the stage in Chinese', () => {
    expect(copyStageProgress('library')).toEqual({ done: 0, total: 5, step: '复制目标标准' });
    expect(copyStageProgress('points')).toEqual({ done: 2, total: 5, step: '复制质控点' });
    expect(copyStageProgress('datasources')).toEqual({ done: 3, total: 5, step: '复制数据源' });
    expect(pointCopyStageProgress('datasources')).toEqual({ done: 2, total: 3, step: '复制数据源' });
    expect(finished(5)).toEqual({ done: 5, total: 5, step: '完成' });
  });

  it('counts a sync by its children', () => {
    expect(syncProgress(1, 3)).toEqual({ done: 1, total: 3, step: '同步质控点' });
    expect(syncProgress(3, 3).step).toBe('完成');
  });

  it('keeps how far a failed job got, with its reason', () => {
    expect(failedAt({ done: 2, total: 5, step: '复制质控点' }, 5, '要复制的目标标准不存在或已删除')).toEqual({ done: 2, total: 5, step: '失败', reason: '要复制的目标标准不存在或已删除' });
    expect(failedAt(null, 3, 'x')).toEqual({ done: 0, total: 3, step: '失败', reason: 'x' });
  });
});

describe('codes of copied points', () => {
  it('keeps a code the target does not hold', () => {
    expect(copyCodes('school', ['XX-001', 'A-7'], ['XX-009'])).toEqual(['XX-001', 'A-7']);
  });

  it('gives a clashing code the next generated code of the target level, never one kept or taken', () => {
    expect(copyCodes('school', ['XX-001', 'XX-002', 'Z'], ['XX-001', 'XX-003', 'Z'])).toEqual(['XX-004', 'XX-002', 'XX-005']);
    expect(copyCodes('major', ['XX-001'], ['XX-001'])).toEqual(['ZY-001']);
  });

  it('renames a code repeated within the copy', () => {
    expect(copyCodes('school', ['Q', 'Q'], [])).toEqual(['Q', 'XX-001']);
  });
});
