import { buildMenuTree, menuKeys, type MenuRow } from './menu-tree.js';

const ROWS: MenuRow[] = [
  { key: 'ly_herm_qualityManagement', name: '内部质量管理', path: '/qualityManagement', component: null, parentKey: null },
  { key: 'ly_herm_standard', name: '目标标准', path: '/qualityManagement/standard', component: 'Standard', parentKey: 'ly_herm_qualityManagement' },
  { key: 'ly_herm_improvement', name: '诊断改进', path: '/qualityManagement/improvement', component: 'Improvement', parentKey: 'ly_herm_qualityManagement' },
  { key: 'ly_herm_dataManagement', name: '数据管理', path: '/dataManage', component: null, parentKey: null },
];

describe('buildMenuTree', () => {
  it('brings the ancestors of a granted menu and leaves the rest out', () => {
    const tree = buildMenuTree(ROWS, [{ key: 'ly_herm_improvement', canWrite: true }]);
    expect(Object.keys(tree)).toEqual(['ly_herm_qualityManagement']);
    expect(menuKeys(tree)).toEqual(['ly_herm_qualityManagement', 'ly_herm_improvement']);
  });

  it('marks a menu granted to read only, and neither its ancestor nor a menu granted with write', () => {
    const tree = buildMenuTree(ROWS, [
      { key: 'ly_herm_standard', canWrite: false },
      { key: 'ly_herm_improvement', canWrite: true },
    ]);
    const group = tree.ly_herm_qualityManagement;
    expect(group.readOnly).toBe(false);
    expect(group.children.map((c) => [c.key, c.readOnly])).toEqual([
      ['ly_herm_standard', true],
      ['ly_herm_improvement', false],
    ]);
  });
});
