import { Injectable } from '@nestjs/common';
import type { CentreLevel, CentreSort } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { roleCodesSql } from '../../../infrastructure/database/role-codes.sql.js';
import { likeContains, query } from '../../../infrastructure/database/sql.js';
import { cycleKindOf } from '../../../shared/kernel/cycle-kind.js';
import type { CentreViewer } from '../domain/centre-access.js';
import {
  CentreReader, type CentreFilter, type CentreFiguresData, type CentreObjectView, type CentreRowData, type CycleWindow,
  type PortraitReportData, type PortraitResultData, type PortraitTaskData, type PortraitWarningData,
} from '../application/ports/centre-reader.port.js';
import { readableSql, viewerParams } from './centre-access.sql.js';

// The rules below in SQL, each written once here (their TS twins: the kernel's attainmentOf, the domain's
// improvementEffect; the e2e suite holds each pair equal).

/** A result's effective value text (revised over original), null when empty. */
const valueText = (r: string) => `coalesce(nullif(btrim(${r}.xzjgz), ''), nullif(btrim(${r}.jgz), ''))`;
/** 未达标: the quality table's flags (the kernel's attainmentOf). */
const unmetSql = (r: string) => `(${r}.dis OR ${r}.unfin)`;
/** 达标: not unmet and a value (the kernel's attainmentOf). */
const metSql = (r: string) => `(NOT ${unmetSql(r)} AND ${valueText(r)} IS NOT NULL)`;
/** A value as a number as the kernel reads it (numberOf, else flagOf of have/whether points), null otherwise. */
const numberSql = (r: string) => `(CASE
    WHEN regexp_replace(${valueText(r)}, '\\s*%$', '') ~ '^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)$' THEN regexp_replace(${valueText(r)}, '\\s*%$', '')::float8
    WHEN ${valueText(r)} IN ('1', '有', '是') THEN 1 WHEN ${valueText(r)} IN ('0', '无', '否') THEN 0 END)`;

/** The task of an object in a cycle (`cycle` an SQL expression): the newest of that cycle, as everywhere in the centres (`levelTasks` for a whole level). */
const taskOf = (cycle: string) => `(SELECT t.id, t.audit_state, t.score::float8 AS score, t.rwmc FROM obj_task t
  WHERE t.object_id = o.id AND t.object_type = o.level AND t.cycle_value = ${cycle} ORDER BY t.created_at DESC, t.id DESC LIMIT 1)`;

/**
 * The domain's improvementEffect as SQL over a measure's value `v0` and its point's direction (`lower`), and the next
 * task's result of the same code: whether there is one (`found`), its value `v1` and whether it is met (`met1`).
 */
const effectSql = (x: { v0: string; lower: string; found: string; v1: string; met1: string }) => `CASE
      WHEN NOT ${x.found} OR ${x.v1} IS NULL THEN 'pending'
      WHEN ${x.met1} THEN 'effective'
      WHEN ${x.v0} IS NULL THEN 'improved'
      WHEN (CASE WHEN ${x.lower} THEN ${x.v1} < ${x.v0} ELSE ${x.v1} > ${x.v0} END) THEN 'improved'
      ELSE 'notImproved' END`;
/** A measure: a non-empty gjcs on an unmet point (r0). */
const IS_MEASURE = `${unmetSql('r0')} AND nullif(btrim(r0.gjcs), '') IS NOT NULL`;
const LOWER = (p: string) => `(${p}.cal_rule->>'direction' = 'lower')`;

/**
 * The effects of the measures written in task `prev`, judged by task `cur` (either may be null), for one row: r0's
 * point and the next task's result of the same code (a task has one result a code: points are unique by library and code).
 */
const effectsOf = (prev: string, cur: string) => `(SELECT ${effectSql({ v0: numberSql('r0'), lower: LOWER('p0'), found: '(r1.id IS NOT NULL)', v1: numberSql('r1'), met1: metSql('r1') })} AS effect
  FROM quality_result r0 JOIN quality_point p0 ON p0.id = r0.point_id
  LEFT JOIN (quality_result r1 JOIN quality_point p1 ON p1.id = r1.point_id) ON r1.obj_task_id = ${cur} AND p1.code = p0.code
  WHERE r0.obj_task_id = ${prev} AND ${IS_MEASURE})`;

