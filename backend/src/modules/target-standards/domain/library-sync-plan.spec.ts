import { isEmptyPlan, planSync, type SyncIndicator, type SyncPoint, type SyncSide } from './library-sync-plan.js';

const ind = (id: string, parentId: string | null, level: number, name = id, originId: string | null = null, sortOrder = 1): SyncIndicator => ({ id, parentId, name, level, sortOrder, originId });
const pt = (id: string, indicatorId: string | null, code: string, signature = 'v1', originId: string | null = null): SyncPoint => ({ id, indicatorId, code, originId, signature });
const ids = () => {
  let n = 0;
  return () => `new${++n}`;
};

// Parent: A ─ B, with points p1 (on B) and p2 (on A).
const parent: SyncSide = {
  indicators: [ind('B', 'A', 2, '二级'), ind('A', null, 1, '一级')],
  points: [pt('p1', 'B', 'C-1'), pt('p2', 'A', 'C-2')],
};

describe('sync from a parent into a child', () => {
  it('adds everything to an empty child, parents first, remembering the origins', () => {
    const plan = planSync(parent, { indicators: [], points: [], treeLevel: 3 }, ids());
    expect(plan.addIndicators).toEqual([
      { id: 'new1', parentId: null, name: '一级', level: 1, sortOrder: 1, originId: 'A' },
      { id: 'new2', parentId: 'new1', name: '二级', level: 2, sortOrder: 1, originId: 'B' },
    ]);
    expect(plan.addPoints).toEqual([
      { id: 'new3', originId: 'p1', indicatorId: 'new2', code: 'C-1' },
      { id: 'new4', originId: 'p2', indicatorId: 'new1', code: 'C-2' },
    ]);
    expect(plan.updatePoints).toEqual([]);
    expect(plan.skipped).toEqual([]);
  });

  it('does nothing when the child is up to date', () => {
    const child = {
      indicators: [ind('a', null, 1, '一级', 'A'), ind('b', 'a', 2, '二级', 'B')],
      points: [pt('c1', 'b', 'C-1', 'v1', 'p1'), pt('c2', 'a', 'C-2', 'v1', 'p2')],
      treeLevel: 3,
    };
    expect(isEmptyPlan(planSync(parent, child, ids()))).toBe(true);
  });

  it('brings inherited rows up to date and leaves the child\'s own alone', () => {
    const changed: SyncSide = {
      indicators: [ind('A', null, 1, '一级（新）'), ind('B', 'A', 2, '二级')],
      points: [pt('p1', 'B', 'C-1', 'v2'), pt('p2', 'B', 'C-2'), pt('p3', 'A', 'OWN')],
    };
    const child = {
      indicators: [ind('a', null, 1, '一级', 'A'), ind('b', 'a', 2, '二级', 'B'), ind('mine', 'a', 2, '自建')],
      // c1 was edited in the child (its signature differs): it is reset; c2 moves with its origin; OWN is the child's own code.
      points: [pt('c1', 'b', 'C-1', 'edited', 'p1'), pt('c2', 'a', 'C-2', 'v1', 'p2'), pt('own', 'mine', 'OWN'), pt('own2', 'mine', 'X-9')],
      treeLevel: 3,
    };
    const plan = planSync(changed, child, ids());
    expect(plan.renameIndicators).toEqual([{ id: 'a', name: '一级（新）', sortOrder: 1 }]);
    expect(plan.addIndicators).toEqual([]);
    expect(plan.updatePoints).toEqual([
      { id: 'c1', originId: 'p1', indicatorId: 'b', code: 'C-1' },
      { id: 'c2', originId: 'p2', indicatorId: 'b', code: 'C-2' },
    ]);
    expect(plan.addPoints).toEqual([]);
    expect(plan.skipped).toEqual([{ originId: 'p3', reason: '子库已有相同编号的质控点' }]);
    const touched = [...plan.updatePoints.map((p) => p.id), ...plan.renameIndicators.map((i) => i.id)];
    expect(touched).not.toContain('own');
    expect(touched).not.toContain('own2');
    expect(touched).not.toContain('mine');
  });

  it('uses a child\'s own indicator of the same name and place instead of adding a twin', () => {
    const child = { indicators: [ind('x', null, 1, '一级')], points: [], treeLevel: 3 };
    const plan = planSync(parent, child, ids());
    expect(plan.addIndicators).toEqual([{ id: 'new1', parentId: 'x', name: '二级', level: 2, sortOrder: 1, originId: 'B' }]);
    expect(plan.renameIndicators).toEqual([]);
    expect(plan.addPoints.map((p) => p.indicatorId)).toEqual(['new1', 'x']);
  });

  it('skips what would go deeper than the child allows, with its points', () => {
    const plan = planSync(parent, { indicators: [], points: [], treeLevel: 1 }, ids());
    expect(plan.addIndicators.map((i) => i.originId)).toEqual(['A']);
    expect(plan.addPoints.map((p) => p.originId)).toEqual(['p2']);
    expect(plan.skipped).toEqual([{ originId: 'B', reason: '超过目标标准的指标层级（1级）' }, { originId: 'p1', reason: '所属指标未同步' }]);
  });

  it('follows a code change only when the code is free in the child, never reusing a code freed in the same sync', () => {
    const renumbered: SyncSide = { indicators: [], points: [pt('p1', null, 'C-2'), pt('p2', null, 'C-3')] };
    const child = { indicators: [], points: [pt('c1', null, 'C-1', 'v1', 'p1'), pt('c2', null, 'C-2', 'v1', 'p2')], treeLevel: 3 };
    const plan = planSync(renumbered, child, ids());
    // C-2 is still held by c2 when c1 is planned: c1 keeps C-1 for now; c2 takes the free C-3.
    expect(plan.updatePoints).toEqual([{ id: 'c2', originId: 'p2', indicatorId: null, code: 'C-3' }]);
    // The next sync finds C-2 free and gives it to c1.
    const after = { ...child, points: [pt('c1', null, 'C-1', 'v1', 'p1'), pt('c2', null, 'C-3', 'v1', 'p2')] };
    expect(planSync(renumbered, after, ids()).updatePoints).toEqual([{ id: 'c1', originId: 'p1', indicatorId: null, code: 'C-2' }]);
  });
});
