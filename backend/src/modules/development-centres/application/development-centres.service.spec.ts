import { jest } from '@jest/globals';
import { CENTRE_MESSAGES } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import type { AccessPolicy } from '../../../shared/http/access-policy.port.js';
import { DevelopmentCentresService } from './development-centres.service.js';
import type { CentreObjectView, CentreReader, CentreRowData, PortraitResultData } from './ports/centre-reader.port.js';
import type { CentreSheet } from './ports/centre-sheet.port.js';
import type { CentreStamp } from './ports/centre-stamp.port.js';

const object: CentreObjectView = {
  id: 'm1', level: 'major', code: 'M1', name: '专业一', departmentId: 'd1', departmentName: '一院', upperId: null, upperName: null,
  responsibleId: 'resp', responsibleName: '负责人', upperResponsibleId: null, userId: null, retired: false,
};
const result = (cycle: string, code: string, jgz: string | null, unmet: boolean, gjcs: string | null = null): PortraitResultData => ({
  cycle, code, name: `点${code}`, zlx: 'percent', jgz, mbz: '80', jgdj: unmet ? 'D' : 'A', dis: false, unfin: unmet, yyfx: null, gjcs, calRule: { direction: 'higher' },
});

function build(menus: string[], roles: string[] = [], heads: string[] = []) {
  const reader = {
    viewer: jest.fn(async (userId: string) => ({ userId, roleCodes: roles, headsDepartments: heads })),
    cycles: jest.fn(async () => ['2026', '2025', '2024']),
    pageIds: jest.fn(async () => ({ ids: [] as string[], total: 0 })),
    rows: jest.fn(async () => []),
    figures: jest.fn(async (_level: string, _window: { cycle: string; previous: string | null }, _viewer: unknown) => ({ objects: 0, tasks: 0, submitted: 0, passed: 0, points: 0, pointsMet: 0, warnings: 0, warningsHandled: 0, measures: 0, effective: 0, improvementRate: null })),
    object: jest.fn(async (id: string) => (id === 'm1' ? object : null)),
    portraitTasks: jest.fn(async () => []),
    portraitResults: jest.fn(async () => [
      result('2024', 'P1', '50', true, '措施'), result('2025', 'P1', '90', false), // judged by 2025: 有效
      result('2025', 'P2', '60', true, '措施'), // nothing of P2 in 2026: 待评估
      result('2026', 'P1', '70', true, '措施'), // no cycle after 2026: 待评估
    ]),
    portraitWarnings: jest.fn(async () => []),
    portraitReports: jest.fn(async () => []),
    ownObject: jest.fn(async () => null),
  };
  const policy = { accessOf: jest.fn(async () => ({ menuKeys: new Set(menus), isAdmin: false })) };
  const stamp = { value: '1' as string | undefined, current() { return this.value; } };
  const service = new DevelopmentCentresService(reader as unknown as CentreReader, policy as unknown as AccessPolicy, {} as CentreSheet, stamp as CentreStamp);
  return { service, reader, stamp, policy };
}

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
};

