import { Injectable } from '@nestjs/common';
import type { Page, TaskType, YearTarget } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { likeContains, query } from '../../../infrastructure/database/sql.js';
import { roleCodesOf } from '../../../infrastructure/database/role-codes.sql.js';
import { pageWindow } from '../../../shared/pagination.js';
import { YearTargetAccessReader, YearTargetRepository, type YearTargetFilter, type YearTargetWriteResult } from '../application/ports/year-target-repository.port.js';
import type { YearTargetValues } from '../domain/year-target-rules.js';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const SELECT = `
  SELECT y.id, y.name, y.cycle_year AS "cycleYear", y.dimension_id AS "dimensionId", d.dimension_name AS "dimensionName",
         y.description, y.creator_id AS creator, u.name AS cjrmc, y.publish_department_id AS "fbbmId", dep.name AS fbbm,
         (SELECT count(*)::int FROM target_task t WHERE t.year_target_id = y.id) AS "taskCount",
         to_char(y.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", to_char(y.updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
  FROM year_target y
  LEFT JOIN dimension d ON d.id = y.dimension_id
  LEFT JOIN app_user u ON u.id = y.creator_id
  LEFT JOIN department dep ON dep.id = y.publish_department_id`;

/** Escapes LIKE's wildcards, so a name search for 100% finds "100%". */

const codeOf = (error: unknown) => (error as { code?: string }).code;

@Injectable()
export class YearTargetPgRepository extends YearTargetRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async list(filter: YearTargetFilter): Promise<Page<YearTarget>> {
    const { skip, take, size } = pageWindow({ pageNum: filter.pageNum, pageSize: filter.pageSize });
    const where = `WHERE ($1::text IS NULL OR y.name ILIKE $1) AND ($2::text IS NULL OR y.cycle_year = $2)`;
    const params = [filter.name ? likeContains(filter.name) : null, filter.cycleYear || null];
    const [{ total }] = await query<{ total: number }>(this.db, `SELECT count(*)::int AS total FROM year_target y ${where}`, params);
    const records = await query<YearTarget>(this.db, `${SELECT} ${where} ORDER BY y.cycle_year DESC, y.created_at DESC, y.id LIMIT $3 OFFSET $4`, [...params, take, skip]);
    return { records, total, current: filter.pageNum, pages: Math.ceil(total / size) };
  }

  async find(id: string): Promise<YearTarget | null> {
    const rows = await query<YearTarget>(this.db, `${SELECT} WHERE y.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async add(values: YearTargetValues, creatorId: string): Promise<YearTargetWriteResult> {
    try {
      // The publishing department is the creator's own department.
      const rows = await query<{ id: string }>(this.db,
        `INSERT INTO year_target (name, cycle_year, dimension_id, description, creator_id, publish_department_id)
         SELECT $1, $2, $3, $4, u.id, u.org_id FROM app_user u WHERE u.id = $5
         RETURNING id`,
        [values.name, values.cycleYear, values.dimensionId, values.description, creatorId],
      );
      return rows[0] ? { ok: true, id: rows[0].id } : { ok: false, reason: 'notFound' };
    } catch (error) {
      if (codeOf(error) === UNIQUE_VIOLATION) return { ok: false, reason: 'nameTaken' };
      throw error;
    }
  }

  async update(id: string, values: YearTargetValues): Promise<YearTargetWriteResult> {
    try {
      const rows = await query<{ id: string }>(this.db,
        `UPDATE year_target SET name = $2, cycle_year = $3, dimension_id = $4, description = $5, updated_at = now() WHERE id = $1 RETURNING id`,
        [id, values.name, values.cycleYear, values.dimensionId, values.description],
      );
      return rows[0] ? { ok: true, id } : { ok: false, reason: 'notFound' };
    } catch (error) {
      if (codeOf(error) === UNIQUE_VIOLATION) return { ok: false, reason: 'nameTaken' };
      throw error;
    }
  }

  async remove(id: string): Promise<YearTargetWriteResult> {
    try {
      // The outer SELECT sees the table as it was before the statement: found says the target existed.
      const [row] = await query<{ deleted: boolean; found: boolean }>(this.db,
        `WITH gone AS (
           DELETE FROM year_target y WHERE y.id = $1 AND NOT EXISTS (SELECT 1 FROM target_task t WHERE t.year_target_id = y.id) RETURNING y.id
         )
         SELECT EXISTS (SELECT 1 FROM gone) AS deleted, EXISTS (SELECT 1 FROM year_target WHERE id = $1) AS found`,
        [id],
      );
      if (row.deleted) return { ok: true, id };
      return row.found ? { ok: false, reason: 'hasTasks' } : { ok: false, reason: 'notFound' };
    } catch (error) {
      // A task inserted between the check and the delete: the foreign key (RESTRICT) refuses.
      if (codeOf(error) === FOREIGN_KEY_VIOLATION) return { ok: false, reason: 'hasTasks' };
      throw error;
    }
  }

  async dimensionExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM dimension WHERE id = $1`, [id])).length > 0;
  }

  taskTypes(): Promise<TaskType[]> {
    return query<TaskType>(this.db, `SELECT id, rwlxmc FROM task_type ORDER BY sort_order, id`);
  }
}

@Injectable()
export class YearTargetAccessPgReader extends YearTargetAccessReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  codes(userId: string): Promise<string[]> {
    return roleCodesOf(this.db, userId);
  }
}
