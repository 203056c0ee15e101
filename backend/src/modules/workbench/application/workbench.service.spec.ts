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
  const quality = { openFor: async (userId: string) => (userId === 'u1' ? 3 : 0) };
  const tasks = {
    calls: [] as unknown[],
    async warningMaps(userId: string, scope: unknown) {
      this.calls.push([userId, scope]);
      return { delayMap: { t1: 1 }, processMap: { t1: 2, t2: 4 } };
    },
    async todo(userId: string) {
      return userId === 'u1' ? { tasks: 5, audits: 2 } : { tasks: 0, audits: 0 };
    },
  };
  const service = new WorkbenchService(quality, tasks);

  it('answers the task counter\'s maps for the scope asked, with their sums', async () => {
    const scope = { kind: 'department' as const, departmentIds: ['d1'] };
    expect(await service.warningCounts('u1', scope)).toEqual({
      totalWarningCount: 7, processWarningCount: 6, expiredWarningCount: 1, delayMap: { t1: 1 }, processMap: { t1: 2, t2: 4 },
    });
    expect(tasks.calls).toEqual([['u1', scope]]);
  });

  it('takes the to-do tasks and audits from target tasks and the warnings from monitoring', async () => {
    expect(await service.todoCounts('u1')).toEqual({ tasks: 5, warnings: 3, audits: 2 });
    expect(await service.todoCounts('u2')).toEqual({ tasks: 0, warnings: 0, audits: 0 });
  });
});
