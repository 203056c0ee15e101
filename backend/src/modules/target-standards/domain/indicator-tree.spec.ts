import { catalogTree, checkIndicatorName, depthFirst, descendantsOf, heightBelow, levelRefusal, nest, planMove, siblingNameTaken, storedPaths, type TreeNode } from './indicator-tree.js';

// a (1) ─ b (2) ─ c (3)
//       └ d (2)
// e (1)
const node = (id: string, parentId: string | null, level: number, sortOrder = 0, name = id): TreeNode => ({ id, parentId, name, level, sortOrder });
const tree: TreeNode[] = [node('c', 'b', 3), node('a', null, 1, 1), node('b', 'a', 2, 2), node('d', 'a', 2, 1), node('e', null, 1, 2)];

describe('indicator levels', () => {
  it('refuses a level deeper than the library or than ten', () => {
    expect(levelRefusal(3, 3)).toBeNull();
    expect(levelRefusal(4, 3)).toBe('超过目标标准的指标层级（3级）');
    expect(levelRefusal(11, 10)).toBe('指标最多十级');
  });

  it('checks names', () => {
    expect(checkIndicatorName('  ')).toBe('请输入指标名称');
    expect(checkIndicatorName(undefined)).toBe('请输入指标名称');
    expect(checkIndicatorName('名'.repeat(200))).toBeNull();
    expect(checkIndicatorName('名'.repeat(201))).toBe('指标名称最多200个字符');
  });
});

describe('subtrees', () => {
  it('finds descendants and the height below a node', () => {
    expect([...descendantsOf(tree, 'a')].sort()).toEqual(['b', 'c', 'd']);
    expect(descendantsOf(tree, 'c').size).toBe(0);
    expect(heightBelow(tree, 'a')).toBe(2);
    expect(heightBelow(tree, 'b')).toBe(1);
    expect(heightBelow(tree, 'e')).toBe(0);
  });

  it('survives a cycle in stored data', () => {
    const broken = [node('x', 'y', 1), node('y', 'x', 2)];
    expect([...descendantsOf(broken, 'x')]).toEqual(['y']);
  });

  it('tells a sibling of the same name', () => {
    expect(siblingNameTaken(tree, 'a', ' b ')).toBe(true);
    expect(siblingNameTaken(tree, 'a', 'b', 'b')).toBe(false);
    expect(siblingNameTaken(tree, null, 'b')).toBe(false);
  });
});

describe('moves', () => {
  it.each([
    ['c', null, 3, { level: 1 }],
    ['d', 'e', 3, { level: 2 }],
    ['b', 'e', 3, { level: 2 }],
    ['b', 'd', 3, { refusal: '超过目标标准的指标层级（3级）' }],
    ['b', 'd', 4, { level: 3 }],
    ['a', 'c', 10, { refusal: '不能把指标移到它自己的下级指标下面' }],
    ['a', 'a', 10, { refusal: '不能把指标移到它自己下面' }],
    ['a', 'zz', 10, { refusal: '上级指标不存在或不属于该目标标准' }],
    ['zz', null, 10, { refusal: '指标不存在' }],
    ['a', null, 3, { level: 1 }],
  ] as const)('%s under %s (tree level %d) → %p', (id, parent, treeLevel, outcome) => {
    expect(planMove(tree, id, parent, treeLevel)).toEqual(outcome);
  });
});

describe('nesting and paths', () => {
  it('nests by sort order and lists depth-first', () => {
    expect(nest(tree).map((n) => [n.node.id, n.children.map((c) => c.node.id)])).toEqual([['a', ['d', 'b']], ['e', []]]);
    expect(depthFirst(tree).map((n) => n.id)).toEqual(['a', 'd', 'b', 'c', 'e']);
  });

  it('keeps an orphan as a root rather than losing it', () => {
    expect(depthFirst([node('x', 'gone', 2)]).map((n) => n.id)).toEqual(['x']);
  });

  it('gives stored paths', () => {
    expect(storedPaths(tree).get('c')).toEqual(['a', 'b', 'c']);
  });

  it('shows renamed categories with their stored names and level titles', () => {
    const wire = catalogTree([
      { ...node('r', null, 1, 1, '人才培养'), originId: null, pointCount: 0 },
      { ...node('s', 'r', 2, 1, '培养质量'), originId: 'o', pointCount: 3 },
    ]);
    expect(wire).toEqual([{
      id: 'r', parentId: null, name: '计分卡', storedName: '人才培养', level: 1, levelTitle: '一级指标', sortOrder: 1, originId: null, pointCount: 0,
      children: [{ id: 's', parentId: 'r', name: '培养质量', storedName: '培养质量', level: 2, levelTitle: '二级指标', sortOrder: 1, originId: 'o', pointCount: 3, children: [] }],
    }]);
  });
});
