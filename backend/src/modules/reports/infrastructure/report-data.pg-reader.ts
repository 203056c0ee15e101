import { Injectable } from '@nestjs/common';
import { displayIndicatorName } from '../../target-standards/domain/indicator-names.js';
import { REPORT_LEVEL_NAMES, REPORT_LEVELS, RWJD_FINISHED, RWJD_NAMES, type ReportLevel, type ReportTables, type Rwjd } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { query, sqlTextList } from '../../../infrastructure/database/sql.js';
import { scoreOf } from '../../../shared/kernel/grade.js';
import {
  ReportDataReader,
  type MeasureRow,
  type PointFacts,
  type ScopeKey,
  type ScopeObject,
  type ScopeWindow,
  type TaskScope,
  type WarningFacts,
} from '../application/ports/report-data-reader.port.js';
import {
  attainmentList,
  attainmentOf,
  cycleYears,
  distinctNames,
  gradeList,
  handlingList,
  passRateList,
  percentOf,
  topWarned,
} from '../domain/overview.js';
import { progressCell, valueCell } from '../domain/report-cells.js';

/** The scopes as a numbered table (alias s: t type, c code, n order), joined to obj_task o of cycle $3. */
const SCOPED_TASKS = `
  obj_task o JOIN unnest($1::text[], $2::text[]) WITH ORDINALITY AS s(t, c, n) ON s.t = o.object_type AND s.c = o.object_code`;

/**
 * Every point of the scopes' diagnosed tasks in the cycle with its first- and second-level indicators: the root of
 * its indicator's parent chain and the node under the root (trees are 2 to 10 levels deep, so the chain is walked, not
 * the level column). Revised values override (xzmbz, xzjgz), as the quality table shows them.
 */
const POINT_ROWS = `
  WITH RECURSIVE pr AS (
    SELECT r.id, s.n, o.object_name AS cjname, p.indicator_id, p.zkdmc, p.sort_order AS psort, p.code, p.zlx,
           coalesce(nullif(btrim(r.xzmbz), ''), p.mbz) AS mbz, p.bzz,
           coalesce(nullif(btrim(r.xzjgz), ''), nullif(btrim(r.jgz), '')) AS jgz, r.jgdj, r.dis, r.unfin, r.yyfx, r.gjcs
    FROM ${SCOPED_TASKS}
    JOIN quality_result r ON r.obj_task_id = o.id
    JOIN quality_point p ON p.id = r.point_id
    WHERE o.cycle_value = $3
  ),
  chain AS (
    SELECT i.id AS start_id, i.parent_id, ARRAY[i.id]::varchar[] AS path, 1 AS depth
    FROM indicator i WHERE i.id IN (SELECT DISTINCT indicator_id FROM pr)
    UNION ALL
    SELECT c.start_id, i.parent_id, array_prepend(i.id, c.path), c.depth + 1
    FROM chain c JOIN indicator i ON i.id = c.parent_id WHERE c.depth < 12
  ),
  tops AS (SELECT start_id, path FROM chain WHERE parent_id IS NULL)
  SELECT pr.cjname, pr.zkdmc, pr.zlx, pr.mbz, pr.bzz, pr.jgz, pr.jgdj, pr.dis, pr.unfin, coalesce(pr.yyfx, '') AS yyfx, coalesce(pr.gjcs, '') AS gjcs,
         y.name AS yjzb, e.name AS ejzb
  FROM pr
  LEFT JOIN tops ON tops.start_id = pr.indicator_id
  LEFT JOIN indicator y ON y.id = tops.path[1]
  LEFT JOIN indicator e ON e.id = tops.path[2]
  ORDER BY pr.n, y.sort_order NULLS LAST, y.name, e.sort_order NULLS LAST, e.name, pr.psort, pr.code, pr.id`;

interface PointRow {
  cjname: string;
  zkdmc: string;
  /** the point's value type: how its values show in the tables */
  zlx: string | null;
  mbz: string | null;
  bzz: string | null;
  jgz: string | null;
  jgdj: string | null;
  dis: boolean;
  unfin: boolean;
  yyfx: string;
  gjcs: string;
  yjzb: string | null;
  ejzb: string | null;
}

/**
 * Warnings raised on the scopes' points within [$4, $5) (the cycle's years, in the server's time zone as every time
 * shown, yyyy-MM-dd HH:mm:ss as 000 §9 shows times), newest first; zlx for the values' display.
 */
const WARNING_ROWS = `
  SELECT o.object_name AS cjname, p.zkdmc, p.zlx,
         to_char(w.yjsj, 'YYYY-MM-DD HH24:MI:SS') AS yjsj, w.yjz, coalesce(w.jgz, '') AS jgz,
         coalesce(to_char(w.clsj, 'YYYY-MM-DD HH24:MI:SS'), '') AS clsj,
         coalesce(w.clcs, '') AS clcs, coalesce(w.yyfx, '') AS yyfx
  FROM ${SCOPED_TASKS}
  JOIN quality_result r ON r.obj_task_id = o.id
  JOIN quality_point p ON p.id = r.point_id
  JOIN warning_flow w ON w.result_id = r.id
  WHERE o.cycle_value = $3
    AND w.yjsj >= make_timestamptz($4::int, 1, 1, 0, 0, 0)
    AND w.yjsj < make_timestamptz($5::int + 1, 1, 1, 0, 0, 0)
  ORDER BY w.yjsj DESC, s.n, p.zkdmc, w.id`;

