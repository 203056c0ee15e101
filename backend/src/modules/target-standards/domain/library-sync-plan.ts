import { levelRefusal, type TreeNode } from './indicator-tree.js';

/**
 * Sync from a parent library to one child (001 §2 "parent cards can sync children"). What came from the parent is
 * marked by origin_id (the parent's row id). The rules:
 * - an indicator of the parent maps to the child's indicator whose origin is it; failing that, to a child indicator
 *   of the same name under the mapped parent (the child made it itself: it is used, never changed); failing that,
 *   a new indicator is added (origin = the parent's), unless it would go deeper than the child's tree level;
 * - a point of the parent maps to the child's point whose origin is it (inherited: brought up to date when it
 *   differs); a child point with the same code but another origin is the child's own (left alone, nothing added);
 *   otherwise the point is added under the mapped indicator;
 * - inherited indicators follow the parent's name and order; nothing of the child's own is changed or removed,
 *   and inherited rows whose origin the parent no longer has stay (they may carry results).
 */
export interface SyncIndicator extends TreeNode {
  originId: string | null;
}

/** The parts of a point the sync compares and copies; values as stored. */
export interface SyncPoint {
  id: string;
  indicatorId: string | null;
  code: string;
  originId: string | null;
  /** Every definition column and the data sources, serialised in a fixed order (see the repository). */
  signature: string;
}

export interface SyncSide {
  indicators: SyncIndicator[];
  points: SyncPoint[];
}

export interface SyncPlan {
  /** Parent rows before children, so each parentId is known when inserted. */
  addIndicators: Array<{ id: string; parentId: string | null; name: string; level: number; sortOrder: number; originId: string }>;
  renameIndicators: Array<{ id: string; name: string; sortOrder: number }>;
  /** New child points copied from their origin, under indicatorId. */
  addPoints: Array<{ id: string; originId: string; indicatorId: string | null; code: string }>;
  /** Inherited points set to their origin's values; code only when it stays unique in the child. */
  updatePoints: Array<{ id: string; originId: string; indicatorId: string | null; code: string }>;
  skipped: Array<{ originId: string; reason: string }>;
}

export const isEmptyPlan = (p: SyncPlan) => p.addIndicators.length + p.renameIndicators.length + p.addPoints.length + p.updatePoints.length === 0;

export function planSync(parent: SyncSide, child: SyncSide & { treeLevel: number }, newId: () => string): SyncPlan {
  const plan: SyncPlan = { addIndicators: [], renameIndicators: [], addPoints: [], updatePoints: [], skipped: [] };

  // Indicators, parents first: parent indicator id → child indicator id (absent when skipped).
  const mapped = new Map<string, { id: string; level: number }>();
  const childByOrigin = firstBy(child.indicators.filter((i) => i.originId !== null), (i) => i.originId!);
  const childByPlace = firstBy(child.indicators, (i) => placeKey(i.parentId, i.name));
  const parentIds = new Set(parent.indicators.map((i) => i.id));
  const ordered = [...parent.indicators].sort((a, b) => a.level - b.level || a.sortOrder - b.sortOrder || a.id.localeCompare(b.id));
  for (const p of ordered) {
    const above = p.parentId === null || !parentIds.has(p.parentId) ? null : mapped.get(p.parentId);
    if (above === undefined) {
      plan.skipped.push({ originId: p.id, reason: '上级指标未同步' });
      continue;
    }
    const childParentId = above?.id ?? null;
    const inherited = childByOrigin.get(p.id);
    if (inherited) {
      mapped.set(p.id, { id: inherited.id, level: inherited.level });
      if (inherited.name !== p.name || inherited.sortOrder !== p.sortOrder) plan.renameIndicators.push({ id: inherited.id, name: p.name, sortOrder: p.sortOrder });
      continue;
    }
    const own = childByPlace.get(placeKey(childParentId, p.name));
    if (own) {
      mapped.set(p.id, { id: own.id, level: own.level });
      continue;
    }
    const level = (above?.level ?? 0) + 1;
    const refusal = levelRefusal(level, child.treeLevel);
    if (refusal) {
      plan.skipped.push({ originId: p.id, reason: refusal });
      continue;
    }
    const id = newId();
    plan.addIndicators.push({ id, parentId: childParentId, name: p.name, level, sortOrder: p.sortOrder, originId: p.id });
    mapped.set(p.id, { id, level });
  }

  // Points.
  const childPointsByOrigin = firstBy(child.points.filter((c) => c.originId !== null), (c) => c.originId!);
  const codesInChild = new Map(child.points.map((c) => [c.code, c.id]));
  for (const p of parent.points) {
    const indicatorId = p.indicatorId === null ? null : (mapped.get(p.indicatorId)?.id ?? undefined);
    if (indicatorId === undefined) {
      plan.skipped.push({ originId: p.id, reason: '所属指标未同步' });
      continue;
    }
    const inherited = childPointsByOrigin.get(p.id);
    if (inherited) {
      const holder = codesInChild.get(p.code);
      const code = holder === undefined || holder === inherited.id ? p.code : inherited.code;
      if (inherited.signature !== p.signature || inherited.indicatorId !== indicatorId || inherited.code !== code) {
        plan.updatePoints.push({ id: inherited.id, originId: p.id, indicatorId, code });
        // The old code stays reserved: freed within one statement it could clash with a row updated before it.
        if (code !== inherited.code) codesInChild.set(code, inherited.id);
      }
      continue;
    }
    if (codesInChild.has(p.code)) {
      plan.skipped.push({ originId: p.id, reason: '子库已有相同编号的质控点' });
      continue;
    }
    const id = newId();
    plan.addPoints.push({ id, originId: p.id, indicatorId, code: p.code });
    codesInChild.set(p.code, id);
  }
  return plan;
}

const placeKey = (parentId: string | null, name: string) => `${parentId ?? ''}\u0000${name.trim()}`;

function firstBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}
