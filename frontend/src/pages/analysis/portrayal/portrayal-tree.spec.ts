import { describe, expect, it } from '@jest/globals';
import type { Portrayal } from '@zhengai/contracts';
import { findMenu, menuTree } from './portrayal-tree';

const p = (id: string, kind: Portrayal['kind'], children: Portrayal[] = [], nametwo = ''): Portrayal => ({
  id,
  kind,
  name: `n-${id}`,
  nametwo,
  cm: id,
  level: 'school',
  parentId: null,
  sort: 0,
  description: null,
  content: null,
  roleIds: [],
  children,
});

const items = [p('m1', 'menu', [p('c1', 'card'), p('m2', 'menu', [p('c2', 'card')], '子菜单')]), p('c3', 'card')];

describe('portrait menu tree', () => {
  it('keeps menus only, nested, child menus by nametwo', () => {
    expect(menuTree(items)).toEqual([{ key: 'm1', title: 'n-m1', children: [{ key: 'm2', title: '子菜单', children: [] }] }]);
  });
  it('finds a nested menu and never a card', () => {
    expect(findMenu(items, 'm2')?.children.map((c) => c.id)).toEqual(['c2']);
    expect(findMenu(items, 'c1')).toBeNull();
    expect(findMenu(items, null)).toBeNull();
  });
});