/** A result's effective value text (revised over original), null when empty. */
const valueText = (r: string) => `coalesce(nullif(btrim(${r}.xzjgz), ''), nullif(btrim(${r}.jgz), ''))`;
/** The task of scope object o in a cycle: the newest of that cycle, as the development centres take it. */
const taskOf = (cycle: string) => `(SELECT t.id FROM obj_task t
  WHERE t.object_id = o.id AND t.object_type = o.level AND t.cycle_value = ${cycle} ORDER BY t.created_at DESC, t.id DESC LIMIT 1)`;

/**
 * Section 4's measures ($1 levels, $2 codes, $3 the report's cycle, $4 each scope's previous cycle): the unmet results
 * with a gjcs in the scope object's previous task and the same code's result in its task of the cycle. Whether each is
 * a measure and what it did is the kernel's rule (improvement-effect.ts), applied by the service.
 */
const MEASURE_ROWS = `
  SELECT o.name AS cjname, p0.zkdmc, p0.zlx, s.p AS sqzq, ${valueText('r0')} AS jgz,
         coalesce(nullif(btrim(r0.xzmbz), ''), nullif(btrim(p0.mbz), '')) AS mbz, r0.dis, r0.unfin, r0.gjcs, p0.cal_rule AS "calRule",
         CASE WHEN r1.id IS NULL THEN NULL ELSE json_build_object('jgz', ${valueText('r1')}, 'dis', r1.dis, 'unfin', r1.unfin) END AS next
  FROM unnest($1::text[], $2::text[], $4::text[]) WITH ORDINALITY AS s(t, c, p, n)
  JOIN diagnosis_object o ON o.level = s.t AND o.code = s.c
  CROSS JOIN LATERAL ${taskOf('s.p')} prev
  LEFT JOIN LATERAL ${taskOf('$3')} cur ON true
  JOIN quality_result r0 ON r0.obj_task_id = prev.id
  JOIN quality_point p0 ON p0.id = r0.point_id
  LEFT JOIN (quality_result r1 JOIN quality_point p1 ON p1.id = r1.point_id) ON r1.obj_task_id = cur.id AND p1.code = p0.code
  WHERE (r0.dis OR r0.unfin) AND r0.gjcs IS NOT NULL
  ORDER BY s.n, o.code, p0.sort_order, p0.code, r0.id`;

/**
 * The unfinished target tasks of a year, with the value of their last passed report (the summary's reading of
 * progress; the kernel's rule turns it into the percentage).
 */
const UNFINISHED_TASKS = (where: string) => `
  SELECT t.rwmc, y.name AS "yearTargetName", coalesce(d.name, '') AS "chargeDepartName", coalesce(u.name, '') AS "ownerName",
         coalesce(to_char(t.jssj, 'YYYY-MM-DD'), '') AS jssj, t.rwjd, t.target_value AS target,
         (SELECT r.value_reached FROM progress_report r WHERE r.task_id = t.id AND r.audit_state IN ('pass', 'childPass')
          ORDER BY r.reported_at DESC, r.id DESC LIMIT 1) AS reached
  FROM target_task t
  JOIN year_target y ON y.id = t.year_target_id
  LEFT JOIN department d ON d.id = t.charge_department_id
  LEFT JOIN app_user u ON u.id = t.owner_id
  WHERE $1::text = ANY(string_to_array(t.rwnf, ',')) AND t.rwjd NOT IN (${sqlTextList(RWJD_FINISHED)}) ${where}
  ORDER BY t.jssj NULLS LAST, t.rwmc, t.id`;

const shownName = (name: string | null): string | null => (name === null ? null : displayIndicatorName(name));

