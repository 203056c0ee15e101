import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LibraryRepository, type LibraryFields, type LibraryListFilter, type LibraryRecord } from '../application/ports/library-repository.port.js';
import { QUALITY_POINT_OWNER } from '../domain/point-definition.js';
import { affected, likeContains, query } from '../../../infrastructure/database/sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

const RECORD = `
  l.id, l.name, l.cycle_type_id AS "cycleTypeId", l.cycle_value AS "cycleValue", l.target_level_id AS "targetLevelId",
  l.dimension_id AS "dimensionId", d.display_name AS "dimensionName", l.tree_level AS "treeLevel", l.target_type AS "targetType",
  l.parent_id AS "parentId", pl.name AS "parentName", l.creator_id AS "creatorId", u.name AS "creatorName",
  l.created_at AS "createdAt", l.deleted_at AS "deletedAt",
  (SELECT count(*) FROM target_library c WHERE c.parent_id = l.id AND c.deleted_at IS NULL)::int AS "childCount",
  (SELECT count(*) FROM quality_point p WHERE p.library_id = l.id)::int AS "pointCount"`;
const JOINS = `
  LEFT JOIN dimension d ON d.id = l.dimension_id
  LEFT JOIN target_library pl ON pl.id = l.parent_id
  LEFT JOIN app_user u ON u.id = l.creator_id`;

/**
 * What a person reaches, per library: write for administrators and the creator, else the strongest grant to the
 * person or one of their role groups ('write' > 'read' as text). $1 the person, $2 administrator or not.
 */
const ACCESS = `
  CASE WHEN $2::boolean OR l.creator_id = $1 THEN 'write' ELSE (
    SELECT max(a.authority_type) FROM authority a
    WHERE a.resource_type = 'target-library' AND a.resource_id = l.id
      AND ((a.subject_type = 'user' AND a.subject_id = $1) OR (a.subject_type = 'role' AND a.subject_id IN (SELECT role_id FROM user_role WHERE user_id = $1)))
  ) END`;

const MODE: Record<LibraryListFilter['mode'], string> = {
  normal: 'l.deleted_at IS NULL',
  parent: 'l.deleted_at IS NULL AND EXISTS (SELECT 1 FROM target_library c WHERE c.parent_id = l.id AND c.deleted_at IS NULL)',
  child: 'l.deleted_at IS NULL AND l.parent_id IS NOT NULL',
  // The recycle bin shows a person's own deleted libraries; administrators see every one.
  recycle: 'l.deleted_at IS NOT NULL AND ($2::boolean OR l.creator_id = $1)',
};

@Injectable()
export class LibraryPgRepository extends LibraryRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async list(filter: LibraryListFilter, window: { skip: number; take: number }) {
    const from = `FROM (SELECT l.*, ${ACCESS} AS access FROM target_library l) l`;
    const where = `
      WHERE l.access IS NOT NULL AND ${MODE[filter.mode]}
        AND ($3::text IS NULL OR l.parent_id = $3) AND ($4::text IS NULL OR l.target_level_id = $4) AND ($5::text IS NULL OR l.cycle_value = $5)
        AND ($6::text IS NULL OR l.name ILIKE $6)`;
    const params = [filter.viewer.userId, filter.viewer.isAdmin, filter.parentId ?? null, filter.targetLevelId ?? null, filter.cycleValue ?? null, filter.name ? likeContains(filter.name) : null];
    const order = filter.mode === 'recycle' ? 'l.deleted_at DESC' : 'l.created_at DESC';
    const [rows, counted] = await Promise.all([
      query<LibraryRecord & { access: 'write' | 'read' }>(this.db, `SELECT ${RECORD}, l.access ${from} ${JOINS} ${where} ORDER BY ${order}, l.id LIMIT $7 OFFSET $8`, [...params, window.take, window.skip]),
      query<{ total: number }>(this.db, `SELECT count(*)::int AS total ${from} ${where}`, params),
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  async find(id: string): Promise<LibraryRecord | null> {
    const rows = await query<LibraryRecord>(this.db, `SELECT ${RECORD} FROM target_library l ${JOINS} WHERE l.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async create(id: string, f: LibraryFields, creatorId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, parent_id, creator_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, f.name, f.cycleTypeId, f.cycleValue, f.targetLevelId, f.dimensionId, f.treeLevel, f.parentId, creatorId],
    );
  }

  async update(id: string, f: LibraryFields): Promise<void> {
    await this.db.query(
      `UPDATE target_library SET name = $2, cycle_type_id = $3, cycle_value = $4, target_level_id = $5, dimension_id = $6, tree_level = $7,
         parent_id = $8, updated_at = clock_timestamp() WHERE id = $1`,
      [id, f.name, f.cycleTypeId, f.cycleValue, f.targetLevelId, f.dimensionId, f.treeLevel, f.parentId],
    );
  }

  async setDeleted(id: string, deleted: boolean): Promise<boolean> {
    const count = await affected(this.db,
      deleted
        ? `UPDATE target_library SET deleted_at = now(), updated_at = clock_timestamp() WHERE id = $1 AND deleted_at IS NULL`
        : `UPDATE target_library SET deleted_at = NULL, updated_at = clock_timestamp() WHERE id = $1 AND deleted_at IS NOT NULL`,
      [id],
    );
    return count === 1;
  }

  purge(id: string): Promise<{ purged: true } | { purged: false; tasks: number }> {
    return inTransaction(this.db, async (m) => {
      // The row lock waits for (and then blocks) a task being created on the library: its foreign key check locks the row too.
      await m.query(`SELECT id FROM target_library WHERE id = $1 FOR UPDATE`, [id]);
      const [{ tasks }] = await query<{ tasks: number }>(m, `SELECT count(*)::int AS tasks FROM obj_task WHERE library_id = $1`, [id]);
      if (tasks > 0) return { purged: false, tasks };
      await m.query(`DELETE FROM attachment WHERE owner_type = $2 AND owner_id IN (SELECT id FROM quality_point WHERE library_id = $1)`, [id, QUALITY_POINT_OWNER]);
      await m.query(`DELETE FROM authority WHERE resource_type = 'target-library' AND resource_id = $1`, [id]);
      // Indicators, points and data sources go with the library (ON DELETE CASCADE); children lose their parent.
      await m.query(`DELETE FROM target_library WHERE id = $1`, [id]);
      return { purged: true } as const;
    });
  }

  async deepestIndicatorLevel(id: string): Promise<number> {
    const [row] = await query<{ level: number }>(this.db, `SELECT coalesce(max(level), 0)::int AS level FROM indicator WHERE library_id = $1`, [id]);
    return row?.level ?? 0;
  }

  async dimensionExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM dimension WHERE id = $1`, [id])).length > 0;
  }

  async cycleTypeExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM cycle_type WHERE id = $1`, [id])).length > 0;
  }

  async children(parentId: string, options: { live: boolean }): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db,
      `SELECT id FROM target_library WHERE parent_id = $1 AND ($2::boolean IS FALSE OR deleted_at IS NULL) ORDER BY created_at, id`,
      [parentId, options.live],
    );
    return rows.map((r) => r.id);
  }

  async syncVersion(parentId: string): Promise<string> {
    const [row] = await query<{ v: string }>(this.db,
      `SELECT left(md5(
         coalesce((SELECT updated_at::text FROM target_library WHERE id = $1), '') || '|' ||
         coalesce((SELECT string_agg(id || '@' || updated_at::text, ',' ORDER BY id) FROM target_library WHERE parent_id = $1 AND deleted_at IS NULL), '')
       ), 16) AS v`,
      [parentId],
    );
    return row!.v;
  }
}
