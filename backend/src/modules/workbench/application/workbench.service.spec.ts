import type { TodoGroup, TodoKind } from '@zhengai/contracts';
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
  const entry = (id: string, kind: TodoKind, group: TodoGroup, deadline: string | null, since: string): TodoEntry => ({
    id, kind, group, asked: '审核', objectName: id, since: new Date(since), deadline, link,
  });
  const source = (items: TodoEntry[]) => ({ todos: async (userId: string) => (userId === 'u1' ? items : []) });
  const service = new WorkbenchService(
    tasks,
    source([entry('t-audit', 'targetTask', 'audits', '2026-12-01', '2026-05-01T00:00:00Z'), entry('t-todo', 'targetTask', 'tasks', '2026-01-01', '2026-05-02T00:00:00Z')]),
    source([entry('d-launch', 'diagnosisLaunch', 'tasks', null, '2026-04-01T00:00:00Z')]),
    source([entry('w-1', 'warning', 'warnings', null, '2026-03-01T00:00:00Z'), entry('w-2', 'warning', 'warnings', null, '2026-02-01T00:00:00Z')]),
    source([entry('r-1', 'qualityReport', 'audits', null, '2026-01-01T00:00:00Z')]),
    source([]),
  );

  it('answers the task counter\'s maps for the scope asked, with their sums', async () => {
    const scope = { kind: 'department' as const, departmentIds: ['d1'] };
    expect(await service.warningCounts('u1', scope)).toEqual({
      totalWarningCount: 7, processWarningCount: 6, expiredWarningCount: 1, delayMap: { t1: 1 }, processMap: { t1: 2, t2: 4 },
    });
    expect(tasks.calls).toEqual([['u1', scope]]);
  });

  it('counts the home counters from the same items as the list', async () => {
    expect(await service.todoCounts('u1')).toEqual({ tasks: 2, warnings: 2, audits: 2 });
    expect(await service.todoCounts('u2')).toEqual({ tasks: 0, warnings: 0, audits: 0 });
  });

  it('lists overdue first, then by deadline, then the oldest; filters a group and a kind; pages', async () => {
    const now = new Date('2026-06-01T12:00:00');
    const all = await service.todos('u1', now);
    expect(all.map((i) => [i.id, i.overdue])).toEqual([
      ['t-todo', true], ['t-audit', false], ['r-1', false], ['w-2', false], ['w-1', false], ['d-launch', false],
    ]);
    expect(all[0]!.since).toBe('2026-05-02T00:00:00.000Z');
    const audits = await service.todoList('u1', { pageNum: 1, pageSize: 1, group: 'audits' });
    expect(audits).toMatchObject({ total: 2, pages: 2, current: 1, counts: { tasks: 2, warnings: 2, audits: 2 } });
    expect(audits.kinds).toMatchObject({ targetTask: 1, qualityReport: 1, warning: 0, diagnosisLaunch: 0 });
    expect((await service.todoList('u1', { pageNum: 2, pageSize: 1, group: 'audits' })).records.map((r) => r.id)).toEqual(['r-1']);
    expect((await service.todoList('u1', { pageNum: 1, pageSize: 0, kind: 'warning' })).records.map((r) => r.id)).toEqual(['w-2', 'w-1']);
  });
});
