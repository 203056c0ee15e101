import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogRepository, type CatalogNode, type SubtreeUse } from '../application/ports/catalog-repository.port.js';
import type { TreeNode } from '../domain/indicator-tree.js';
import { QUALITY_POINT_OWNER } from '../domain/point-definition.js';
import { touchLibrary } from './library-touch.js';
import { query } from '../../../infrastructure/database/sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

/** The node and everything below it. $1 the node. */
const SUBTREE = `
  WITH RECURSIVE sub(id) AS (
    SELECT id FROM indicator WHERE id = $1
    UNION SELECT i.id FROM indicator i JOIN sub ON i.parent_id = sub.id
  )`;

@Injectable()
export class CatalogPgRepository extends CatalogRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  nodes(libraryId: string): Promise<CatalogNode[]> {
    return query<CatalogNode>(this.db,
      `SELECT i.id, i.parent_id AS "parentId", i.name, i.level, i.sort_order AS "sortOrder", i.origin_id AS "originId",
              (SELECT count(*) FROM quality_point p WHERE p.indicator_id = i.id)::int AS "pointCount"
       FROM indicator i WHERE i.library_id = $1 ORDER BY i.level, i.sort_order, i.name`,
      [libraryId],
    );
  }

  async find(id: string): Promise<(TreeNode & { libraryId: string }) | null> {
    const rows = await query<TreeNode & { libraryId: string }>(this.db,
      `SELECT id, library_id AS "libraryId", parent_id AS "parentId", name, level, sort_order AS "sortOrder" FROM indicator WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async add(libraryId: string, node: Omit<TreeNode, 'sortOrder'> & { sortOrder: number | null }): Promise<void> {
    await inTransaction(this.db, async (m) => {
      await m.query(
        `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
         VALUES ($1, $2::varchar, $3::varchar, $4, $5, coalesce($6::int, (SELECT coalesce(max(sort_order), 0) + 1 FROM indicator WHERE library_id = $2::varchar AND parent_id IS NOT DISTINCT FROM $3::varchar)))`,
        [node.id, libraryId, node.parentId, node.name, node.level, node.sortOrder],
      );
      await touchLibrary(m, libraryId);
    });
  }

  async update(libraryId: string, id: string, change: { name: string; parentId: string | null; level: number; sortOrder: number }): Promise<void> {
    await inTransaction(this.db, async (m) => {
      // Levels of the whole subtree move by the same amount as the node's (the check constraint keeps 1–10).
      await m.query(
        `${SUBTREE}
         UPDATE indicator i SET level = i.level + ($2::int - (SELECT level FROM indicator WHERE id = $1))
         WHERE i.id IN (SELECT id FROM sub) AND $2::int <> (SELECT level FROM indicator WHERE id = $1)`,
        [id, change.level],
      );
      await m.query(`UPDATE indicator SET name = $2, parent_id = $3, sort_order = $4 WHERE id = $1 AND library_id = $5`, [id, change.name, change.parentId, change.sortOrder, libraryId]);
      await touchLibrary(m, libraryId);
    });
  }

  async use(id: string): Promise<SubtreeUse> {
    const [row] = await query<SubtreeUse>(this.db,
      `${SUBTREE}, pts AS (SELECT p.id FROM quality_point p WHERE p.indicator_id IN (SELECT id FROM sub))
       SELECT (SELECT count(*) FROM indicator WHERE parent_id = $1)::int AS children,
              (SELECT count(*) FROM pts)::int AS points,
              (EXISTS (SELECT 1 FROM quality_result r WHERE r.point_id IN (SELECT id FROM pts))
                OR EXISTS (SELECT 1 FROM attachment a WHERE a.owner_type = $2 AND a.owner_id IN (SELECT id FROM pts))) AS used`,
      [id, QUALITY_POINT_OWNER],
    );
    return row!;
  }

  async remove(libraryId: string, id: string): Promise<void> {
    await inTransaction(this.db, async (m) => {
      // The subtree and its points (and their data sources) go by ON DELETE CASCADE.
      await m.query(`DELETE FROM indicator WHERE id = $1 AND library_id = $2`, [id, libraryId]);
      await touchLibrary(m, libraryId);
    });
  }
}
