import type { Department as DepartmentView, DepartmentNode } from '@zhengai/contracts';

// A department row and a tree node are the wire's shapes (spec 000 §3), so the contract's types serve here.
export type { DepartmentNode, DepartmentView };

/** The department tree (spec 000 §3: children under `childrens`); rows in display order, orphans become roots. */
export function buildDepartmentTree(rows: DepartmentView[]): DepartmentNode[] {
  const nodes = new Map(rows.map((r) => [r.departmentId, { ...r, childrens: [] as DepartmentNode[] }]));
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.childrens.push(node);
    else roots.push(node);
  }
  return roots;
}

/** True when moving `id` under `newParentId` would put it inside its own subtree. */
export function wouldCycle(rows: Array<{ departmentId: string; parentId: string | null }>, id: string, newParentId: string | null): boolean {
  const parentOf = new Map(rows.map((r) => [r.departmentId, r.parentId]));
  for (let at = newParentId; at; at = parentOf.get(at) ?? null) if (at === id) return true;
  return false;
}

/** System names may carry markup (spec 000 §1); it is stripped for display. */
export function stripMarkup(source: string): string {
  return source.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
}
