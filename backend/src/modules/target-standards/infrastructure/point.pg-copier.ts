import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PointCopier, type CodePlanner, type PointCopyOutcome, type PointCopyRequest } from '../application/ports/point-copier.port.js';
import type { PointCopyStage } from '../domain/job-progress.js';
import type { TargetLevel } from '../domain/library-rules.js';
import { countOf, touchLibrary } from './library-touch.js';
import { query } from '../../../infrastructure/database/sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

/** A copied row's id: md5(job id / source row id) as a uuid, so a retry of the same job maps to the same rows. */
const mapped = (column: string) => `md5($1 || '/' || ${column})::uuid::text`;

const SQL = {
  /** The target, locked: two copies into one library plan their codes one after the other. */
  target: `SELECT target_level_id AS level FROM target_library WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
  indicator: `SELECT 1 FROM indicator WHERE id = $1 AND library_id = $2`,
  source: `SELECT 1 FROM target_library WHERE id = $1 AND deleted_at IS NULL`,
  sourcePoints: `SELECT id, code FROM quality_point WHERE library_id = $1 AND id = ANY($2::varchar[]) ORDER BY sort_order, code, id`,
  // $1 job id, $2 target library, $3 indicator, $4 source ids, $5 their new codes, $6 their sort orders
  points: `
    INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule,
                               sampling_period, warning_rule, sort_order, origin_id)
    SELECT ${mapped('p.id')}, $2, $3, x.code, p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx, p.fsdl, p.fsjzxz,
           p.ration, p.cal_rule, p.sampling_period, p.warning_rule, x.sort_order, NULL
    FROM unnest($4::varchar[], $5::varchar[], $6::int[]) AS x(id, code, sort_order) JOIN quality_point p ON p.id = x.id`,
  // $1 job id, $2 source ids
  datasources: `
    INSERT INTO point_datasource (id, point_id, sjlx, jsgz, cjfs, xsfs, config, sort_order)
    SELECT ${mapped('d.id')}, ${mapped('d.point_id')}, d.sjlx, d.jsgz, d.cjfs, d.xsfs, d.config, d.sort_order
    FROM point_datasource d WHERE d.point_id = ANY($2::varchar[])`,
} as const;

/** Copies of chosen points: one REPEATABLE READ transaction, four reads and two INSERT … SELECT, whatever the count. */
@Injectable()
export class PointPgCopier extends PointCopier {
  constructor(private readonly db: DataSource) {
    super();
  }

  copy(r: PointCopyRequest, planCodes: CodePlanner, onStage: (stage: PointCopyStage) => Promise<void>): Promise<PointCopyOutcome> {
    return inTransaction(this.db, async (m) => {
      await onStage('check');
      const [target] = await query<{ level: TargetLevel }>(m, SQL.target, [r.targetLibraryId]);
      if (!target) return { state: 'refused', reason: '目标标准不存在或已删除' } as const;
      const [copied] = await query(m, `SELECT 1 FROM quality_point WHERE id = ${mapped('$2::text')}`, [r.taskId, r.pointIds[0]]);
      if (copied) return { state: 'exists' } as const;
      if ((await query(m, SQL.indicator, [r.indicatorId, r.targetLibraryId])).length === 0) return { state: 'refused', reason: '指标不存在或不属于该目标标准' } as const;
      if ((await query(m, SQL.source, [r.sourceLibraryId])).length === 0) return { state: 'refused', reason: '要复制的目标标准不存在或已删除' } as const;
      const sources = await query<{ id: string; code: string }>(m, SQL.sourcePoints, [r.sourceLibraryId, r.pointIds]);
      if (sources.length !== new Set(r.pointIds).size) return { state: 'refused', reason: '所选质控点已不存在，请重新选择' } as const;
      const existing = await query<{ code: string }>(m, `SELECT code FROM quality_point WHERE library_id = $1`, [r.targetLibraryId]);
      const codes = planCodes(target.level, sources.map((s) => s.code), existing.map((e) => e.code));
      const [{ top } = { top: 0 }] = await query<{ top: number }>(m, `SELECT coalesce(max(sort_order), 0)::int AS top FROM quality_point WHERE library_id = $1`, [r.targetLibraryId]);
      await onStage('points');
      const ids = sources.map((s) => s.id);
      const points = await countOf(m, SQL.points, [r.taskId, r.targetLibraryId, r.indicatorId, ids, codes, ids.map((_, i) => top + i + 1)]);
      await onStage('datasources');
      const datasources = await countOf(m, SQL.datasources, [r.taskId, ids]);
      await touchLibrary(m, r.targetLibraryId);
      const renamed = sources.flatMap((s, i) => (codes[i] === s.code ? [] : [{ from: s.code, to: codes[i]! }]));
      return { state: 'copied', points, datasources, renamed } as const;
    }, 'REPEATABLE READ');
  }
}
