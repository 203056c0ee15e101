import { jest } from '@jest/globals';
import type { Portrayal } from '@zhengai/contracts';
import type { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import type { MonitoringService } from './monitoring.service.js';
import type { PortrayalRepository } from './ports/portrayal-repository.port.js';
import { PortrayalService } from './portrayal.service.js';
import type { RivalAnalysisService } from './rival-analysis.service.js';

const card = (over: Partial<Portrayal> = {}): Portrayal => ({
  id: 'c1', kind: 'card', name: '卡片', nametwo: '卡片', cm: 'c_one', level: 'school', parentId: null, sort: 3, description: '说明',
  content: { chart: 'pie', source: 'points-by-grade' }, roleIds: ['r-leader'], children: [], ...over,
});

/** The service with every port mocked; the repository answers as a leader's with one granted card. */
function setup(opts: { isAdmin?: boolean; cmTaken?: boolean } = {}) {
  const repo = {
    rolesOf: jest.fn(async () => ({ roleIds: opts.isAdmin ? ['r-admin'] : ['r-expert'], isAdmin: opts.isAdmin ?? false })),
    find: jest.fn(async (id: string) => (id === 'c1' ? card() : null)),
    cmTaken: jest.fn(async () => opts.cmTaken ?? false),
    readableCards: jest.fn(async (ids: string[], readers: string[] | null) => ids.filter((id) => readers === null || id === 'c-granted')),
    existingRoles: jest.fn(async (ids: string[]) => ids.filter((id) => id.startsWith('r-'))),
    menuParents: jest.fn(async () => new Map<string, string | null>()),
    insert: jest.fn(async () => 'new'),
    update: jest.fn(async () => undefined),
    setGrants: jest.fn(async () => undefined),
    setCards: jest.fn(async () => undefined),
    saveDashboard: jest.fn(async () => undefined),
    dashboard: jest.fn(async () => ({ tiles: [], updatedAt: null })),
  };
  const uow = { run: jest.fn(async (work: (tx: never) => Promise<unknown>) => work({} as never)) };
  const monitoring = { monitoring: jest.fn() };
  const sut = new PortrayalService(repo as unknown as PortrayalRepository, uow as unknown as UnitOfWork, monitoring as unknown as MonitoringService, {} as RivalAnalysisService);
  return { sut, repo, uow, monitoring };
}

describe('PortrayalService', () => {
  it('reads everything for the administrator and by role otherwise', async () => {
    expect(await setup({ isAdmin: true }).sut.readers('u')).toBeNull();
    expect(await setup().sut.readers('u')).toEqual(['r-expert']);
  });

  it('refuses the figures of a card granted to none of the person’s roles before reading any', async () => {
    const { sut, monitoring } = setup();
    await expect(sut.cardData('u', 'c1')).rejects.toMatchObject({ kind: 'NO_PERMISSION' });
    await expect(sut.cardData('u', 'missing')).rejects.toMatchObject({ kind: 'NOT_FOUND', message: '画像不存在' });
    expect(monitoring.monitoring).not.toHaveBeenCalled();
  });

  it('refuses a dashboard with a card the person may not read, writing nothing (the schema bounds the tiles)', async () => {
    const { sut, repo } = setup();
    await expect(sut.saveDashboard('u', [{ cardId: 'c-granted' }, { cardId: 'c-other' }])).rejects.toMatchObject({ kind: 'VALIDATION' });
    expect(repo.saveDashboard).not.toHaveBeenCalled();
    await sut.saveDashboard('u', [{ cardId: 'c-granted' }, { cardId: 'c-granted', chart: 'bar' }]);
    expect(repo.saveDashboard).toHaveBeenCalledTimes(1);
  });

  it('refuses a cm taken, a kind changed, a card without content and an unknown role, outside any transaction', async () => {
    await expect(setup({ cmTaken: true }).sut.save({ kind: 'menu', name: '菜单', cm: 'm', level: 'school' })).rejects.toMatchObject({ kind: 'CONFLICT', message: '权限标识已存在' });
    await expect(setup().sut.save({ id: 'c1', kind: 'menu', name: '菜单', cm: 'm', level: 'school' })).rejects.toMatchObject({ kind: 'VALIDATION' });
    await expect(setup().sut.save({ kind: 'card', name: '卡片', cm: 'c', level: 'school' })).rejects.toMatchObject({ kind: 'VALIDATION' });
    const { sut, uow } = setup();
    await expect(sut.save({ kind: 'menu', name: '菜单', cm: 'm', level: 'school', roleIds: ['nobody'] })).rejects.toMatchObject({ message: '角色不存在' });
    expect(uow.run).not.toHaveBeenCalled();
  });

  it('keeps grants, card list, sort and description on an update that leaves them out; defaults nametwo to the name', async () => {
    const { sut, repo } = setup();
    await sut.save({ id: 'c1', kind: 'card', name: '新名', cm: 'c_one', level: 'school', content: { chart: 'bar', source: 'warnings-by-state', indicator: 'students' } });
    expect(repo.update).toHaveBeenCalledWith(expect.anything(), 'c1', expect.objectContaining({ name: '新名', nametwo: '新名', sort: 3, description: '说明', content: { chart: 'bar', source: 'warnings-by-state' } }));
    expect(repo.setGrants).not.toHaveBeenCalled();
    expect(repo.setCards).not.toHaveBeenCalled();
  });
});
