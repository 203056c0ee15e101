import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PointDefinitionRepository, type PointDefinition } from '../application/ports/point-definition-repository.port.js';
import type { ImportPlan } from '../domain/excel-sheet.js';
import { QUALITY_POINT_OWNER, type DatasourceDef } from '../domain/point-definition.js';
import { countOf, touchLibrary } from './library-touch.js';
import { query } from '../../../infrastructure/database/sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

const SELECT = `
  SELECT p.id, p.library_id AS "libraryId", p.indicator_id AS "indicatorId", p.code, p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx,
         p.fsdl, p.fsjzxz, p.ration, p.cal_rule AS "calRule", p.sampling_period AS "samplingPeriod", p.warning_rule AS "warningRule", p.sort_order AS "sortOrder",
         p.origin_id AS "originId",
         coalesce((SELECT json_agg(json_build_object('id', d.id, 'sjlx', d.sjlx, 'jsgz', d.jsgz, 'cjfs', d.cjfs, 'xsfs', d.xsfs, 'config', d.config) ORDER BY d.sort_order, d.id)
                   FROM point_datasource d WHERE d.point_id = p.id), '[]'::json) AS datasources
  FROM quality_point p`;

/** Postgres' unique_violation. */
const UNIQUE_VIOLATION = '23505';
class CodeTaken extends Error {}

