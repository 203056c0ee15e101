import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LibraryCopier, LibraryCopyObserver, type CopyOutcome, type CopyRequest } from '../application/ports/library-copier.port.js';
import type { CopyStage } from '../domain/job-progress.js';
import { countOf } from './library-touch.js';
import { query } from '../../../infrastructure/database/sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

/**
 * The id map of a copy, with no table and no round trip: a copied row's id is md5(new library id / source row id)
 * as a uuid. The same source row always maps to the same copy id, so a parent is found by mapping its id the same
 * way, and every table is copied by one INSERT … SELECT. $1 the source library, $2 the new one.
 */
const mapped = (column: string) => `md5($2 || '/' || ${column})::uuid::text`;
const mappedOrNull = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE ${mapped(column)} END`;

export const COPY_SQL = {
  library: `
    INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, target_type, parent_id, creator_id)
    SELECT $2, $3, s.cycle_type_id, coalesce($4, s.cycle_value), s.target_level_id, s.dimension_id, s.tree_level, s.target_type, NULL, $5
    FROM target_library s WHERE s.id = $1 AND s.deleted_at IS NULL`,
  indicators: `
    INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order, origin_id)
    SELECT ${mapped('i.id')}, $2, ${mappedOrNull('i.parent_id')}, i.name, i.level, i.sort_order, i.id
    FROM indicator i WHERE i.library_id = $1`,
  points: `
    INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule,
                               sampling_period, warning_rule, sort_order, origin_id)
    SELECT ${mapped('p.id')}, $2, ${mappedOrNull('p.indicator_id')}, p.code, p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx, p.fsdl, p.fsjzxz,
           p.ration, p.cal_rule, p.sampling_period, p.warning_rule, p.sort_order, p.id
    FROM quality_point p WHERE p.library_id = $1`,
  datasources: `
    INSERT INTO point_datasource (id, point_id, sjlx, jsgz, cjfs, xsfs, config, sort_order)
    SELECT ${mapped('d.id')}, ${mapped('d.point_id')}, d.sjlx, d.jsgz, d.cjfs, d.xsfs, d.config, d.sort_order
    FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE p.library_id = $1`,
  authorities: `
    INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type)
    SELECT a.resource_type, $2, a.subject_type, a.subject_id, a.authority_type
    FROM authority a WHERE a.resource_type = 'target-library' AND a.resource_id = $1`,
} as const;

/**
 * One REPEATABLE READ transaction, so every statement copies the same snapshot of the source even while people
 * edit it; five set-based statements. A failure anywhere rolls the whole copy back; a copy that committed is
 * found by its id and answered as done.
 */
@Injectable()
export class LibraryPgCopier extends LibraryCopier {
  constructor(
    private readonly db: DataSource,
    private readonly observer: LibraryCopyObserver,
  ) {
    super();
  }

  async copy(r: CopyRequest, attempt: number, onStage: (stage: CopyStage) => Promise<void> = async () => undefined): Promise<CopyOutcome> {
    const context = { libraryId: r.libraryId, attempt };
    await this.observer.reached('start', context);
    return inTransaction(this.db, async (m) => {
      const exists = await query(m, `SELECT 1 FROM target_library WHERE id = $1`, [r.libraryId]);
      if (exists.length > 0) return { state: 'exists' } as const;
      await onStage('library');
      const library = await countOf(m, COPY_SQL.library, [r.sourceId, r.libraryId, r.name, r.cycleValue, r.creatorId]);
      if (library === 0) return { state: 'refused', reason: '要复制的目标标准不存在或已删除' } as const;
      await this.observer.reached('library', context);
      const ids = [r.sourceId, r.libraryId];
      await onStage('indicators');
      const indicators = await countOf(m, COPY_SQL.indicators, ids);
      await this.observer.reached('indicators', context);
      await onStage('points');
      const points = await countOf(m, COPY_SQL.points, ids);
      await this.observer.reached('points', context);
      await onStage('datasources');
      const datasources = await countOf(m, COPY_SQL.datasources, ids);
      await this.observer.reached('datasources', context);
      await onStage('authorities');
      const authorities = await countOf(m, COPY_SQL.authorities, ids);
      await this.observer.reached('authorities', context);
      return { state: 'copied', indicators, points, datasources, authorities } as const;
    }, 'REPEATABLE READ');
  }
}
