import { copyYearOf, nameTakenIn, yearCopyFailedAt, yearCopyFinished, yearCopyStageProgress, yearCopyTaskId, yearTargetOfTask, YEAR_COPY_MESSAGES } from './year-target-copy.js';
import { YEAR_TARGET_MESSAGES } from './year-target-rules.js';

describe('year target copy (issue 13)', () => {
  it('goes to the year after the source unless another year is asked for', () => {
    expect(copyYearOf('2026', undefined)).toEqual({ ok: true, year: '2027' });
    expect(copyYearOf('2026', null)).toEqual({ ok: true, year: '2027' });
    expect(copyYearOf('2026', '')).toEqual({ ok: true, year: '2027' });
    expect(copyYearOf('2026', ' 2029 ')).toEqual({ ok: true, year: '2029' });
    expect(copyYearOf('2026', 2025)).toEqual({ ok: true, year: '2025' });
  });

  it('refuses a year that is not a year, out of range, or the source\'s own', () => {
    for (const bad of ['20266', '1999', '2101', 'abcd', '  ', {}]) expect(copyYearOf('2026', bad)).toEqual({ ok: false, message: YEAR_TARGET_MESSAGES.yearInvalid });
    expect(copyYearOf('2026', '2026')).toEqual({ ok: false, message: YEAR_COPY_MESSAGES.sameYear });
    expect(copyYearOf('2100', undefined)).toEqual({ ok: false, message: YEAR_TARGET_MESSAGES.yearInvalid });
  });

  it('derives the polled id from the new target and reads it back', () => {
    expect(yearCopyTaskId('abc-1')).toBe('ytcopy-abc-1');
    expect(yearTargetOfTask('ytcopy-abc-1')).toBe('abc-1');
    expect(yearTargetOfTask('copy-abc-1')).toBeNull();
    expect(yearTargetOfTask('ytcopy-')).toBeNull();
    expect(yearTargetOfTask('ytcopy-a/b')).toBeNull();
    expect(() => yearCopyTaskId('a:b')).toThrow(RangeError);
  });

  it('reports a stage at a time, then done, or where it failed and why', () => {
    expect(yearCopyStageProgress('target')).toEqual({ done: 0, total: 4, step: '复制年度目标' });
    expect(yearCopyStageProgress('history')).toEqual({ done: 3, total: 4, step: '记录任务历史' });
    expect(yearCopyFinished()).toEqual({ done: 4, total: 4, step: '完成' });
    const reason = nameTakenIn('2027', '提升就业质量');
    expect(reason).toBe('2027年已有同名的年度目标「提升就业质量」，不能复制');
    expect(yearCopyFailedAt(yearCopyStageProgress('target'), reason)).toEqual({ done: 0, total: 4, step: '失败', reason });
    expect(yearCopyFailedAt(null, 'x')).toEqual({ done: 0, total: 4, step: '失败', reason: 'x' });
  });
});