@Injectable()
export class ReportDataPgReader extends ReportDataReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async cycles(): Promise<string[]> {
    const rows = await query<{ cycle: string }>(this.db,
      `SELECT DISTINCT cycle_value AS cycle FROM obj_task WHERE object_type = ANY($1::text[]) ORDER BY cycle_value DESC`, [[...REPORT_LEVELS]]);
    return rows.map((r) => r.cycle);
  }

  async scopeObjects(cycle: string): Promise<ScopeObject[]> {
    const rows = await query<{ cjlx: ReportLevel; cjname: string; cjdmid: string; taskIds: string[]; departmentIds: string[] }>(this.db,
      `SELECT o.object_type AS cjlx, min(o.object_name) AS cjname, o.object_code AS cjdmid,
              array_agg(o.id ORDER BY o.id) AS "taskIds",
              coalesce(array_agg(DISTINCT o.department_id) FILTER (WHERE o.department_id IS NOT NULL), '{}') AS "departmentIds"
       FROM obj_task o WHERE o.cycle_value = $1 AND o.object_type = ANY($2::text[])
       GROUP BY o.object_type, o.object_code
       ORDER BY array_position($2::text[], o.object_type::text), min(o.object_name), o.object_code`,
      [cycle, [...REPORT_LEVELS]]);
    return rows.map((r) => ({ ...r, cjmc: REPORT_LEVEL_NAMES[r.cjlx] }));
  }

  async scopeDepartments(scopes: ScopeKey[], cycle: string): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db,
      `SELECT DISTINCT o.department_id AS id FROM ${SCOPED_TASKS} WHERE o.cycle_value = $3 AND o.department_id IS NOT NULL ORDER BY 1`,
      [...scopeParams(scopes), cycle]);
    return rows.map((r) => r.id);
  }

  async points(scopes: ScopeKey[], cycle: string): Promise<PointFacts> {
    const rows = await query<PointRow>(this.db, POINT_ROWS, [...scopeParams(scopes), cycle]);
    // indicators by their display names (人才培养 reads 计分卡), as the quality table names them (issue 35)
    const read = rows.map((r) => ({ ...r, yjzb: shownName(r.yjzb), ejzb: shownName(r.ejzb), attainment: attainmentOf(r) }));
    const unmet = read.filter((r) => r.attainment === '未达标');
    return {
      zkdzsl: read.length,
      zkddbqkList: attainmentList(read.map((r) => r.attainment)),
      zgQualitiesRankList: gradeList(read.map((r) => r.jgdj)),
      zkdhglList: passRateList(read),
      wdbzkdsl: unmet.length,
      wdbzkdmcs: distinctNames(unmet.map((r) => r.zkdmc)),
      wdbzkdejzbs: distinctNames(unmet.map((r) => r.ejzb)),
      score: scoreOf(read.map((r) => r.jgdj)),
      // the values as the quality table shows them, by the point's type (the raw texts above decide attainment)
      mbjc: read.map((r) => ({
        cjname: r.cjname, yjzb: r.yjzb ?? '', ejzb: r.ejzb ?? '', zkdmc: r.zkdmc, mbz: valueCell(r.zlx, r.mbz), jgz: valueCell(r.zlx, r.jgz), jgdj: r.jgdj ?? '', dbqk: r.attainment,
      })),
      wdbzb: unmet.map((r) => ({
        cjname: r.cjname, ejzb: r.ejzb ?? '', zkdmc: r.zkdmc, bzz: valueCell(r.zlx, r.bzz), mbz: valueCell(r.zlx, r.mbz), jgz: valueCell(r.zlx, r.jgz), yyfx: r.yyfx, gjcs: r.gjcs,
      })),
    };
  }

  async warnings(scopes: ScopeKey[], cycle: string): Promise<WarningFacts> {
    const years = cycleYears(cycle);
    const rows = years
      ? await query<ReportTables['yjjl'][number] & { zlx: string | null }>(this.db, WARNING_ROWS, [...scopeParams(scopes), cycle, years[0], years.at(-1)])
      : [];
    const handled = rows.filter((r) => r.clsj !== '').length;
    return {
      yjcs: rows.length,
      yjcll: percentOf(handled, rows.length),
      yjqkList: handlingList(handled, rows.length),
      ...topWarned(rows.map((r) => r.zkdmc)),
      // 预警值 and 结果值 by the point's type (a level warning's grade letter stays as it is)
      yjjl: rows.map(({ zlx, ...r }) => ({ ...r, yjz: valueCell(zlx, r.yjz), jgz: valueCell(zlx, r.jgz) })),
    };
  }

  async measures(scopes: ScopeWindow[], cycle: string): Promise<MeasureRow[]> {
    const judged = scopes.filter((s) => s.previous !== null);
    if (judged.length === 0) return [];
    return query<MeasureRow>(this.db, MEASURE_ROWS, [...scopeParams(judged), cycle, judged.map((s) => s.previous)]);
  }

  async unfinishedTasks(scope: TaskScope, year: string): Promise<ReportTables['wwcmb']> {
    const params: unknown[] = [year];
    let where = '';
    if (scope.kind === 'departments') {
      params.push(scope.departmentIds);
      where = 'AND t.charge_department_id = ANY($2::text[])';
    }
    const rows = await query<{ rwmc: string; yearTargetName: string; chargeDepartName: string; ownerName: string; jssj: string; rwjd: Rwjd; target: string | null; reached: string | null }>(
      this.db, UNFINISHED_TASKS(where), params);
    return rows.map(({ rwjd, target, reached, ...r }) => ({ ...r, rwjdmc: RWJD_NAMES[rwjd], progress: progressCell(reached, target) }));
  }
}

function scopeParams(scopes: ScopeKey[]): [string[], string[]] {
  return [scopes.map((s) => s.cjlx), scopes.map((s) => s.cjdmid)];
}
