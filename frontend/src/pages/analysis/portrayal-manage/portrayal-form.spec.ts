import { describe, expect, it } from '@jest/globals';
import type { Portrayal } from '@zhengai/contracts';
import { formValues, menuOptions, needsIndicator, toInput } from './portrayal-form';

const record = (over: Partial<Portrayal> = {}): Portrayal => ({
  id: 'p1',
  kind: 'card',
  name: '名称',
  nametwo: '',
  cm: 'card_a',
  level: 'school',
  parentId: null,
  sort: 2,
  description: null,
  content: { chart: 'line', source: 'indicator-trend', indicator: 'ind_1' },
  roleIds: ['r1'],
  children: [],
  ...over,
});

describe('portrayal form', () => {
  it('asks for an indicator only for indicator sources', () => {
    expect(needsIndicator('indicator-trend')).toBe(true);
    expect(needsIndicator('indicator-rank')).toBe(true);
    expect(needsIndicator('points-by-grade')).toBe(false);
    expect(needsIndicator(undefined)).toBe(false);
  });

  it('round-trips a card with its content', () => {
    const values = formValues('card', record());
    const input = toInput('card', { ...values, name: ' 新名称 ', nametwo: ' ' }, 'p1');
    expect(input).toEqual({
      id: 'p1',
      kind: 'card',
      name: '新名称',
      nametwo: undefined,
      cm: 'card_a',
      level: 'school',
      sort: 2,
      description: null,
      roleIds: ['r1'],
      content: { chart: 'line', source: 'indicator-trend', indicator: 'ind_1' },
    });
  });

  it('drops the indicator of a source that takes none', () => {
    const input = toInput('card', { ...formValues('card', null), name: 'x', cm: 'x', indicator: 'ind_1', source: 'tasks-by-state' });
    expect(input.content).toEqual({ chart: 'bar', source: 'tasks-by-state' });
    expect(input.id).toBeUndefined();
  });

  it('gives a menu its parent and cards, a screen its cards, and no content', () => {
    const menu = record({ kind: 'menu', content: null, parentId: 'm0', children: [record({ id: 'c1' }), record({ id: 'm9', kind: 'menu' })] });
    const values = formValues('menu', menu);
    expect(values.cardIds).toEqual(['c1']);
    const input = toInput('menu', values, menu.id);
    expect(input.parentId).toBe('m0');
    expect(input.cardIds).toEqual(['c1']);
    expect(input.content).toBeUndefined();
    const screen = toInput('screen', { ...values, cardIds: ['c2'] });
    expect(screen.cardIds).toEqual(['c2']);
    expect('parentId' in screen).toBe(false);
  });

  it('offers menus as parents, never the edited one or its children', () => {
    const tree = [record({ id: 'a', kind: 'menu', children: [record({ id: 'b', kind: 'menu' }), record({ id: 'c' })] }), record({ id: 'd', kind: 'menu' })];
    expect(menuOptions(tree)).toEqual([
      { value: 'a', title: '名称', children: [{ value: 'b', title: '名称', children: [] }] },
      { value: 'd', title: '名称', children: [] },
    ]);
    expect(menuOptions(tree, 'a').map((o) => o.value)).toEqual(['d']);
  });
});
