import { describe, expect, it } from '@jest/globals';
import { ALL_MENUS, menusWith } from '../../menus/fixtures';
import { greetingFor, myWarningLink, myWarningValues, summarizeWarnings, warningQueries } from './home-data';

describe('greetingFor', () => {
  it.each([
    [3, '凌晨好'],
    [7, '早上好'],
    [10, '上午好'],
    [12, '中午好'],
    [15, '下午好'],
    [21, '晚上好'],
  ])('at %i o’clock says %s', (hour, text) => {
    expect(greetingFor(hour)).toBe(text);
  });
});

describe('summarizeWarnings', () => {
  it('counts per task and in sum', () => {
    const summary = summarizeWarnings({ processMap: { t1: 2, t2: 1 }, delayMap: { t2: 3, t3: 4 } });
    expect(summary.byTask.t2).toEqual({ processWarningCount: 1, expiredWarningCount: 3, totalWarningCount: 4 });
    expect(summary.byTask.t3).toEqual({ processWarningCount: 0, expiredWarningCount: 4, totalWarningCount: 4 });
    expect([summary.process, summary.expired, summary.total]).toEqual([3, 7, 10]);
  });
  it('is all zero for empty or missing maps', () => {
    expect(summarizeWarnings({ delayMap: {}, processMap: {} })).toEqual({ byTask: {}, process: 0, expired: 0, total: 0 });
    expect(summarizeWarnings(null).total).toBe(0);
  });
  it('takes the server\'s sums when the answer carries them', () => {
    const summary = summarizeWarnings({ totalWarningCount: 9, processWarningCount: 4, expiredWarningCount: 5, processMap: { t1: 1 }, delayMap: {} });
    expect([summary.process, summary.expired, summary.total]).toEqual([4, 5, 9]);
  });
});

describe('warningQueries', () => {
  it('asks for each scope only with its menu key', () => {
    expect(warningQueries({ menus: ALL_MENUS, newChargeDeparmentIdList: ['d-jwc', 'd-zlb'] }).map((q) => q.params)).toEqual([
      {},
      { queryType: 'personal' },
      { departmentCondition: 'd-jwc,d-zlb' },
    ]);
    expect(warningQueries({ menus: menusWith('ly_herm_homePage', 'ly_herm_dataManagement') })).toEqual([]);
  });
  it('asks for nothing while the configuration flag is off', () => {
    expect(warningQueries({ menus: ALL_MENUS, newChargeDeparmentIdList: ['d-jwc'] }, false)).toEqual([]);
  });
  it('skips the department scope for a person heading no department', () => {
    expect(warningQueries({ menus: ALL_MENUS, newChargeDeparmentIdList: [] }).map((q) => q.scope)).toEqual(['all', 'personal']);
    expect(warningQueries({ menus: ALL_MENUS, chargeDeparmentIdList: ['d-x'] }).at(-1)?.params).toEqual({ departmentCondition: 'd-x' });
  });
});

describe('myWarningLink', () => {
  it('opens the task with the point drawer on 预警历史', () => {
    expect(myWarningLink({ objTaskId: 't 1', zgzkdid: 'p-2' })).toBe('/qualityManagement/improvement?task=t+1&point=p-2&tab=warnings');
    // a major's warning opens in 专业发展中心's 诊断改进 when the person has it, else in 内部质量管理's
    const centre = { ly_herm_majorDevelopCenter: { key: 'ly_herm_majorDevelopCenter', name: '专业发展中心', path: '/majorDevelopCenter', component: null, externalUrl: null, readOnly: false,
      children: [{ key: 'ly_herm_majorDevelopCenter_improvement', name: '专业诊断改进', path: '/majorDevelopCenter/improvement', component: 'Improvement', externalUrl: null, readOnly: false, children: [] }] } };
    expect(myWarningLink({ objTaskId: 't1', zgzkdid: 'p', objectType: 'major' }, centre)).toBe('/majorDevelopCenter/improvement?task=t1&point=p&tab=warnings');
    expect(myWarningLink({ objTaskId: 't1', zgzkdid: 'p', objectType: 'course' }, centre)).toBe('/qualityManagement/improvement?task=t1&point=p&tab=warnings');
    expect(myWarningLink({ objTaskId: 't1', zgzkdid: 'p', objectType: 'school' }, centre)).toBe('/qualityManagement/improvement?task=t1&point=p&tab=warnings');
  });
});

describe('myWarningValues', () => {
  it('shows a grade rule as grades on both sides', () => {
    expect(myWarningValues({ tj: '<', yjz: 'c', zlx: 'float', jgz: '2', yjlx: 'level', jgdj: 'D' })).toEqual({ limit: '< C', value: 'D（未完成）' });
    expect(myWarningValues({ tj: '<', yjz: 'C', zlx: 'float', jgz: '2', yjlx: 'level', jgdj: null }).value).toBe('—');
  });

  it('shows a value rule as values', () => {
    expect(myWarningValues({ tj: '<', yjz: '90', zlx: 'percent', jgz: '85', yjlx: 'value', jgdj: null })).toEqual({ limit: '< 90.00%', value: '85.00%' });
  });
});

