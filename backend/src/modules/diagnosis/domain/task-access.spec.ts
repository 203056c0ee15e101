import { listCell, readmeTable } from '../../../shared/testing/markdown-table.js';
import { afterAudit, type AuditState } from './audit.js';
import { auditClosed, canAuditTask, canEditTask, canHandleWarnings, canManageGrants, canReadTask, canRecalculate, editRefusal, TASK_RIGHTS_OF, TASK_TODOS, taskRightsOf, withholders, writesTask, type TaskParties, type TaskRelation, type Viewer } from './task-access.js';

const task: TaskParties = { ownerId: 'owner', auditorId: 'auditor', departmentId: 'd1', auditState: 'draft' };
const viewer = (over: Partial<Viewer>): Viewer => ({ userId: 'someone', isAdmin: false, libraryAccess: null, headsDepartments: [], ...over });

describe('task access', () => {
  it('lets the parties and the library grants read, nobody else', () => {
    expect(canReadTask(viewer({ userId: 'owner' }), task)).toBe(true);
    expect(canReadTask(viewer({ userId: 'auditor' }), task)).toBe(true);
    expect(canReadTask(viewer({ headsDepartments: ['d1'] }), task)).toBe(true);
    expect(canReadTask(viewer({ libraryAccess: 'read' }), task)).toBe(true);
    expect(canReadTask(viewer({ isAdmin: true }), task)).toBe(true);
    expect(canReadTask(viewer({ headsDepartments: ['d2'] }), task)).toBe(false);
    expect(canReadTask(viewer({}), task)).toBe(false);
  });

  it('lets the owner and the department head edit before submission only; a reader never', () => {
    expect(canEditTask(viewer({ userId: 'owner' }), task)).toBe(true);
    expect(canEditTask(viewer({ headsDepartments: ['d1'] }), task)).toBe(true);
    expect(canEditTask(viewer({ libraryAccess: 'read' }), task)).toBe(false);
    expect(canEditTask(viewer({ libraryAccess: 'write' }), task)).toBe(false);
    expect(canEditTask(viewer({ userId: 'owner' }), { ...task, auditState: 'submitted' })).toBe(false);
    expect(canEditTask(viewer({ userId: 'owner' }), { ...task, auditState: 'refused' })).toBe(true);
    expect(canEditTask(viewer({ userId: 'owner' }), { ...task, auditState: 'passed' })).toBe(false);
  });

  it('names who writes a task whatever its state (a push down writes only those): owner, department head, administrator', () => {
    expect(writesTask(viewer({ userId: 'owner' }), task)).toBe(true);
    expect(writesTask(viewer({ headsDepartments: ['d1'] }), task)).toBe(true);
    expect(writesTask(viewer({ isAdmin: true }), task)).toBe(true);
    expect(writesTask(viewer({ libraryAccess: 'write' }), task)).toBe(false);
    expect(writesTask(viewer({ userId: 'auditor' }), task)).toBe(false);
    expect(writesTask(viewer({ headsDepartments: ['d2'] }), { ownerId: null, departmentId: null })).toBe(false);
  });

  it('refuses edits, audits and regrading of a task whose cycle is closed, to everyone, administrators too; it stays readable', () => {
    const closed = { ...task, cycleClosed: true, auditState: 'submitted' as const };
    for (const v of [viewer({ userId: 'owner' }), viewer({ headsDepartments: ['d1'] }), viewer({ isAdmin: true })]) {
      expect(canEditTask(v, { ...closed, auditState: 'draft' })).toBe(false);
      expect(editRefusal(v, { ...closed, auditState: 'draft' })).toBe('closed');
      expect(canRecalculate(v, closed)).toBe(false);
      expect(canReadTask(v, closed)).toBe(true);
    }
    expect(canAuditTask(viewer({ userId: 'auditor' }), closed)).toBe(false);
    expect(auditClosed(viewer({ userId: 'auditor' }), closed)).toBe(true);
    expect(auditClosed(viewer({}), closed)).toBe(false);
    expect(editRefusal(viewer({ libraryAccess: 'read' }), closed)).toBe('forbidden');
    expect(canAuditTask(viewer({ userId: 'auditor' }), { ...closed, cycleClosed: false })).toBe(true);
  });

  it('tells a locked task from a forbidden one', () => {
    expect(editRefusal(viewer({ userId: 'owner' }), { ...task, auditState: 'submitted' })).toBe('locked');
    expect(editRefusal(viewer({ libraryAccess: 'read' }), task)).toBe('forbidden');
    expect(editRefusal(viewer({ userId: 'owner' }), task)).toBeNull();
  });

  it('lets the auditor, library writers and administrators audit, never the owner', () => {
    expect(canAuditTask(viewer({ userId: 'auditor' }), task)).toBe(true);
    expect(canAuditTask(viewer({ libraryAccess: 'write' }), task)).toBe(true);
    expect(canAuditTask(viewer({ isAdmin: true }), task)).toBe(true);
    expect(canAuditTask(viewer({ libraryAccess: 'read' }), task)).toBe(false);
    expect(canAuditTask(viewer({ userId: 'owner', libraryAccess: 'write' }), task)).toBe(false);
  });

  it('lets the owner, the department head and administrators handle warnings at any audit state', () => {
    for (const auditState of ['draft', 'submitted', 'passed', 'refused'] as const) {
      const t = { ...task, auditState };
      expect(canHandleWarnings(viewer({ userId: 'owner' }), t)).toBe(true);
      expect(canHandleWarnings(viewer({ headsDepartments: ['d1'] }), t)).toBe(true);
      expect(canHandleWarnings(viewer({ isAdmin: true }), t)).toBe(true);
      expect(canHandleWarnings(viewer({ userId: 'auditor' }), t)).toBe(false);
      expect(canHandleWarnings(viewer({ libraryAccess: 'write' }), t)).toBe(false);
    }
  });
});

