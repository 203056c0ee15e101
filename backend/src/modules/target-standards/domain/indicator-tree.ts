import { INDICATOR_NAME_MAX, TREE_LEVEL_MAX, type IndicatorNode } from '@zhengai/contracts';
import { displayIndicatorName, levelTitle } from './indicator-names.js';

/** One indicator of a library's catalogue (一级指标 … 十级指标). */
export interface TreeNode {
  id: string;
  parentId: string | null;
  name: string;
  level: number;
  sortOrder: number;
}

export { INDICATOR_NAME_MAX };

/** Why a node cannot sit at this level of a library of treeLevel levels, or null. */
export function levelRefusal(level: number, treeLevel: number): string | null {
  if (level > TREE_LEVEL_MAX) return '指标最多十级';
  if (level > treeLevel) return `超过目标标准的指标层级（${treeLevel}级）`;
  return null;
}

export function checkIndicatorName(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim() === '') return '请输入指标名称';
  if ([...name.trim()].length > INDICATOR_NAME_MAX) return `指标名称最多${INDICATOR_NAME_MAX}个字符`;
  return null;
}

function childrenIndex<T extends TreeNode>(nodes: readonly T[]): Map<string | null, T[]> {
  const index = new Map<string | null, T[]>();
  for (const n of nodes) {
    const list = index.get(n.parentId);
    if (list) list.push(n);
    else index.set(n.parentId, [n]);
  }
  return index;
}

/** Every node below id (not id itself). Bounded by the node count, so a broken cycle in stored data cannot loop. */
export function descendantsOf(nodes: readonly TreeNode[], id: string): Set<string> {
  const index = childrenIndex(nodes);
  const found = new Set<string>();
  const stack = [id];
  for (let guard = 0; stack.length > 0 && guard <= nodes.length; guard++) {
    for (const child of index.get(stack.pop()!) ?? []) {
      if (found.has(child.id) || child.id === id) continue;
      found.add(child.id);
      stack.push(child.id);
    }
  }
  return found;
}

/** How many levels hang below id: 0 for a leaf. */
export function heightBelow(nodes: readonly TreeNode[], id: string): number {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const own = byId.get(id)?.level ?? 0;
  let deepest = own;
  for (const d of descendantsOf(nodes, id)) deepest = Math.max(deepest, byId.get(d)?.level ?? own);
  return deepest - own;
}

/** A sibling with the same name (ignoring surrounding spaces) already exists under parentId. */
export function siblingNameTaken(nodes: readonly TreeNode[], parentId: string | null, name: string, exceptId?: string): boolean {
  const wanted = name.trim();
  return nodes.some((n) => n.parentId === parentId && n.id !== exceptId && n.name.trim() === wanted);
}

/**
 * Whether node id may move under newParentId (null: to the first level) in a library of treeLevel levels: never
 * under itself or its own subtree, the parent must be of the same library, and the whole subtree must still fit.
 * Answers the refusal, or the node's new level.
 */
export function planMove(nodes: readonly TreeNode[], id: string, newParentId: string | null, treeLevel: number): { level: number } | { refusal: string } {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  if (!byId.has(id)) return { refusal: '指标不存在' };
  if (newParentId !== null) {
    if (newParentId === id) return { refusal: '不能把指标移到它自己下面' };
    if (!byId.has(newParentId)) return { refusal: '上级指标不存在或不属于该目标标准' };
    if (descendantsOf(nodes, id).has(newParentId)) return { refusal: '不能把指标移到它自己的下级指标下面' };
  }
  const level = newParentId === null ? 1 : byId.get(newParentId)!.level + 1;
  const refusal = levelRefusal(level + heightBelow(nodes, id), treeLevel);
  return refusal ? { refusal } : { level };
}

export interface NestedNode<T extends TreeNode> {
  node: T;
  children: Array<NestedNode<T>>;
}

const bySortThenName = (a: TreeNode, b: TreeNode) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'zh') || a.id.localeCompare(b.id);

/** The nodes as a forest, siblings by sort order; nodes whose parent is missing become roots rather than vanish. */
export function nest<T extends TreeNode>(nodes: readonly T[]): Array<NestedNode<T>> {
  const ids = new Set(nodes.map((n) => n.id));
  const index = childrenIndex(nodes.map((n) => (n.parentId !== null && !ids.has(n.parentId) ? { ...n, parentId: null } : n)));
  const seen = new Set<string>();
  const build = (parentId: string | null): Array<NestedNode<T>> =>
    [...(index.get(parentId) ?? [])].sort(bySortThenName).filter((n) => !seen.has(n.id) && seen.add(n.id)).map((n) => ({ node: n, children: build(n.id) }));
  return build(null);
}

/** Depth-first order (parent before children, siblings by sort order): the catalogue as people read it. */
export function depthFirst<T extends TreeNode>(nodes: readonly T[]): T[] {
  const out: T[] = [];
  const walk = (forest: Array<NestedNode<T>>) => {
    for (const f of forest) {
      out.push(f.node);
      walk(f.children);
    }
  };
  walk(nest(nodes));
  return out;
}

/** Each node's path of stored names from the first level down. */
export function storedPaths(nodes: readonly TreeNode[]): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  const walk = (forest: Array<NestedNode<TreeNode>>, above: string[]) => {
    for (const f of forest) {
      const path = [...above, f.node.name];
      paths.set(f.node.id, path);
      walk(f.children, path);
    }
  };
  walk(nest(nodes), []);
  return paths;
}

/** The catalogue on the wire (the contract's IndicatorNode): the display name (001 §9 renames), the stored name and the level title. */
export function catalogTree(nodes: ReadonlyArray<TreeNode & { originId: string | null; pointCount: number }>): IndicatorNode[] {
  const wire = (f: NestedNode<TreeNode & { originId: string | null; pointCount: number }>): IndicatorNode => ({
    id: f.node.id,
    parentId: f.node.parentId,
    name: displayIndicatorName(f.node.name),
    storedName: f.node.name,
    level: f.node.level,
    levelTitle: levelTitle(Math.min(Math.max(f.node.level, 1), TREE_LEVEL_MAX)),
    sortOrder: f.node.sortOrder,
    originId: f.node.originId,
    pointCount: f.node.pointCount,
    children: f.children.map(wire),
  });
  return nest(nodes).map(wire);
}
