// The portrait menus as a tree (menus only; their cards show on the right).
import type { Portrayal } from '@zhengai/contracts';

export interface MenuNode {
  key: string;
  title: string;
  children: MenuNode[];
}

/** Menus nested as they come, cards left out; a child menu shows its nametwo when it has one. */
export function menuTree(items: Portrayal[], nested = false): MenuNode[] {
  return items
    .filter((p) => p.kind === 'menu')
    .map((p) => ({ key: p.id, title: (nested && p.nametwo) || p.name, children: menuTree(p.children, true) }));
}

/** The menu with this id anywhere in the tree. */
export function findMenu(items: Portrayal[], id: string | null): Portrayal | null {
  if (!id) return null;
  for (const p of items) {
    if (p.kind !== 'menu') continue;
    if (p.id === id) return p;
    const inner = findMenu(p.children, id);
    if (inner) return inner;
  }
  return null;
}