describe('task grants (obj/authority)', () => {
  const granted: TaskParties = { ...task, id: 't1' };
  const reader = viewer({ userId: 'r', taskGrants: { t1: 'read' } });
  const writer = viewer({ userId: 'w', taskGrants: { t1: 'write' } });

  it('lets a granted reader read only that task, never edit', () => {
    expect(canReadTask(reader, granted)).toBe(true);
    expect(canReadTask(reader, { ...granted, id: 't2' })).toBe(false);
    expect(canReadTask(reader, task)).toBe(false);
    expect(canEditTask(reader, granted)).toBe(false);
    expect(editRefusal(reader, granted)).toBe('forbidden');
    expect(canRecalculate(reader, granted)).toBe(false);
  });

  it('lets a granted writer edit and recalculate before submission, never audit nor handle warnings', () => {
    expect(canEditTask(writer, granted)).toBe(true);
    expect(writesTask(writer, granted)).toBe(true);
    expect(canRecalculate(writer, granted)).toBe(true);
    expect(editRefusal(writer, { ...granted, auditState: 'submitted' })).toBe('locked');
    expect(canRecalculate(writer, { ...granted, auditState: 'submitted' })).toBe(false);
    expect(canAuditTask(writer, { ...granted, auditState: 'submitted' })).toBe(false);
    expect(canHandleWarnings(writer, granted)).toBe(false);
  });

  it('lets administrators recalculate at any state', () => {
    expect(canRecalculate(viewer({ isAdmin: true }), { ...granted, auditState: 'passed' })).toBe(true);
  });

  it('lets only the owner and administrators set grants', () => {
    expect(canManageGrants(viewer({ userId: 'owner' }), task)).toBe(true);
    expect(canManageGrants(viewer({ isAdmin: true }), task)).toBe(true);
    expect(canManageGrants(viewer({ headsDepartments: ['d1'] }), task)).toBe(false);
    expect(canManageGrants(writer, granted)).toBe(false);
    expect(canManageGrants(viewer({ userId: 'x' }), { ownerId: null })).toBe(false);
  });
});

describe('TASK_RIGHTS_OF', () => {
  it('lets every relation read (the task list keeps a task where some relation holds)', () => {
    for (const rights of Object.values(TASK_RIGHTS_OF)) expect(rights).toContain('read');
  });

  it('withholds audit from the owner, unless an administrator', () => {
    expect(taskRightsOf(['owner', 'libraryWriter']).has('audit')).toBe(false);
    expect(taskRightsOf(['owner', 'admin']).has('audit')).toBe(true);
  });

  it('is the module README table, row for row', () => {
    const rows = readmeTable(new URL('../README.md', import.meta.url), 'Who reads and writes a task');
    expect(rows.map((r) => [listCell(r.relation!)[0], listCell(r.rights!)])).toEqual(
      (Object.keys(TASK_RIGHTS_OF) as TaskRelation[]).map((r) => [r, [...TASK_RIGHTS_OF[r]]]),
    );
  });
});

describe('TASK_TODOS (我的待办)', () => {
  const viewer = (userId: string): Viewer => ({ userId, isAdmin: false, libraryAccess: null, headsDepartments: [] });
  it('waits only on the person the task names, in states where that person may make the move', () => {
    for (const todo of TASK_TODOS) {
      expect(TASK_RIGHTS_OF[todo.relation]).toContain(todo.right);
      for (const state of Object.keys(todo.asked) as AuditState[]) {
        expect(afterAudit(state, todo.move)).not.toBeNull();
        const task: TaskParties = { ownerId: todo.relation === 'owner' ? 'me' : 'x', auditorId: todo.relation === 'auditor' ? 'me' : 'y', departmentId: null, auditState: state };
        const may = todo.move === 'submit' ? canEditTask(viewer('me'), task) : canAuditTask(viewer('me'), task);
        expect({ todo: todo.move, state, may }).toEqual({ todo: todo.move, state, may: true });
        // a closed cycle waits for no one
        expect(todo.move === 'submit' ? canEditTask(viewer('me'), { ...task, cycleClosed: true }) : canAuditTask(viewer('me'), { ...task, cycleClosed: true })).toBe(false);
      }
    }
  });

  it('the owner who is also the auditor is not asked to audit their own task', () => {
    expect(withholders('audit')).toEqual(['owner']);
    expect(canAuditTask(viewer('me'), { ownerId: 'me', auditorId: 'me', departmentId: null, auditState: 'submitted' })).toBe(false);
  });
});
