import { WARNING_CADENCES, WARNING_GRACE_DAYS_MAX } from '../../../api/target-tasks';
import { CADENCE_OPTIONS, GRACE_DAYS, conditionSentence, conditionSource, updateTimeText } from './warning-condition-values';

describe('the warning conditions drawer values', () => {
  it('offers every cadence of the contract, in its order, with a label', () => {
    expect(CADENCE_OPTIONS.map((o) => o.value)).toEqual([...WARNING_CADENCES]);
    expect(CADENCE_OPTIONS.map((o) => o.label)).toEqual(['按月', '按季度', '按半年']);
  });

  it('takes the grace days the server takes', () => {
    expect(GRACE_DAYS).toEqual({ min: 0, max: WARNING_GRACE_DAYS_MAX });
  });

  it('says when a missing report becomes a process warning', () => {
    expect(conditionSentence('quarter', 15)).toBe('执行中的任务每季度须上报一次进度；某一周期结束15天后仍无该周期的进度上报（已驳回的不算），即产生过程预警。');
    expect(conditionSentence('month', 0)).toContain('每月须上报一次进度；某一周期结束后仍无');
    expect(conditionSentence('halfYear', 30)).toContain('每半年须上报一次进度；某一周期结束30天后');
  });

  it('tells the school-wide conditions, a year target inheriting them, and its own apart', () => {
    expect(conditionSource({ yearTargetId: null, inherited: false }).label).toBe('全校设置');
    expect(conditionSource({ yearTargetId: 't1', inherited: true }).label).toBe('沿用全校设置');
    expect(conditionSource({ yearTargetId: 't1', inherited: false }).label).toBe('本年度目标单独设置');
  });

  it('shows the update time, or that the defaults were never saved', () => {
    expect(updateTimeText('2026-11-24 10:00:00')).toBe('2026-11-24 10:00:00');
    expect(updateTimeText(null)).toBe('尚未设置（默认值）');
  });
});
