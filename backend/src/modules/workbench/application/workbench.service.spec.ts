import type { TodoGroup, TodoKind } from '@zhengai/contracts';
import type { TodoTally, TodoWindow } from './ports/todo-list-reader.port.js';
import type { TodoEntry } from './ports/todo-sources.port.js';
import { WorkbenchService, warningCountOf } from './workbench.service.js';

describe('warningCountOf', () => {
  it('sums the maps into the three counts', () => {
    expect(warningCountOf({ t1: 2, t2: 1 }, { t1: 4 })).toEqual({
      totalWarningCount: 7, processWarningCount: 4, expiredWarningCount: 3, delayMap: { t1: 2, t2: 1 }, processMap: { t1: 4 },
    });
  });

  it('answers zeros for empty maps', () => {
    expect(warningCountOf({}, {})).toMatchObject({ totalWarningCount: 0, processWarningCount: 0, expiredWarningCount: 0 });
  });
});

describe('WorkbenchService', () => {
  const tasks = {
    calls: [] as unknown[],
    async warningMaps(userId: string, scope: unknown) {
      this.calls.push([userId, scope]);
      return { delayMap: { t1: 1 }, processMap: { t1: 2, t2: 4 } };
    },
  };
  const link = { path: '/x', query: {} };
  const entry = (id: string, kind: TodoKind, group: TodoGroup, deadline: string | null): TodoEntry => ({
    id, kind, group, asked: '审核', objectName: id, since: new Date('2026-05-01T00:00:00Z'), deadline, link,
  });
  // What the statement answers for u1: the tally of every item, and the window's items (already in the list's order).
  const tally: TodoTally[] = [
    { group: 'audits', kind: 'targetTask', n: 1 }, { group: 'tasks', kind: 'targetTask', n: 1 }, { group: 'tasks', kind: 'diagnosisLaunch', n: 1 },
    { group: 'warnings', kind: 'warning', n: 2 }, { group: 'audits', kind: 'qualityReport', n: 1 },
  ];
  const windows: TodoWindow[] = [];
  const reader = {
    async read(userId: string, w: TodoWindow) {
      windows.push(w);
      return userId === 'u1' ? { tally, items: [entry('t-todo', 'targetTask', 'tasks', '2026-01-01'), entry('t-audit', 'targetTask', 'audits', '2026-12-01')] } : { tally: [], items: [] };
    },
  };
  const service = new WorkbenchService(tasks, reader);
  const now = new Date('2026-06-01T12:00:00');
  beforeEach(() => (windows.length = 0));

  it('answers the task counter\'s maps for the scope asked, with their sums', async () => {
    const scope = { kind: 'department' as const, departmentIds: ['d1'] };
    expect(await service.warningCounts('u1', scope)).toEqual({
      totalWarningCount: 7, processWarningCount: 6, expiredWarningCount: 1, delayMap: { t1: 1 }, processMap: { t1: 2, t2: 4 },
    });
    expect(tasks.calls).toEqual([['u1', scope]]);
  });

  it('counts the home counters from the tally of the same statement, reading no item', async () => {
    expect(await service.todoCounts('u1', now)).toEqual({ tasks: 2, warnings: 2, audits: 2 });
    expect(await service.todoCounts('u2', now)).toEqual({ tasks: 0, warnings: 0, audits: 0 });
    expect(windows[0]).toEqual({ today: '2026-06-01', group: null, kind: null, limit: 0, offset: 0 });
  });

  it('asks the statement for the page, and counts the total, the groups and the kinds from the tally', async () => {
    const audits = await service.todoList('u1', { pageNum: 2, pageSize: 1, group: 'audits' }, now);
    expect(windows[0]).toEqual({ today: '2026-06-01', group: 'audits', kind: null, limit: 1, offset: 1 });
    expect(audits).toMatchObject({ total: 2, pages: 2, current: 2, counts: { tasks: 2, warnings: 2, audits: 2 } });
    expect(audits.kinds).toEqual({ targetTask: 1, qualityReport: 1, warning: 0, diagnosisLaunch: 0, diagnosisTask: 0, fillTask: 0 });
    // overdue by the server's day; since as ISO text
    expect(audits.records.map((r) => [r.id, r.overdue, r.since])).toEqual([['t-todo', true, '2026-05-01T00:00:00.000Z'], ['t-audit', false, '2026-05-01T00:00:00.000Z']]);
    const warnings = await service.todoList('u1', { pageNum: 1, pageSize: 0, kind: 'warning' }, now);
    expect(windows[1]).toMatchObject({ kind: 'warning', limit: null, offset: 0 });
    expect(warnings).toMatchObject({ total: 2, pages: 1 });
    expect(warnings.kinds).toMatchObject({ targetTask: 2, warning: 2, diagnosisLaunch: 1, qualityReport: 1 });
    // pageSize 0 is all on page 1: a later page is empty
    await service.todoList('u1', { pageNum: 2, pageSize: 0 }, now);
    expect(windows[2]).toMatchObject({ limit: 0, offset: 0 });
    expect(await service.todoList('u2', { pageNum: 1, pageSize: 0 }, now)).toMatchObject({ total: 0, pages: 0, records: [] });
    // a page far past the end: an offset PostgreSQL still reads as a bigint
    await service.todoList('u1', { pageNum: Number.MAX_SAFE_INTEGER, pageSize: 10_000_000 }, now);
    expect(windows[4]).toMatchObject({ limit: 10_000_000, offset: Number.MAX_SAFE_INTEGER });
  });
});
