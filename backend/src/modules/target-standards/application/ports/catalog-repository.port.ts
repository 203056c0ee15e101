import type { TreeNode } from '../../domain/indicator-tree.js';

export interface CatalogNode extends TreeNode {
  originId: string | null;
  pointCount: number;
}

/** What a subtree holds: below-nodes, points and whether any point has results or attachments. */
export interface SubtreeUse {
  children: number;
  points: number;
  used: boolean;
}

/** A library's indicator tree. Every write also marks the library changed (sync versions). */
export abstract class CatalogRepository {
  abstract nodes(libraryId: string): Promise<CatalogNode[]>;
  abstract find(id: string): Promise<(TreeNode & { libraryId: string }) | null>;
  abstract add(libraryId: string, node: Omit<TreeNode, 'sortOrder'> & { sortOrder: number | null }): Promise<void>;
  /** Renames, reorders and moves; a move shifts the levels of the whole subtree by the same amount. */
  abstract update(libraryId: string, id: string, change: { name: string; parentId: string | null; level: number; sortOrder: number }): Promise<void>;
  abstract use(id: string): Promise<SubtreeUse>;
  /** Removes the node with its subtree and their points. */
  abstract remove(libraryId: string, id: string): Promise<void>;
}
