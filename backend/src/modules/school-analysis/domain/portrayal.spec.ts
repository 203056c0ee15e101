import type { OperationMonitoring, Portrayal } from '@zhengai/contracts';
import { capSeries, cardDataOf, MAX_SERIES, platformFigures, rankFigures } from './card-data.js';
import { monitoringOf, type PlatformCounts } from './monitoring.js';
import { portrayalTree, withCards, wouldCycle } from './portrayal-tree.js';

const rec = (id: string, kind: Portrayal['kind'], parentId: string | null = null, sort = 0): Portrayal => ({
  id, kind, name: id, nametwo: id, cm: `cm_${id}`, level: 'school', parentId, sort, description: null, content: null, roleIds: [], children: [],
});

describe('portrayalTree', () => {
  it('nests menus under their parents, sub-menus first and then the cards in order', () => {
    const tree = portrayalTree([rec('b', 'menu', null, 2), rec('a', 'menu', null, 1), rec('a1', 'menu', 'a')], new Map([
      ['a', [rec('c2', 'card'), rec('c1', 'card')]],
      ['a1', [rec('c3', 'card')]],
    ]));
    expect(tree.map((m) => m.id)).toEqual(['a', 'b']);
    expect(tree[0]!.children.map((c) => c.id)).toEqual(['a1', 'c2', 'c1']);
    expect(tree[0]!.children[0]!.children.map((c) => c.id)).toEqual(['c3']);
    expect(tree[1]!.children).toEqual([]);
  });
  it('puts a menu whose parent is not in the list at the root', () => {
    expect(portrayalTree([rec('x', 'menu', 'hidden')], new Map()).map((m) => m.id)).toEqual(['x']);
  });
  it('gives screens their cards', () => {
    expect(withCards([rec('s', 'screen')], new Map([['s', [rec('c', 'card')]]]))[0]!.children.map((c) => c.id)).toEqual(['c']);
  });
  it('finds a loop: a menu under itself or under its own child', () => {
    const parents = new Map<string, string | null>([['a', null], ['b', 'a'], ['c', 'b']]);
    expect(wouldCycle('a', 'a', parents)).toBe(true);
    expect(wouldCycle('a', 'c', parents)).toBe(true);
    expect(wouldCycle('c', 'a', parents)).toBe(false);
  });
});

describe('card series', () => {
  it(`keeps at most ${MAX_SERIES} series (000 §9)`, () => {
    const series = Array.from({ length: 8 }, (_, i) => ({ name: `s${i}`, values: [i] }));
    expect(capSeries(series).map((s) => s.name)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    const rank = { indicator: 'x', years: [2024, 2025], totals: [8, 8], series: series.map((s, i) => ({ schoolCode: `c${i}`, schoolName: s.name, own: i === 0, values: [1, 2], ranks: [i + 1, i + 1] })) };
    const data = cardDataOf({ id: 'c', name: 'n', chart: 'line' }, rankFigures(rank), new Date(0));
    expect(data.series).toHaveLength(MAX_SERIES);
    expect(data.categories).toEqual(['2024', '2025']);
    expect(data.series[0]).toEqual({ name: 's0', values: [1, 1] });
  });
});

const counts: PlatformCounts = {
  points: { total: 10, automatic: 3, met: 8, byGrade: { A: 4, B: 2, C: 1, Y: 1, D: 1, N: 0, none: 1 } },
  fills: { total: 4, finished: 1, byTask: [{ name: '2026年状态数据采集', finished: 1, total: 4 }] },
  tasks: { total: 5, finished: 2, byState: [{ rwjd: 'hasDone', count: 1 }, { rwjd: 'delayDone', count: 1 }, { rwjd: 'executeing', count: 2 }, { rwjd: 'waitDefine', count: 1 }] },
  warnings: { raised: 3, handled: 0, recent: [] },
};

describe('monitoringOf', () => {
  const m: OperationMonitoring = monitoringOf(counts, new Date('2026-01-01T00:00:00Z'));
  it('answers each figure as value over target with the progress rule', () => {
    expect(m.figures.map((f) => [f.key, f.label, f.value, f.target, f.progress])).toEqual([
      ['collection', '自动采集率', 3, 10, '30.00'],
      ['fill', '填报完成率', 1, 4, '25.00'],
      ['task', '任务完成率', 2, 5, '40.00'],
      ['warning', '预警处理率', 0, 3, '0'],
      ['point', '质控点达标率', 8, 10, '80.00'],
    ]);
  });
  it('names the grades, every point in one slice (they add to the 达标率 denominator), and groups the tasks', () => {
    expect(m.pointsByGrade).toEqual([
      { name: '优秀', value: 4 }, { name: '良好', value: 2 }, { name: '一般', value: 1 }, { name: '达成', value: 1 },
      { name: '未完成', value: 1 }, { name: '未达成', value: 0 }, { name: '无等级', value: 1 },
    ]);
    expect(m.pointsByGrade.reduce((n, g) => n + g.value, 0)).toBe(m.figures.find((f) => f.key === 'point')!.target);
    expect(m.tasksByState).toEqual([{ name: '已完成', value: 2 }, { name: '正常', value: 2 }, { name: '暂停', value: 1 }]);
    expect(m.warningsByState).toEqual([{ name: '已处理', value: 0 }, { name: '未处理', value: 3 }]);
  });
  it('turns the figures into a radar card of progress shares', () => {
    const f = platformFigures('monitoring-figures', m);
    expect(f.series[0]!.values).toEqual([30, 25, 40, 0, 80]);
    expect(f.max).toEqual([100, 100, 100, 100, 100]);
  });
});
