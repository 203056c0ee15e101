import type { Portrayal } from '@zhengai/contracts';

const bySort = (a: Portrayal, b: Portrayal) => a.sort - b.sort || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1);

/**
 * Menus as a tree: each menu's children are its sub-menus (by sort, then name) and then its cards in the holder's
 * order. A menu whose parent is not among `menus` (not granted, say) stands at the root.
 */
export function portrayalTree(menus: readonly Portrayal[], cardsOf: ReadonlyMap<string, readonly Portrayal[]>): Portrayal[] {
  const ids = new Set(menus.map((m) => m.id));
  const subMenus = new Map<string, Portrayal[]>();
  for (const m of menus) {
    if (m.parentId !== null && ids.has(m.parentId) && m.parentId !== m.id) subMenus.set(m.parentId, [...(subMenus.get(m.parentId) ?? []), m]);
  }
  const build = (m: Portrayal, seen: Set<string>): Portrayal => {
    const next = new Set(seen).add(m.id);
    const menusUnder = (subMenus.get(m.id) ?? []).filter((c) => !next.has(c.id)).sort(bySort);
    return { ...m, children: [...menusUnder.map((c) => build(c, next)), ...(cardsOf.get(m.id) ?? []).map((c) => ({ ...c, children: [] }))] };
  };
  return menus.filter((m) => m.parentId === null || !ids.has(m.parentId) || m.parentId === m.id).sort(bySort).map((m) => build(m, new Set()));
}

/** Screens (or any holders) with their cards as children, in the order given. */
export function withCards(holders: readonly Portrayal[], cardsOf: ReadonlyMap<string, readonly Portrayal[]>): Portrayal[] {
  return [...holders].sort(bySort).map((h) => ({ ...h, children: (cardsOf.get(h.id) ?? []).map((c) => ({ ...c, children: [] })) }));
}

/** True when making `parentId` the parent of `id` would close a loop (the parent is the record or below it). */
export function wouldCycle(id: string, parentId: string, parentOf: ReadonlyMap<string, string | null>): boolean {
  let at: string | null | undefined = parentId;
  for (let steps = 0; at && steps <= parentOf.size + 1; steps += 1) {
    if (at === id) return true;
    at = parentOf.get(at);
  }
  return false;
}