/**
 * The same for every object of a CTE `objs` (id, task_id, prev_task_id) at once, as CTEs to put after it: `nxt` the
 * tasks' results by code (the figures count them too), `eff` (object_id, effect). Hash joins, each value read once.
 */
const LEVEL_EFFECTS = `
  nxt AS MATERIALIZED (SELECT r.id, r.obj_task_id, p.code, ${numberSql('r')} AS v, ${metSql('r')} AS met
                       FROM objs JOIN quality_result r ON r.obj_task_id = objs.task_id JOIN quality_point p ON p.id = r.point_id),
  msr AS MATERIALIZED (SELECT objs.id AS object_id, objs.task_id, p0.code, ${numberSql('r0')} AS v0, ${LOWER('p0')} AS lower
                       FROM objs JOIN quality_result r0 ON r0.obj_task_id = objs.prev_task_id JOIN quality_point p0 ON p0.id = r0.point_id WHERE ${IS_MEASURE}),
  eff AS MATERIALIZED (SELECT msr.object_id, ${effectSql({ v0: 'msr.v0', lower: 'msr.lower', found: '(nxt.code IS NOT NULL)', v1: 'nxt.v', met1: 'nxt.met' })} AS effect
                       FROM msr LEFT JOIN nxt ON nxt.obj_task_id = msr.task_id AND nxt.code = msr.code)`;

/** 改进有效率 of a set of effects (alias e): effective ÷ judged × 100, 2 decimals; null with none judged. */
const RATE = `CASE WHEN count(*) FILTER (WHERE e.effect <> 'pending') = 0 THEN NULL
  ELSE round(100.0 * count(*) FILTER (WHERE e.effect = 'effective') / count(*) FILTER (WHERE e.effect <> 'pending'), 2)::float8 END`;

const rateOf = (prev: string, cur: string) => `(SELECT ${RATE} FROM ${effectsOf(prev, cur)} e)`;
const unmetOf = (task: string) => `(SELECT count(*)::int FROM quality_result r WHERE r.obj_task_id = ${task} AND ${unmetSql('r')})`;
const openWarningsOf = (task: string) =>
  `(SELECT count(*)::int FROM quality_result r JOIN warning_flow f ON f.result_id = r.id WHERE r.obj_task_id = ${task} AND f.clsj IS NULL)`;
const AUDIT_ORDER = `array_position(ARRAY['draft', 'refused', 'submitted', 'passed']::varchar[], objs.audit_state)`;

/** The sortable figures as SQL over the list's CTE `objs` (and `rates`, made only for that sort). */
const SORT_SQL: Record<CentreSort, string> = {
  code: 'objs.code',
  name: 'objs.name',
  score: 'objs.score',
  lastScore: 'objs.last_score',
  auditState: AUDIT_ORDER,
  unmet: unmetOf('objs.task_id'),
  openWarnings: openWarningsOf('objs.task_id'),
  improvementRate: 'rates.rate',
};

/**
 * The level's objects in a cycle the viewer reads ($1 level, $2 cycle, $3 previous cycle, $4–$6 the viewer): live
 * ones and retired ones that still have a task in the cycle.
 */
const levelTasks = (cycle: string) => `(SELECT DISTINCT ON (t.object_id) t.object_id, t.id, t.audit_state, t.score::float8 AS score FROM obj_task t
  WHERE t.object_type = $1 AND t.cycle_value = ${cycle} AND t.object_id IS NOT NULL ORDER BY t.object_id, t.created_at DESC, t.id DESC)`;
const LEVEL_OBJECTS = `
  FROM diagnosis_object o
  LEFT JOIN diagnosis_object up ON up.id = o.upper_id
  LEFT JOIN ${levelTasks('$2')} cur ON cur.object_id = o.id
  LEFT JOIN ${levelTasks('$3')} prev ON prev.object_id = o.id
  WHERE o.level = $1 AND (o.retired_at IS NULL OR cur.id IS NOT NULL) AND ${readableSql(4)}`;