describe('DevelopmentCentresService', () => {
  it("asks for the level's own centre menu, whichever centre the guard let in", async () => {
    const { service, reader } = build(['ly_herm_teachDevelopCenter'], ['schoolLeader']);
    expect((await refusal(service.cycles({ userId: 'u' }, 'major'))).kind).toBe('NO_PERMISSION');
    expect(reader.cycles).not.toHaveBeenCalled();
    await expect(service.cycles({ userId: 'u' }, 'teacher')).resolves.toEqual({ cycles: ['2026', '2025', '2024'], current: '2026' });
  });

  it('answers an unreadable portrait exactly as a missing one, before any of its data is read', async () => {
    const { service, reader } = build(['ly_herm_majorDevelopCenter'], [], ['d2']);
    for (const id of ['m1', 'nope']) {
      const e = await refusal(service.portrait({ userId: 'u' }, id));
      expect([e.kind, e.message]).toEqual(['NOT_FOUND', CENTRE_MESSAGES.notFound]);
    }
    expect(reader.portraitResults).not.toHaveBeenCalled();
  });

  it("judges each measure by the level's next cycle and rates the judged ones", async () => {
    const { service } = build(['ly_herm_majorDevelopCenter'], [], ['d1']);
    const p = await service.portrait({ userId: 'u' }, 'm1');
    expect(p.measures.map((m) => [m.cycle, m.code, m.nextCycle, m.effect])).toEqual([
      ['2024', 'P1', '2025', 'effective'],
      ['2025', 'P2', '2026', 'pending'],
      ['2026', 'P1', null, 'pending'],
    ]);
    expect(p.improvementRate).toBe(100);
  });

  it('compares a cycle with the one before it in the level\'s order, and the previous figures with the one before that', async () => {
    const { service, reader } = build(['ly_herm_majorDevelopCenter'], ['admin']);
    const o = await service.overview({ userId: 'u' }, { level: 'major', cycle: '2025', sort: 'code', order: 'asc', departmentId: null, majorId: null, keyword: null }, { pageNum: 1, pageSize: 10 });
    expect(o.cycle).toBe('2025');
    expect(reader.figures.mock.calls.map((c) => c[1])).toEqual([{ cycle: '2025', previous: '2024' }, { cycle: '2024', previous: null }]);
  });

  describe('kept figures and cycles', () => {
    const input = { level: 'major' as const, cycle: '2026', sort: 'code' as const, order: 'asc' as const, departmentId: null, majorId: null, keyword: null };
    const page = { pageNum: 1, pageSize: 10 };
    const as = (reader: ReturnType<typeof build>['reader'], roles: string[], heads: string[] = []) =>
      reader.viewer.mockImplementation(async (userId: string) => ({ userId, roleCodes: roles, headsDepartments: heads }));

    it('reads a level\'s figures and cycles once per stamp, whatever page or order is asked, and again under a new stamp', async () => {
      const { service, reader, stamp, policy } = build(['ly_herm_majorDevelopCenter'], ['admin']);
      await service.overview({ userId: 'u', accessStamp: '7.1' }, input, page);
      expect(policy.accessOf).toHaveBeenCalledWith('u', '7.1'); // the guard's snapshot of the person's menus, under the session's stamp
      await service.overview({ userId: 'u' }, { ...input, sort: 'score', order: 'desc' }, { pageNum: 3, pageSize: 20 });
      expect(reader.figures).toHaveBeenCalledTimes(2); // this cycle and the previous one, once
      expect(reader.cycles).toHaveBeenCalledTimes(1);
      expect(reader.pageIds).toHaveBeenCalledTimes(2); // two orders
      stamp.value = '2';
      await service.overview({ userId: 'u' }, input, page);
      expect(reader.figures).toHaveBeenCalledTimes(4);
      expect(reader.cycles).toHaveBeenCalledTimes(2);
      stamp.value = undefined; // changes cannot be heard: nothing is kept
      await service.overview({ userId: 'u' }, input, page);
      await service.overview({ userId: 'u' }, input, page);
      expect(reader.figures).toHaveBeenCalledTimes(8);
    });

    it('shares the figures between readers of everything, and never across scopes', async () => {
      const { service, reader } = build(['ly_herm_majorDevelopCenter']);
      as(reader, ['admin']);
      await service.overview({ userId: 'admin' }, input, page);
      as(reader, ['schoolLeader']);
      await service.overview({ userId: 'leader' }, input, page);
      expect(reader.figures).toHaveBeenCalledTimes(2);
      as(reader, [], ['d1']);
      await service.overview({ userId: 'head' }, input, page);
      as(reader, [], ['d2']);
      await service.overview({ userId: 'head' }, input, page);
      as(reader, [], ['d1']);
      await service.overview({ userId: 'head' }, input, page);
      expect(reader.figures).toHaveBeenCalledTimes(6);
      expect(reader.figures.mock.calls.map((c) => [c[1].cycle, (c[2] as { headsDepartments: string[] }).headsDepartments])).toEqual([
        ['2026', []], ['2025', []], ['2026', ['d1']], ['2025', ['d1']], ['2026', ['d2']], ['2025', ['d2']],
      ]);
      // 2025's figures were kept as 2026's previous ones: only 2024's are read
      await service.overview({ userId: 'head' }, { ...input, cycle: '2025' }, page);
      expect(reader.figures.mock.calls.slice(6).map((c) => c[1])).toEqual([{ cycle: '2024', previous: null }]);
    });

    it('answers each page of a list as a slice of its order, read whole once per stamp; a search as asked', async () => {
      const { service, reader, stamp } = build(['ly_herm_majorDevelopCenter'], ['admin']);
      const order = Array.from({ length: 25 }, (_, i) => `o${i}`);
      reader.pageIds.mockImplementation(async () => ({ ids: order, total: order.length }));
      const pages = [];
      for (const pageNum of [1, 2, 3]) pages.push((await service.overview({ userId: 'u' }, input, { pageNum, pageSize: 10 })).page);
      expect(reader.pageIds).toHaveBeenCalledTimes(1);
      expect((reader.pageIds.mock.calls[0] as unknown[])[5]).toMatchObject({ skip: 0, take: 100_000 });
      expect(reader.rows.mock.calls.map((c) => (c as unknown[])[0])).toEqual([order.slice(0, 10), order.slice(10, 20), order.slice(20)]);
      expect(pages.map((p) => [p.total, p.pages, p.current])).toEqual([[25, 3, 1], [25, 3, 2], [25, 3, 3]]);
      await service.overview({ userId: 'u' }, { ...input, departmentId: 'd1' }, page); // another filter, another list
      await service.overview({ userId: 'u' }, { ...input, order: 'desc' }, page);
      expect(reader.pageIds).toHaveBeenCalledTimes(3);
      reader.pageIds.mockImplementation(async () => ({ ids: ['o3'], total: 1 }));
      await service.overview({ userId: 'u' }, { ...input, keyword: '专业' }, page);
      await service.overview({ userId: 'u' }, { ...input, keyword: '专业' }, page);
      expect(reader.pageIds.mock.calls.slice(3).map((c) => (c as unknown[])[5])).toEqual([{ skip: 0, take: 10, size: 10 }, { skip: 0, take: 10, size: 10 }]);
      stamp.value = '2';
      await service.overview({ userId: 'u' }, input, page);
      expect(reader.pageIds).toHaveBeenCalledTimes(6);
    });

    it('keeps each object\'s row: a page reads only the rows it has not kept, in one statement, and all again under a new stamp', async () => {
      const { service, reader, stamp } = build(['ly_herm_majorDevelopCenter'], ['admin']);
      const order = Array.from({ length: 15 }, (_, i) => `o${i}`);
      reader.pageIds.mockImplementation(async () => ({ ids: order, total: order.length }));
      const rowOf = (id: string) => ({ objectId: id, code: id.toUpperCase() }) as unknown as CentreRowData;
      reader.rows.mockImplementation((async (ids: string[]) => ids.filter((id) => id !== 'o12').map(rowOf)) as never);
      const codes = async (pageNum: number, pageSize: number) => (await service.overview({ userId: 'u' }, input, { pageNum, pageSize })).page.records.map((r) => r.code);
      expect(await codes(1, 10)).toEqual(order.slice(0, 10).map((id) => id.toUpperCase()));
      expect(await codes(1, 15)).toEqual(order.filter((id) => id !== 'o12').map((id) => id.toUpperCase())); // o12 is gone
      expect(reader.rows.mock.calls.map((c) => (c as unknown[])[0])).toEqual([order.slice(0, 10), order.slice(10)]);
      await codes(2, 5);
      expect(reader.rows).toHaveBeenCalledTimes(2);
      stamp.value = '2';
      await codes(2, 5);
      expect(reader.rows.mock.calls.map((c) => (c as unknown[])[0])[2]).toEqual(order.slice(5, 10));
    });
  });
});
