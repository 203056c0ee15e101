import { TASK_PAGE_TYPES } from '@zhengai/contracts';
import { canWriteFiles, listedOn, managesCoops, rolesOf, sees, seesAll, TASK_ACCESS, TASK_RELATIONS, type TaskRelation } from './task-access.js';
import { readmeTable } from '../../../shared/testing/markdown-table.js';

/** The README's table of who sees and does what, each row its cells in order. */
const readmeRows = (): string[][] => readmeTable(new URL('../README.md', import.meta.url), 'Who sees and does what').map((row) => Object.values(row));

const set = (...r: TaskRelation[]) => new Set<TaskRelation>(r);

describe('the access table of target tasks', () => {
  it('is the README table, row for row', () => {
    expect(readmeRows()).toEqual(
      TASK_ACCESS.map((r) => [r.relation, r.kind, r.name, r.pages.join(', '), r.role ?? '—', r.files, r.coops ? 'yes' : 'no']),
    );
  });

  it('has one row for every relation, and every relation lists the task somewhere', () => {
    expect(TASK_ACCESS.map((r) => r.relation)).toEqual([...TASK_RELATIONS]);
    for (const r of TASK_ACCESS) expect(r.pages.length).toBeGreaterThan(0);
  });

  it('lists every task one sees on 年度任务 (YEAR_TASK), so it is the union of the pages', () => {
    for (const r of TASK_RELATIONS) expect(listedOn('YEAR_TASK', set(r))).toBe(sees(set(r)));
    for (const r of TASK_ACCESS) for (const p of r.pages) expect(TASK_PAGE_TYPES).toContain(p);
  });

  it('lets an auditor find what they audit in 部门任务 and a department head and auditor their department\'s tasks and cooperations', () => {
    expect(listedOn('DEPARTMENT_TASK', set('auditor'))).toBe(true);
    expect(listedOn('DEPARTMENT_TASK', set('chargeHead'))).toBe(true);
    expect(listedOn('DEPARTMENT_TASK', set('chargeAuditor'))).toBe(true);
    expect(listedOn('DEPARTMENT_COOP_TASK', set('coopHead'))).toBe(true);
    expect(listedOn('DEPARTMENT_COOP_TASK', set('coopAuditor'))).toBe(true);
    expect(listedOn('MY_TASK', set('auditor'))).toBe(false);
    expect(sees(set())).toBe(false);
  });

  it('derives the move roles, the files and the cooperations from the relations', () => {
    expect([...rolesOf(set('creator', 'owner', 'chargeHead'))].sort()).toEqual(['head', 'owner', 'publisher']);
    expect(rolesOf(set('schoolLeader', 'supervisor', 'coopOwner')).size).toBe(0);
    expect(canWriteFiles(set('owner'), 'executeing')).toBe(true);
    expect(canWriteFiles(set('owner'), 'hasDone')).toBe(false);
    expect(canWriteFiles(set('creator'), 'hasDone')).toBe(true);
    expect(canWriteFiles(set('auditor', 'chargeHead'), 'executeing')).toBe(false);
    expect(managesCoops(set('chargeHead'))).toBe(true);
    expect(managesCoops(set('owner', 'auditor'))).toBe(false);
    expect(seesAll(['schoolLeader'])).toBe(true);
    expect(seesAll(['targetTaskDepartAuditor'])).toBe(false);
  });
});