const GRADES = `count(*) FILTER (WHERE r.jgdj = 'A')::int AS "A", count(*) FILTER (WHERE r.jgdj = 'B')::int AS "B",
  count(*) FILTER (WHERE r.jgdj = 'C')::int AS "C", count(*) FILTER (WHERE r.jgdj = 'D')::int AS "D",
  count(*) FILTER (WHERE r.jgdj = 'Y')::int AS "Y", count(*) FILTER (WHERE r.jgdj = 'N')::int AS "N"`;

type Grades = CentreRowData['grades'];
const gradesOf = (r: Grades): Grades => ({ A: r.A, B: r.B, C: r.C, D: r.D, Y: r.Y, N: r.N });

/** The development centres' reads: raw, parameterised, set-based SQL (no statement a row). */
@Injectable()
export class CentrePgReader extends CentreReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async viewer(userId: string): Promise<CentreViewer> {
    // one round trip: every overview asks it
    const [row] = await query<{ roles: string[]; heads: string[] }>(this.db,
      `SELECT ${roleCodesSql('$1::varchar')} AS roles, ARRAY(SELECT d.id FROM department d WHERE d.charge_user_id = $1 ORDER BY d.id) AS heads`, [userId]);
    return { userId, roleCodes: row!.roles, headsDepartments: row!.heads };
  }

  async cycles(level: CentreLevel): Promise<string[]> {
    // The level's own kind of cycle (学期 for courses and students, as launches make them), newest first by when it
    // starts; another kind only when the level has none of its own: a 2026 年度 course task of before the launches
    // would otherwise stand before the 2025-2026-2 semester, or become a semester's previous cycle.
    const rows = await query<{ cycle: string; fits: boolean }>(this.db,
      `SELECT t.cycle_value AS cycle, bool_or(trim(ct.lxmc) = $2) AS fits FROM obj_task t
       JOIN target_library l ON l.id = t.library_id LEFT JOIN cycle_type ct ON ct.id = l.cycle_type_id
       WHERE t.object_type = $1 AND t.object_id IS NOT NULL
       GROUP BY t.cycle_value
       ORDER BY min(t.start_date) DESC NULLS LAST, t.cycle_value DESC`, [level, cycleKindOf(level)]);
    const own = rows.filter((r) => r.fits);
    return (own.length > 0 ? own : rows).map((r) => r.cycle);
  }

  async pageIds(level: CentreLevel, window: CycleWindow, viewer: CentreViewer, filter: CentreFilter, sort: { by: CentreSort; order: 'asc' | 'desc' }, page: { take: number; skip: number }): Promise<{ ids: string[]; total: number }> {
    const dir = sort.order === 'desc' ? 'DESC' : 'ASC';
    const objs = `objs AS MATERIALIZED (
        SELECT o.id, o.code, o.name, cur.id AS task_id, cur.score, cur.audit_state, prev.id AS prev_task_id, prev.score AS last_score ${LEVEL_OBJECTS}
          AND ($7::varchar IS NULL OR coalesce(o.department_id, up.department_id) = $7)
          AND ($8::varchar IS NULL OR o.upper_id = $8)
          AND ($9::text IS NULL OR o.code ILIKE $9 OR o.name ILIKE $9))`;
    const params = [level, window.cycle, window.previous, ...viewerParams(viewer), filter.departmentId, filter.majorId, filter.keyword ? likeContains(filter.keyword) : null];
    // the rates of every listed object only when sorting by them (a set-based pass over the previous cycle's measures)
    const rates = sort.by === 'improvementRate' ? `, ${LEVEL_EFFECTS}, rates AS (SELECT e.object_id, ${RATE} AS rate FROM eff e GROUP BY e.object_id)` : '';
    const rows = await query<{ id: string; total: number }>(this.db,
      `WITH ${objs}${rates}
       SELECT objs.id, count(*) OVER ()::int AS total FROM objs ${rates ? 'LEFT JOIN rates ON rates.object_id = objs.id' : ''}
       ORDER BY ${SORT_SQL[sort.by]} ${dir} NULLS LAST, objs.code ${dir}, objs.id
       LIMIT $10 OFFSET $11`,
      [...params, page.take, page.skip]);
    if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
    if (page.skip === 0) return { ids: [], total: 0 };
    // a page past the end has no row to carry the count
    const [n] = await query<{ n: number }>(this.db, `WITH ${objs} SELECT count(*)::int AS n FROM objs`, params);
    return { ids: [], total: n!.n };
  }

  async rows(ids: string[], window: CycleWindow): Promise<CentreRowData[]> {
    if (ids.length === 0) return [];
    const rows = await query<Omit<CentreRowData, 'grades'> & Grades>(this.db,
      `SELECT o.id AS "objectId", o.code, o.name, coalesce(o.department_id, up.department_id) AS "departmentId", d.name AS "departmentName",
              o.upper_id AS "upperId", up.name AS "upperName", rp.name AS "responsibleName",
              cur.id AS "taskId", cur.audit_state AS "auditState", cur.score, prev.score AS "lastScore",
              coalesce(g.points, 0) AS points, coalesce(g.unmet, 0) AS unmet, ${openWarningsOf('cur.id')} AS "openWarnings",
              ${rateOf('prev.id', 'cur.id')} AS "improvementRate",
              coalesce(g."A", 0) AS "A", coalesce(g."B", 0) AS "B", coalesce(g."C", 0) AS "C", coalesce(g."D", 0) AS "D", coalesce(g."Y", 0) AS "Y", coalesce(g."N", 0) AS "N"
       FROM unnest($1::varchar[]) WITH ORDINALITY AS page(id, n)
       JOIN diagnosis_object o ON o.id = page.id
       LEFT JOIN diagnosis_object up ON up.id = o.upper_id
       LEFT JOIN department d ON d.id = coalesce(o.department_id, up.department_id)
       LEFT JOIN app_user rp ON rp.id = o.responsible_id
       LEFT JOIN LATERAL ${taskOf('$2')} cur ON true
       LEFT JOIN LATERAL ${taskOf('$3')} prev ON true
       LEFT JOIN LATERAL (SELECT count(*)::int AS points, count(*) FILTER (WHERE ${unmetSql('r')})::int AS unmet, ${GRADES}
                          FROM quality_result r WHERE r.obj_task_id = cur.id) g ON cur.id IS NOT NULL
       ORDER BY page.n`,
      [ids, window.cycle, window.previous]);
    return rows.map(({ A, B, C, D, Y, N, ...r }) => ({ ...r, grades: { A, B, C, D, Y, N } }));
  }

  async figures(level: CentreLevel, window: CycleWindow, viewer: CentreViewer): Promise<CentreFiguresData> {
    const [row] = await query<CentreFiguresData>(this.db,
      `WITH objs AS MATERIALIZED (SELECT o.id, cur.id AS task_id, cur.audit_state, prev.id AS prev_task_id ${LEVEL_OBJECTS}),
            ${LEVEL_EFFECTS},
            wf AS (SELECT count(*)::int AS n, count(*) FILTER (WHERE f.clsj IS NOT NULL)::int AS handled FROM nxt JOIN warning_flow f ON f.result_id = nxt.id)
       SELECT (SELECT count(*)::int FROM objs) AS objects,
              (SELECT count(task_id)::int FROM objs) AS tasks,
              (SELECT count(*)::int FROM objs WHERE audit_state IN ('submitted', 'passed')) AS submitted,
              (SELECT count(*)::int FROM objs WHERE audit_state = 'passed') AS passed,
              (SELECT count(*)::int FROM nxt) AS points,
              (SELECT count(*)::int FROM nxt WHERE met) AS "pointsMet",
              (SELECT n FROM wf) AS warnings,
              (SELECT handled FROM wf) AS "warningsHandled",
              (SELECT count(*)::int FROM eff) AS measures,
              (SELECT count(*)::int FROM eff WHERE effect = 'effective') AS effective,
              (SELECT ${RATE} FROM eff e) AS "improvementRate"`,
      [level, window.cycle, window.previous, ...viewerParams(viewer)]);
    return row!;
  }

  async object(id: string): Promise<CentreObjectView | null> {
    const [row] = await query<CentreObjectView>(this.db,
      `SELECT o.id, o.level, o.code, o.name, coalesce(o.department_id, up.department_id) AS "departmentId", d.name AS "departmentName",
              o.upper_id AS "upperId", up.name AS "upperName", o.responsible_id AS "responsibleId", rp.name AS "responsibleName",
              up.responsible_id AS "upperResponsibleId", o.user_id AS "userId", o.retired_at IS NOT NULL AS retired
       FROM diagnosis_object o
       LEFT JOIN diagnosis_object up ON up.id = o.upper_id
       LEFT JOIN department d ON d.id = coalesce(o.department_id, up.department_id)
       LEFT JOIN app_user rp ON rp.id = o.responsible_id
       WHERE o.id = $1 AND o.level IN ('major', 'course', 'teacher', 'student')`,
      [id]);
    return row ?? null;
  }

  async portraitTasks(objectId: string): Promise<PortraitTaskData[]> {
    const rows = await query<Omit<PortraitTaskData, 'grades'> & Grades>(this.db,
      `SELECT c.cycle, t.id AS "taskId", t.rwmc, t.audit_state AS "auditState", t.score::float8 AS score, g.*
       FROM (SELECT DISTINCT t.cycle_value AS cycle FROM obj_task t JOIN diagnosis_object o ON o.id = t.object_id AND t.object_type = o.level WHERE o.id = $1) c
       CROSS JOIN LATERAL (SELECT o.* FROM diagnosis_object o WHERE o.id = $1) o
       CROSS JOIN LATERAL ${taskOf('c.cycle')} t
       CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE ${unmetSql('r')})::int AS unmet, ${GRADES} FROM quality_result r WHERE r.obj_task_id = t.id) g
       ORDER BY c.cycle`,
      [objectId]);
    return rows.map(({ A, B, C, D, Y, N, ...r }) => ({ ...r, grades: gradesOf({ A, B, C, D, Y, N }) }));
  }

  async portraitResults(objectId: string): Promise<PortraitResultData[]> {
    return query<PortraitResultData>(this.db,
      `SELECT c.cycle, p.code, p.zkdmc AS name, p.zlx, ${valueText('r')} AS jgz, coalesce(nullif(btrim(r.xzmbz), ''), nullif(btrim(p.mbz), '')) AS mbz,
              r.jgdj, r.dis, r.unfin, r.yyfx, r.gjcs, p.cal_rule AS "calRule"
       FROM (SELECT DISTINCT t.cycle_value AS cycle FROM obj_task t JOIN diagnosis_object o ON o.id = t.object_id AND t.object_type = o.level WHERE o.id = $1) c
       CROSS JOIN LATERAL (SELECT o.* FROM diagnosis_object o WHERE o.id = $1) o
       CROSS JOIN LATERAL ${taskOf('c.cycle')} t
       JOIN quality_result r ON r.obj_task_id = t.id
       JOIN quality_point p ON p.id = r.point_id
       ORDER BY c.cycle, p.sort_order, p.code`,
      [objectId]);
  }

  async portraitWarnings(objectId: string): Promise<PortraitWarningData[]> {
    return query<PortraitWarningData>(this.db,
      `SELECT f.id, t.cycle_value AS cycle, p.zkdmc AS "pointName", f.tj, f.yjz, f.jgz, f.yjsj AS time, f.clsj IS NOT NULL AS handled
       FROM obj_task t
       JOIN diagnosis_object o ON o.id = t.object_id AND t.object_type = o.level
       JOIN quality_result r ON r.obj_task_id = t.id
       JOIN quality_point p ON p.id = r.point_id
       JOIN warning_flow f ON f.result_id = r.id
       WHERE o.id = $1
       ORDER BY f.yjsj DESC, f.id LIMIT 200`,
      [objectId]);
  }

  portraitReports(level: CentreLevel, code: string): Promise<PortraitReportData[]> {
    return query<PortraitReportData>(this.db,
      `SELECT r.id, r.report_name AS "reportName", r.cycle_value AS cycle, r.state
       FROM quality_report r
       WHERE r.deleted_at IS NULL AND r.state = 'published' AND r.scopes @> jsonb_build_array(jsonb_build_object('cjlx', $1::text, 'cjdmid', $2::text))
       ORDER BY r.cycle_value DESC, r.created_at DESC LIMIT 100`,
      [level, code]);
  }

  async ownObject(userId: string): Promise<{ level: CentreLevel; id: string } | null> {
    const [row] = await query<{ level: CentreLevel; id: string }>(this.db,
      `SELECT o.level, o.id FROM diagnosis_object o WHERE o.user_id = $1 AND o.level IN ('teacher', 'student') AND o.retired_at IS NULL`, [userId]);
    return row ?? null;
  }
}
