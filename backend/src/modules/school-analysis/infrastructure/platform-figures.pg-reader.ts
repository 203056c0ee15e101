import { Injectable } from '@nestjs/common';
import { isRwjdFinished } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import { PlatformFigures, type PlatformCounts } from '../application/ports/platform-figures.port.js';

/** The newest diagnosis cycle (the greatest cycle value of an object's task). */
const CYCLE = `(SELECT max(cycle_value) FROM obj_task)`;

/**
 * The points of the newest cycle: automatic when the point's first data source (the one sampling reads) is sql,
 * algorithm or interface and the result has at least one sample; met when neither flag (dis, unfin) is set and it has
 * a result (the revised one first), as the quality table and the report overview read attainment (the kernel's
 * attainmentOf). Each point also falls in one grade slice (none: no grade), so the slices add to the total.
 */
const POINTS = `
  SELECT count(*)::int AS total,
         count(*) FILTER (WHERE (SELECT d.cjfs FROM point_datasource d WHERE d.point_id = r.point_id ORDER BY d.sort_order, d.id LIMIT 1) IN ('sql', 'algorithm', 'interface')
                            AND EXISTS (SELECT 1 FROM sampling_record s WHERE s.result_id = r.id))::int AS automatic,
         count(*) FILTER (WHERE NOT r.dis AND NOT r.unfin AND coalesce(nullif(btrim(r.xzjgz), ''), nullif(btrim(r.jgz), '')) IS NOT NULL)::int AS met,
         count(*) FILTER (WHERE r.jgdj = 'A')::int AS "A", count(*) FILTER (WHERE r.jgdj = 'B')::int AS "B",
         count(*) FILTER (WHERE r.jgdj = 'C')::int AS "C", count(*) FILTER (WHERE r.jgdj = 'D')::int AS "D",
         count(*) FILTER (WHERE r.jgdj = 'Y')::int AS "Y", count(*) FILTER (WHERE r.jgdj = 'N')::int AS "N",
         count(*) FILTER (WHERE r.jgdj IS NULL OR r.jgdj NOT IN ('A', 'B', 'C', 'D', 'Y', 'N'))::int AS "none"
  FROM quality_result r JOIN obj_task o ON o.id = r.obj_task_id
  WHERE o.cycle_value = ${CYCLE}`;

/** The running collection tasks: published, of the newest cycle a published task has; their fill tasks by task. */
const FILLS = `
  SELECT t.name, count(f.id)::int AS total, count(f.id) FILTER (WHERE f.state = 'finished')::int AS finished
  FROM dc_task t LEFT JOIN dc_fill_task f ON f.task_id = t.id
  WHERE t.publish_state = 'published' AND t.cycle = (SELECT max(cycle) FROM dc_task WHERE publish_state = 'published')
  GROUP BY t.id, t.name, t.deadline ORDER BY t.deadline, t.name`;

const TASKS = `SELECT rwjd, count(*)::int AS count FROM target_task GROUP BY rwjd ORDER BY rwjd`;

const WARNINGS = `
  SELECT count(*)::int AS raised, count(w.clsj)::int AS handled
  FROM warning_flow w JOIN quality_result r ON r.id = w.result_id JOIN obj_task o ON o.id = r.obj_task_id
  WHERE o.cycle_value = ${CYCLE}`;

/** The ten newest warnings of any cycle: the point's name with its object's, the result's grade. */
const RECENT = `
  SELECT w.id, p.zkdmc || '（' || o.object_name || '）' AS name, r.jgdj AS grade, w.yjsj AS at
  FROM warning_flow w JOIN quality_result r ON r.id = w.result_id JOIN obj_task o ON o.id = r.obj_task_id JOIN quality_point p ON p.id = r.point_id
  ORDER BY w.yjsj DESC, w.id LIMIT 10`;

@Injectable()
export class PlatformFiguresPgReader extends PlatformFigures {
  constructor(private readonly db: DataSource) {
    super();
  }

  async counts(): Promise<PlatformCounts> {
    const [points, fills, tasks, warnings, recent] = await Promise.all([
      query<{ total: number; automatic: number; met: number } & PlatformCounts['points']['byGrade']>(this.db, POINTS),
      query<{ name: string; total: number; finished: number }>(this.db, FILLS),
      query<{ rwjd: string; count: number }>(this.db, TASKS),
      query<{ raised: number; handled: number }>(this.db, WARNINGS),
      query<{ id: string; name: string; grade: string | null; at: Date }>(this.db, RECENT),
    ]);
    const p = points[0]!;
    return {
      points: { total: p.total, automatic: p.automatic, met: p.met, byGrade: { A: p.A, B: p.B, C: p.C, Y: p.Y, D: p.D, N: p.N, none: p.none } },
      fills: { total: sum(fills.map((f) => f.total)), finished: sum(fills.map((f) => f.finished)), byTask: fills },
      tasks: { total: sum(tasks.map((t) => t.count)), finished: sum(tasks.filter((t) => isRwjdFinished(t.rwjd)).map((t) => t.count)), byState: tasks },
      warnings: { raised: warnings[0]!.raised, handled: warnings[0]!.handled, recent: recent.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) },
    };
  }

  async systemName(): Promise<string> {
    const rows = await query<{ source: string }>(this.db, `SELECT system_name_source AS source FROM system_setting ORDER BY app_id LIMIT 1`);
    return plainText(rows[0]?.source ?? '');
  }
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_, e: string) => ENTITIES[e] ?? '').replace(/\s+/g, ' ').trim();
}
