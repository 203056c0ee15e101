import { describe, expect, it } from '@jest/globals';
import type { DiagnosisTask } from '../../../api/diagnosis';
import { cycleOptions, filterTasks, objectTypeName, taskPeriod } from './tasks';

function task(id: string, cycleValue: string, auditState: DiagnosisTask['auditState'], rwmc: string, objectName: string): DiagnosisTask {
  return {
    id, libraryId: 'lib', libraryName: '库', rwmc, objectType: 'course', objectCode: id, objectName, cycleValue,
    departmentId: null, ownerId: null, ownerName: null, auditorId: null, auditorName: null, auditState, auditStateName: '', score: null,
    jkrmc: null, zqz: cycleValue, rwzt: auditState === 'passed' ? 'finished' : 'normal', kssj: `${cycleValue}-01-01`, jssj: `${cycleValue}-12-31`, cycleClosed: false, urgeCount: 0, lastUrgedAt: null,
  };
}

const TASKS = [
  task('a', '2026', 'draft', 'Java程序设计2026年度质量诊断', 'Java程序设计'),
  task('b', '2025', 'passed', 'Java程序设计2025年度质量诊断', 'Java程序设计'),
  task('c', '2026', 'submitted', '软件技术2026年度质量诊断', '软件技术'),
];

describe('task filters', () => {
  it('filters by cycle, state and a part of the task or object name', () => {
    expect(filterTasks(TASKS, {}).map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(filterTasks(TASKS, { cycle: '2026' }).map((t) => t.id)).toEqual(['a', 'c']);
    expect(filterTasks(TASKS, { cycle: '2026', state: 'submitted' }).map((t) => t.id)).toEqual(['c']);
    expect(filterTasks(TASKS, { keyword: ' java ' }).map((t) => t.id)).toEqual(['a', 'b']);
    expect(filterTasks(TASKS, { keyword: '软件', state: 'draft' })).toEqual([]);
  });

  it('lists each cycle once, newest first', () => {
    expect(cycleOptions(TASKS)).toEqual(['2026', '2025']);
  });

  it('names object types, unknown ones as they are', () => {
    expect(objectTypeName('course')).toBe('课程');
    expect(objectTypeName('student')).toBe('学生');
    expect(objectTypeName('lab')).toBe('lab');
  });
});

describe('taskPeriod', () => {
  it('shows the start and the end, or what there is', () => {
    expect(taskPeriod({ kssj: '2025-01-01', jssj: '2025-12-31' })).toBe('2025-01-01 ~ 2025-12-31');
    expect(taskPeriod({ kssj: '2025-01-01', jssj: null })).toBe('2025-01-01 ~ …');
    expect(taskPeriod({ kssj: null, jssj: null })).toBeNull();
  });
});
