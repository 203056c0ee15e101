import { listCell, readmeTable } from '../../../shared/testing/markdown-table.js';
import {
  auditorOf, cycleKindOf, cycleTypeFits, dateProblem, departmentOf, isDay, isOverdue, LAUNCH_ACTIONS_IN, launchActionsOf, launchProblem, mayLaunch,
  optionActionsOf, ownerOf, ownerRulesOf, taskSuffixOf, type LaunchChoice,
} from './launch-rules.js';

const choice = (over: Partial<LaunchChoice> = {}): LaunchChoice => ({
  level: 'major', cycleTypeName: '年度', cycleValue: '2026', cycleTypeId: 'c-year',
  library: { level: 'major', cycleValue: '2026', cycleTypeId: 'c-year', points: 20, deleted: false, closed: false },
  scope: 'all', scopeIds: [], ownerRule: 'responsible', ownerId: null, auditorRule: 'departmentHead', auditorId: null,
  startDate: '2026-03-01', endDate: '2026-12-31', ...over,
});
const TODAY = '2026-03-01';

describe('launch rules (诊断任务下发)', () => {
  it('lets administrators and year-target publishers launch, nobody else', () => {
    expect(mayLaunch(['admin'])).toBe(true);
    expect(mayLaunch(['yearTargetPublisher', 'targetTaskOwner'])).toBe(true);
    expect(mayLaunch(['targetTaskOwner', 'schoolLeader', 'targetTaskDepartHead'])).toBe(false);
    expect(mayLaunch([])).toBe(false);
    expect(optionActionsOf(['admin'])).toEqual(['launch']);
    expect(optionActionsOf(['expert'])).toEqual([]);
  });

  it('answers the actions of each state for launchers only (the README table, row for row)', () => {
    const table = readmeTable(new URL('../README.md', import.meta.url), 'What a launch allows');
    expect(Object.fromEntries(table.map((r) => [r.state!.replace(/`/g, ''), listCell(r.actions!)]))).toEqual(LAUNCH_ACTIONS_IN);
    expect(launchActionsOf(['yearTargetPublisher'], 'running')).toEqual(['urge', 'close']);
    expect(launchActionsOf(['admin'], 'failed')).toEqual(['retry', 'close']);
    expect(launchActionsOf(['admin'], 'closed')).toEqual([]);
    expect(launchActionsOf(['targetTaskOwner'], 'running')).toEqual([]);
  });

  it('diagnoses courses and students by 学期, the other levels by 年度', () => {
    expect(cycleKindOf('course')).toBe('学期');
    expect(cycleKindOf('student')).toBe('学期');
    for (const level of ['school', 'major', 'teacher'] as const) expect(cycleKindOf(level)).toBe('年度');
    expect(cycleTypeFits('student', '学期')).toBe(true);
    expect(cycleTypeFits('student', '年度')).toBe(false);
    expect(cycleTypeFits('major', '规划周期')).toBe(false);
    expect(taskSuffixOf('major', '2026')).toBe('2026年度质量诊断');
    expect(taskSuffixOf('course', '2025-2026-2')).toBe('2025-2026-2学期质量诊断');
  });

  it('resolves each task\'s owner and auditor by the rules', () => {
    const object = { responsibleId: 'r', userId: 'u', departmentId: 'd' };
    expect(ownerOf('responsible', object, 'c')).toBe('r');
    expect(ownerOf('self', object, 'c')).toBe('u');
    expect(ownerOf('chosen', object, 'c')).toBe('c');
    expect(ownerOf('responsible', { ...object, responsibleId: null }, 'c')).toBeNull();
    expect(auditorOf('departmentHead', 'head', 'c')).toBe('head');
    expect(auditorOf('chosen', 'head', 'c')).toBe('c');
    expect(auditorOf('departmentHead', null, 'c')).toBeNull();
    expect(departmentOf(null, 'upper')).toBe('upper');
    expect(departmentOf('own', 'upper')).toBe('own');
    expect(ownerRulesOf('major')).toEqual(['responsible', 'chosen']);
    expect(ownerRulesOf('teacher')).toEqual(['responsible', 'self', 'chosen']);
  });

  it('checks the dates: real days, start not after end, end not before today', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(dateProblem('2026-13-01', '2026-12-31', TODAY)).toBe('开始日期不正确');
    expect(dateProblem('2026-03-01', '2026-02-30', TODAY)).toBe('结束日期不正确');
    expect(dateProblem('2026-06-01', '2026-05-31', TODAY)).toBe('开始日期不能晚于结束日期');
    expect(dateProblem('2026-01-01', '2026-02-28', TODAY)).toBe('结束日期不能早于今天');
    expect(dateProblem('2026-01-01', TODAY, TODAY)).toBeNull();
  });

  it('names the first broken rule of a launch', () => {
    expect(launchProblem(choice(), TODAY)).toBeNull();
    expect(launchProblem(choice({ cycleTypeName: null }), TODAY)).toBe('周期类型不存在');
    expect(launchProblem(choice({ level: 'course' }), TODAY)).toBe('课程层面按学期诊断，请选择学期周期');
    expect(launchProblem(choice({ library: null }), TODAY)).toBe('目标标准不存在');
    expect(launchProblem(choice({ library: { ...choice().library!, deleted: true } }), TODAY)).toBe('目标标准不存在');
    expect(launchProblem(choice({ library: { ...choice().library!, level: 'school' } }), TODAY)).toBe('目标标准不是所选层面的');
    expect(launchProblem(choice({ library: { ...choice().library!, cycleValue: '2025' } }), TODAY)).toBe('目标标准不是所选周期的');
    expect(launchProblem(choice({ library: { ...choice().library!, points: 0 } }), TODAY)).toBe('目标标准还没有质控点');
    expect(launchProblem(choice({ library: { ...choice().library!, closed: true } }), TODAY)).toBe('该目标标准的诊断周期已关闭');
    expect(launchProblem(choice({ scope: 'departments' }), TODAY)).toBe('请选择部门');
    expect(launchProblem(choice({ scope: 'picked' }), TODAY)).toBe('请选择诊断对象');
    expect(launchProblem(choice({ ownerRule: 'self' }), TODAY)).toBe('只有教师和学生层面可以由本人负责');
    expect(launchProblem(choice({ ownerRule: 'chosen' }), TODAY)).toBe('请选择任务负责人');
    expect(launchProblem(choice({ auditorRule: 'chosen' }), TODAY)).toBe('请选择审核人');
    expect(launchProblem(choice({ endDate: '2026-02-01', startDate: '2026-01-01' }), TODAY)).toBe('结束日期不能早于今天');
  });

  it('counts a task overdue past its end while it is the owner\'s turn', () => {
    expect(isOverdue('2026-02-28', 'draft', TODAY)).toBe(true);
    expect(isOverdue('2026-02-28', 'refused', TODAY)).toBe(true);
    expect(isOverdue('2026-02-28', 'submitted', TODAY)).toBe(false);
    expect(isOverdue(TODAY, 'draft', TODAY)).toBe(false);
    expect(isOverdue(null, 'draft', TODAY)).toBe(false);
  });
});
