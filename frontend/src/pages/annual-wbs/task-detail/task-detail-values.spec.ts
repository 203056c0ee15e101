import { TASK_MOVE_ACTIONS } from '@zhengai/contracts';
import dayjs from 'dayjs';
import {
  ACTION_NAMES,
  actionForm,
  confirmText,
  coopDepartmentOptions,
  coopOwnerText,
  firstDelayDay,
  formatTime,
  historyActionName,
  isDangerous,
  periodText,
  primaryAction,
  progressPercent,
  reasonProblem,
  stateName,
  targetText,
  transitionText,
  yearsText,
} from './task-detail-values';

describe('task detail values', () => {
  it('names every move and asks a reason exactly where the backend needs one', () => {
    for (const action of TASK_MOVE_ACTIONS) expect(ACTION_NAMES[action]).toMatch(/\S/);
    const reasons = TASK_MOVE_ACTIONS.filter((a) => actionForm(a) === 'reason');
    expect(reasons.sort()).toEqual(['failAudit', 'refuseDelay', 'rejectReport', 'sendBack']);
    expect(actionForm('requestDelay')).toBe('delay');
    expect(actionForm('report')).toBe('report');
    expect(actionForm('define')).toBe('define');
    expect(actionForm('urge')).toBe('confirm');
    expect(confirmText('push', '任务甲')).toBe('确定下发“任务甲”吗？');
  });

  it('makes the first harmless move the primary button', () => {
    expect(primaryAction(['rejectReport', 'passReport'])).toBe('passReport');
    expect(primaryAction(['sendBack'])).toBeNull();
    expect(isDangerous('pause')).toBe(true);
    expect(isDangerous('resume')).toBe(false);
  });

  it('shows years as first ~ last, periods and times in the platform formats', () => {
    expect(yearsText('2027,2026,2028')).toBe('2026 ~ 2028');
    expect(yearsText('2026')).toBe('2026');
    expect(yearsText('')).toBe('');
    expect(periodText('2026-01-01', '2026-12-31')).toBe('2026-01-01 ~ 2026-12-31');
    expect(periodText(null, '2026-12-31')).toBe('— ~ 2026-12-31');
    expect(periodText(null, null)).toBe('');
    expect(formatTime('2026-03-04T05:06:07')).toBe('2026-03-04 05:06:07');
    expect(formatTime(null)).toBe('');
  });

  it('names history actions and states', () => {
    expect(historyActionName('add')).toBe('新增任务');
    expect(historyActionName('grantDelay')).toBe('同意延期');
    expect(historyActionName('other')).toBe('other');
    expect(stateName('executeing')).toBe('执行中');
    expect(stateName('delayNotDone')).toBe('延期未完成');
    expect(stateName(null)).toBe('');
    expect(transitionText('waitAccept', 'waitDefine')).toBe('待接收 → 待制定');
    expect(transitionText('executeing', 'executeing')).toBe('执行中');
    expect(transitionText(null, 'notPushed')).toBe('— → 未下发');
  });

  it('reads the target and progress', () => {
    expect(targetText(10, '篇')).toBe('10 篇');
    expect(targetText(0.5, null)).toBe('0.5');
    expect(targetText(null, '篇')).toBe('未制定');
    expect(progressPercent('45.50')).toBe(45.5);
    expect(progressPercent('0')).toBe(0);
    expect(progressPercent('abc')).toBe(0);
    expect(progressPercent('120')).toBe(100);
  });

  it('lets a delay end on the day after jssj at the earliest', () => {
    expect(firstDelayDay('2026-12-31').format('YYYY-MM-DD')).toBe('2027-01-01');
    expect(firstDelayDay(null, dayjs('2026-05-01')).format('YYYY-MM-DD')).toBe('2026-05-02');
  });

  it('checks a reason: required, at most 500 characters', () => {
    expect(reasonProblem('  ')).toBe('请填写原因');
    expect(reasonProblem('x'.repeat(501))).toBe('原因不能超过500个字');
    expect(reasonProblem('x'.repeat(500))).toBeNull();
  });
});

describe('the 协作部门 tab', () => {
  it('names the cooperation owner, or says 未设置', () => {
    expect(coopOwnerText('陈静')).toBe('陈静');
    expect(coopOwnerText(null)).toBe('未设置');
    expect(coopOwnerText('  ')).toBe('未设置');
  });

  it('offers neither the charge department nor those cooperating already', () => {
    const all = [{ value: 'd-jwc', label: '教务处' }, { value: 'd-xxgc', label: '信息工程学院' }, { value: 'd-dzb', label: '党政办公室' }];
    expect(coopDepartmentOptions(all, 'd-jwc', ['d-dzb']).map((d) => d.value)).toEqual(['d-xxgc']);
    expect(coopDepartmentOptions(all, null, []).map((d) => d.value)).toEqual(['d-jwc', 'd-xxgc', 'd-dzb']);
  });
});
