import type { MenuNode } from '@zhengai/contracts';

export interface MenuRow {
  key: string;
  name: string;
  path: string;
  component: string | null;
  parentKey: string | null;
  /** an outside http(s) address the entry opens in an iframe (set by an administrator), or null */
  externalUrl?: string | null;
}

/** A menu the person's roles grant; canWrite when one of those roles grants it with write (role_menu.can_write). */
export interface MenuGrant {
  key: string;
  canWrite: boolean;
}

/** A node of the login user's menu tree: the contract's wire shape. */
export type { MenuNode };

/**
 * The menus map of the login user (spec 000 §3): top-level groups keyed by their ly_herm_* key,
 * each with the granted children. A granted menu brings its ancestors, so a child grant shows its group.
 * Rows come in display order. A menu granted to read only is marked readOnly (an ancestor it brings is not).
 */
export function buildMenuTree(rows: MenuRow[], granted: Iterable<MenuGrant>): Record<string, MenuNode> {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const visible = new Set<string>();
  const readOnly = new Set<string>();
  for (const { key, canWrite } of granted) {
    if (!canWrite) readOnly.add(key);
    for (let row = byKey.get(key); row && !visible.has(row.key); row = row.parentKey ? byKey.get(row.parentKey) : undefined) {
      visible.add(row.key);
    }
  }
  const nodes = new Map<string, MenuNode>();
  for (const row of rows) {
    if (visible.has(row.key)) {
      nodes.set(row.key, { key: row.key, name: row.name, path: row.path, component: row.component, externalUrl: row.externalUrl ?? null, readOnly: readOnly.has(row.key), children: [] });
    }
  }
  const groups: Record<string, MenuNode> = {};
  for (const row of rows) {
    const node = nodes.get(row.key);
    if (!node) continue;
    const parent = row.parentKey ? nodes.get(row.parentKey) : undefined;
    if (parent) parent.children.push(node);
    else if (!row.parentKey) groups[row.key] = node;
  }
  return groups;
}

/** Every key of a menus map, groups and descendants. */
export function menuKeys(menus: Record<string, MenuNode>): string[] {
  const keys: string[] = [];
  const walk = (n: MenuNode) => {
    keys.push(n.key);
    n.children.forEach(walk);
  };
  Object.values(menus).forEach(walk);
  return keys;
}