@Injectable()
export class PointDefinitionPgRepository extends PointDefinitionRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  list(libraryId: string, indicatorIds: string[] | null): Promise<PointDefinition[]> {
    return query<PointDefinition>(this.db, `${SELECT} WHERE p.library_id = $1 AND ($2::varchar[] IS NULL OR p.indicator_id = ANY($2)) ORDER BY p.sort_order, p.code`, [libraryId, indicatorIds]);
  }

  async find(id: string): Promise<PointDefinition | null> {
    const rows = await query<PointDefinition>(this.db, `${SELECT} WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async codes(libraryId: string): Promise<string[]> {
    const rows = await query<{ code: string }>(this.db, `SELECT code FROM quality_point WHERE library_id = $1`, [libraryId]);
    return rows.map((r) => r.code);
  }

  async idsIn(libraryId: string, ids: string[]): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db, `SELECT id FROM quality_point WHERE library_id = $1 AND id = ANY($2::varchar[])`, [libraryId, ids]);
    return rows.map((r) => r.id);
  }

  async maxSortOrder(libraryId: string): Promise<number> {
    const [row] = await query<{ n: number }>(this.db, `SELECT coalesce(max(sort_order), 0)::int AS n FROM quality_point WHERE library_id = $1`, [libraryId]);
    return row?.n ?? 0;
  }

  async save(p: Omit<PointDefinition, 'datasources' | 'originId'> & { datasources: DatasourceDef[] }, isNew: boolean): Promise<boolean> {
    return this.taken(() =>
      inTransaction(this.db, async (m) => {
        const values = [p.id, p.libraryId, p.indicatorId, p.code, p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx, p.fsdl, p.fsjzxz, p.ration, p.calRule === null ? null : JSON.stringify(p.calRule), p.samplingPeriod, p.sortOrder, p.warningRule === null ? null : JSON.stringify(p.warningRule)];
        if (isNew) {
          await m.query(
            `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule, sampling_period, sort_order, warning_rule)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17::jsonb)`,
            values,
          );
        } else {
          await m.query(
            `UPDATE quality_point SET indicator_id = $3, code = $4, zkdmc = $5, nh = $6, zdbz = $7, bzz = $8, mbz = $9, zlx = $10, fsdl = $11,
               fsjzxz = $12, ration = $13, cal_rule = $14::jsonb, sampling_period = $15, sort_order = $16, warning_rule = $17::jsonb WHERE id = $1 AND library_id = $2`,
            values,
          );
          await m.query(`DELETE FROM point_datasource WHERE point_id = $1`, [p.id]);
        }
        await this.insertSources(m, p.datasources.map((d, i) => ({ ...d, pointId: p.id, sortOrder: i })));
        await touchLibrary(m, p.libraryId);
      }),
    );
  }

  async inUse(id: string): Promise<boolean> {
    const [row] = await query<{ used: boolean }>(this.db,
      `SELECT EXISTS (SELECT 1 FROM quality_result WHERE point_id = $1) OR EXISTS (SELECT 1 FROM attachment WHERE owner_type = $2 AND owner_id = $1) AS used`,
      [id, QUALITY_POINT_OWNER],
    );
    return row!.used;
  }

  async remove(libraryId: string, id: string): Promise<void> {
    await inTransaction(this.db, async (m) => {
      await m.query(`DELETE FROM quality_point WHERE id = $1 AND library_id = $2`, [id, libraryId]);
      await touchLibrary(m, libraryId);
    });
  }

  importPlan(libraryId: string, plan: ImportPlan): Promise<boolean> {
    const ind = plan.indicators;
    const pts = plan.points;
    return this.taken(() =>
      inTransaction(this.db, async (m) => {
        if (ind.length > 0) {
          // Foreign keys are checked at the end of the statement, so parents and children may arrive together.
          await m.query(
            `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
             SELECT x.id, $1, x.parent_id, x.name, x.level, x.sort_order
             FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::smallint[], $6::int[]) AS x(id, parent_id, name, level, sort_order)`,
            [libraryId, ind.map((i) => i.id), ind.map((i) => i.parentId), ind.map((i) => i.name), ind.map((i) => i.level), ind.map((i) => i.sortOrder)],
          );
        }
        const col = <T>(f: (p: ImportPlan['points'][number]) => T) => pts.map(f);
        const inserted = await countOf(m,
          `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule, sampling_period, sort_order)
           SELECT x.id, $1, x.indicator_id, x.code, x.zkdmc, x.nh, x.zdbz, x.bzz, x.mbz, x.zlx, x.fsdl, x.fsjzxz, x.ration, x.cal_rule, x.sampling_period, x.sort_order
           FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[], $9::varchar[], $10::varchar[],
                       $11::smallint[], $12::smallint[], $13::varchar[], $14::jsonb[], $15::varchar[], $16::int[])
             AS x(id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule, sampling_period, sort_order)
           ON CONFLICT (library_id, code) DO NOTHING`,
          [libraryId, col((p) => p.id), col((p) => p.indicatorId), col((p) => p.fields.code), col((p) => p.fields.zkdmc), col((p) => p.fields.nh), col((p) => p.fields.zdbz),
            col((p) => p.fields.bzz), col((p) => p.fields.mbz), col((p) => p.fields.zlx), col((p) => p.fields.fsdl), col((p) => p.fields.fsjzxz), col((p) => p.fields.ration),
            col((p) => (p.fields.calRule === null ? null : JSON.stringify(p.fields.calRule))), col((p) => p.fields.samplingPeriod), col((p) => p.sortOrder)],
        );
        if (inserted !== pts.length) throw new CodeTaken();
        await this.insertSources(m, pts.flatMap((p) => p.fields.datasources.map((d, i) => ({ ...d, pointId: p.id, sortOrder: i }))));
        await touchLibrary(m, libraryId);
      }),
    );
  }

  private async insertSources(m: EntityManager, rows: Array<DatasourceDef & { pointId: string; sortOrder: number }>): Promise<void> {
    if (rows.length === 0) return;
    await m.query(
      `INSERT INTO point_datasource (point_id, sjlx, jsgz, cjfs, xsfs, sort_order, config)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::int[], $7::jsonb[])`,
      [
        rows.map((r) => r.pointId), rows.map((r) => r.sjlx), rows.map((r) => r.jsgz), rows.map((r) => r.cjfs), rows.map((r) => r.xsfs), rows.map((r) => r.sortOrder),
        rows.map((r) => (r.config ? JSON.stringify(r.config) : null)),
      ],
    );
  }

  /** A code taken by someone else meanwhile (the unique index decides) answers false; the transaction has rolled back. */
  private async taken(work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      if (error instanceof CodeTaken || (error as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  }
}
