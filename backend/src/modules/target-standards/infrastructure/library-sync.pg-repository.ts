import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { LibrarySyncRepository, type SyncCounts } from '../application/ports/library-sync-repository.port.js';
import type { SyncPlan, SyncSide } from '../domain/library-sync-plan.js';
import { countOf, touchLibrary } from './library-touch.js';
import { query } from '../../../infrastructure/database/sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

/**
 * A point's definition and data sources as one comparable text (null-safe; data sources in content order, their
 * ids left out because a child's differ from the parent's).
 */
const SIGNATURE = `md5(jsonb_build_array(p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx, p.fsdl, p.fsjzxz, p.ration, p.cal_rule, p.sampling_period,
  p.warning_rule, p.sort_order, (SELECT coalesce(jsonb_agg(jsonb_build_array(d.sjlx, d.jsgz, d.cjfs, d.xsfs, d.config, d.sort_order)
    ORDER BY d.sort_order, d.sjlx, d.cjfs, d.xsfs, d.jsgz), '[]'::jsonb) FROM point_datasource d WHERE d.point_id = p.id))::text)`;

/** Definition columns a child's point takes from its origin. */
const DEFINITION = ['zkdmc', 'nh', 'zdbz', 'bzz', 'mbz', 'zlx', 'fsdl', 'fsjzxz', 'ration', 'cal_rule', 'sampling_period', 'warning_rule', 'sort_order'];

@Injectable()
export class LibrarySyncPgRepository extends LibrarySyncRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  syncChild(parentId: string, childId: string, plan: (parent: SyncSide, child: SyncSide & { treeLevel: number }) => SyncPlan): Promise<SyncCounts | null> {
    // One snapshot of both sides; the child's row lock keeps two syncs (or a sync and an edit) of one child apart.
    return inTransaction(this.db, async (m) => {
      const [child] = await query<{ tree_level: number; parent_id: string | null; deleted_at: Date | null }>(m,
        `SELECT tree_level, parent_id, deleted_at FROM target_library WHERE id = $1 FOR UPDATE`,
        [childId],
      );
      const [parent] = await query<{ deleted_at: Date | null }>(m, `SELECT deleted_at FROM target_library WHERE id = $1`, [parentId]);
      if (!child || !parent || child.parent_id !== parentId || child.deleted_at !== null || parent.deleted_at !== null) return null;
      const changes = plan(await this.side(m, parentId), { ...(await this.side(m, childId)), treeLevel: child.tree_level });
      await this.apply(m, childId, changes);
      return {
        addedIndicators: changes.addIndicators.length,
        renamedIndicators: changes.renameIndicators.length,
        addedPoints: changes.addPoints.length,
        updatedPoints: changes.updatePoints.length,
        skipped: changes.skipped.length,
      };
    }, 'REPEATABLE READ');
  }

  private async side(m: EntityManager, libraryId: string): Promise<SyncSide> {
    const [indicators, points] = [
      await query<SyncSide['indicators'][number]>(m, `SELECT id, parent_id AS "parentId", name, level, sort_order AS "sortOrder", origin_id AS "originId" FROM indicator WHERE library_id = $1`, [libraryId]),
      await query<SyncSide['points'][number]>(m, `SELECT p.id, p.indicator_id AS "indicatorId", p.code, p.origin_id AS "originId", ${SIGNATURE} AS signature FROM quality_point p WHERE p.library_id = $1 ORDER BY p.sort_order, p.code`, [libraryId]),
    ];
    return { indicators, points };
  }

  /** Each kind of change is one statement over arrays (unnest), whatever the number of rows. */
  private async apply(m: EntityManager, childId: string, plan: SyncPlan): Promise<void> {
    const { addIndicators: ai, renameIndicators: ri, addPoints: ap, updatePoints: up } = plan;
    if (ai.length > 0) {
      await m.query(
        `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order, origin_id)
         SELECT x.id, $1, x.parent_id, x.name, x.level, x.sort_order, x.origin_id
         FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::smallint[], $6::int[], $7::varchar[]) AS x(id, parent_id, name, level, sort_order, origin_id)`,
        [childId, ai.map((i) => i.id), ai.map((i) => i.parentId), ai.map((i) => i.name), ai.map((i) => i.level), ai.map((i) => i.sortOrder), ai.map((i) => i.originId)],
      );
    }
    if (ri.length > 0) {
      await m.query(
        `UPDATE indicator i SET name = x.name, sort_order = x.sort_order
         FROM unnest($2::varchar[], $3::varchar[], $4::int[]) AS x(id, name, sort_order) WHERE i.id = x.id AND i.library_id = $1`,
        [childId, ri.map((i) => i.id), ri.map((i) => i.name), ri.map((i) => i.sortOrder)],
      );
    }
    const arrays = (rows: SyncPlan['addPoints']) => [rows.map((p) => p.id), rows.map((p) => p.originId), rows.map((p) => p.indicatorId), rows.map((p) => p.code)];
    if (ap.length > 0) {
      await countOf(m,
        `INSERT INTO quality_point (id, library_id, indicator_id, code, ${DEFINITION.join(', ')}, origin_id)
         SELECT x.id, $1, x.indicator_id, x.code, ${DEFINITION.map((c) => `p.${c}`).join(', ')}, p.id
         FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[]) AS x(id, origin_id, indicator_id, code)
         JOIN quality_point p ON p.id = x.origin_id`,
        [childId, ...arrays(ap)],
      );
    }
    if (up.length > 0) {
      await m.query(
        `UPDATE quality_point c SET indicator_id = x.indicator_id, code = x.code, ${DEFINITION.map((col) => `${col} = p.${col}`).join(', ')}
         FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[]) AS x(id, origin_id, indicator_id, code)
         JOIN quality_point p ON p.id = x.origin_id
         WHERE c.id = x.id AND c.library_id = $1`,
        [childId, ...arrays(up)],
      );
    }
    const touched = [...ap, ...up];
    if (touched.length > 0) {
      // Data sources are replaced as a whole by the origin's.
      await m.query(`DELETE FROM point_datasource WHERE point_id = ANY($1::varchar[])`, [up.map((p) => p.id)]);
      await m.query(
        `INSERT INTO point_datasource (point_id, sjlx, jsgz, cjfs, xsfs, config, sort_order)
         SELECT x.id, d.sjlx, d.jsgz, d.cjfs, d.xsfs, d.config, d.sort_order
         FROM unnest($1::varchar[], $2::varchar[]) AS x(id, origin_id) JOIN point_datasource d ON d.point_id = x.origin_id`,
        [touched.map((p) => p.id), touched.map((p) => p.originId)],
      );
    }
    if (ai.length + ri.length + touched.length > 0) await touchLibrary(m, childId);
  }
}
