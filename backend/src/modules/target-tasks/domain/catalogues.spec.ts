import {
  MY_TASK_RWJD_FILTER,
  PROGRESS_AUDITS,
  RWJD_CATALOGUE_A,
  RWJD_STATES,
  SCHEDULE_STATUSES,
  TARGET_AUDIT_STATES,
  URGE_STATES,
  URGE_STATUSES,
  URGE_TYPES,
  YEAR_TASK_STATES,
  type Rwjd,
} from '@zhengai/contracts';
import {
  auditStateName,
  expectedShare,
  isFinished,
  progressAuditName,
  rwjdColour,
  rwjdGroup,
  rwjdName,
  scheduleStatusColour,
  scheduleStatusName,
  scheduleStatusOf,
  taskStateName,
  urgeStateName,
  urgeStatusName,
  urgeStatusOf,
  urgeTypeName,
  urgeTypeOf,
  yearTaskStateName,
  yearTaskStateOf,
} from './catalogues.js';

describe('the state catalogues of 001 §4', () => {
  it('task node state rwjd, catalogue B, with its names, groups and colours', () => {
    expect(RWJD_STATES.map((s) => [s, rwjdName(s), rwjdGroup(s), rwjdColour(s)])).toEqual([
      ['notPushed', '未下发', 'pause', 'orange'],
      ['waitAccept', '待接收', 'pause', 'orange'],
      ['waitResolve', '待分解', 'pause', 'orange'],
      ['goBack', '已退回', 'pause', 'orange'],
      ['waitDefine', '待制定', 'pause', 'orange'],
      ['executeing', '执行中', 'normal', 'blue'],
      ['hasDone', '已完成', 'finished', 'green'],
      ['delayNotDone', '延期未完成', 'normal', 'blue'],
      ['delayDone', '延期完成', 'finished', 'green'],
    ]);
    expect(RWJD_STATES.filter(isFinished)).toEqual(['hasDone', 'delayDone']);
  });

  it('catalogue A and the my-task filter, which omits wait-resolve', () => {
    expect([...RWJD_CATALOGUE_A].sort()).toEqual(['delayDone', 'delayNotDone', 'executeing', 'hasDone', 'waitDefine', 'waitResolve']);
    expect(MY_TASK_RWJD_FILTER).toEqual(RWJD_CATALOGUE_A.filter((s) => s !== 'waitResolve'));
  });

  it('task state and the display groups', () => {
    expect((['normal', 'pause', 'finished'] as const).map(taskStateName)).toEqual(['正常', '暂停', '已完成']);
  });

  it('year task state', () => {
    expect(YEAR_TASK_STATES.map(yearTaskStateName)).toEqual(['待分解', '已分解', '进行中', '已完成']);
  });

  it('target-task audit state 0 / 1 / 2, and none before the first submission', () => {
    expect(TARGET_AUDIT_STATES.map(auditStateName)).toEqual(['待审核', '审核通过', '审核不通过']);
    expect(auditStateName(null)).toBe('未提交审核');
  });

  it('progress audit', () => {
    expect(PROGRESS_AUDITS.map(progressAuditName)).toEqual(['审核中', '审核通过', '上级任务审核通过', '已驳回']);
  });

  it('urge states, types and statuses', () => {
    expect(URGE_STATES.map(urgeStateName)).toEqual(['已催办', '已接收']);
    expect(URGE_TYPES.map(urgeTypeName)).toEqual(['待办', '已办']);
    expect(URGE_STATES.map(urgeTypeOf)).toEqual([0, 1]);
    expect(URGE_STATUSES.map(urgeStatusName)).toEqual(['目标未制定', '目标未分解']);
    expect(RWJD_STATES.map(urgeStatusOf)).toEqual([null, null, 'targetNotResolved', null, 'targetNotSet', null, null, null, null]);
  });

  it('schedule status with its colours', () => {
    expect(SCHEDULE_STATUSES.map((s) => [scheduleStatusName(s), scheduleStatusColour(s)])).toEqual([
      ['已完成', 'green'],
      ['正常', 'blue'],
      ['滞后', 'yellow'],
      ['未开始', 'red'],
    ]);
  });
});

describe('year task state from its tasks', () => {
  const cases: [Rwjd[], string][] = [
    [[], 'waitResolve'],
    [['notPushed', 'waitAccept'], 'hasResolved'],
    [['waitDefine', 'goBack', 'waitResolve'], 'hasResolved'],
    [['waitDefine', 'executeing'], 'doing'],
    [['waitAccept', 'hasDone'], 'doing'],
    [['delayNotDone'], 'doing'],
    [['hasDone', 'delayDone'], 'done'],
  ];
  it.each(cases)('%p is %s', (tasks, state) => {
    expect(yearTaskStateOf(tasks)).toBe(state);
  });
});

describe('schedule status from progress and time', () => {
  // a 10-day task: 2026-03-01 to the end of 2026-03-10
  const kssj = new Date('2026-03-01T00:00:00Z');
  const jssj = new Date('2026-03-10T00:00:00Z');
  const at = (iso: string) => new Date(iso);
  const cases: [string, number, string, Rwjd, string][] = [
    ['done by its state', 0, '2026-03-05T00:00:00Z', 'hasDone', 'finish'],
    ['done late by its state', 0, '2026-03-05T00:00:00Z', 'delayDone', 'finish'],
    ['at 100 %', 100, '2026-03-02T00:00:00Z', 'executeing', 'finish'],
    ['not pushed, nothing reported', 0, '2026-03-06T00:00:00Z', 'notPushed', 'unstart'],
    ['waiting to be defined, nothing reported', 0, '2026-02-01T00:00:00Z', 'waitDefine', 'unstart'],
    ['executing before it starts, nothing reported: on plan, never 未开始', 0, '2026-02-01T00:00:00Z', 'executeing', 'normal'],
    ['executing halfway, nothing reported', 0, '2026-03-06T00:00:00Z', 'executeing', 'block'],
    ['ahead of time', 60, '2026-03-06T00:00:00Z', 'executeing', 'normal'],
    ['exactly on time', 50, '2026-03-06T00:00:00Z', 'executeing', 'normal'],
    ['behind time', 40, '2026-03-06T00:00:00Z', 'executeing', 'block'],
    ['some progress before it starts', 10, '2026-02-01T00:00:00Z', 'executeing', 'normal'],
    ['past its end and not done', 99.99, '2026-03-11T00:00:01Z', 'executeing', 'block'],
    ['on a granted delay, even with time left: it missed its first end', 90, '2026-03-02T00:00:00Z', 'delayNotDone', 'block'],
  ];
  it.each(cases)('%s', (_name, progress, now, rwjd, status) => {
    expect(scheduleStatusOf({ progress, kssj, jssj, now: at(now), rwjd })).toBe(status);
  });

  it('counts the end day as a whole day', () => {
    expect(expectedShare(kssj, jssj, at('2026-03-06T00:00:00Z'))).toBe(50);
    expect(expectedShare(kssj, jssj, at('2026-03-10T12:00:00Z'))).toBe(95);
    expect(expectedShare(kssj, jssj, at('2026-03-11T00:00:00Z'))).toBe(100);
    expect(expectedShare(kssj, jssj, kssj)).toBe(0);
    // an end before the start: all of its time is spent once it began
    expect(expectedShare(jssj, new Date('2026-02-01T00:00:00Z'), at('2026-03-20T00:00:00Z'))).toBe(100);
  });
});
