import { Injectable } from '@nestjs/common';
import type { CentreLevel, CentreSort } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { roleCodesOf } from '../../../infrastructure/database/role-codes.sql.js';
import { likeContains, query } from '../../../infrastructure/database/sql.js';
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

/** The task of an object in a cycle (`cycle` an SQL expression): the newest of that cycle, as everywhere in the centres. */
const taskOf = (cycle: string) => `(SELECT t.id, t.audit_state, t.score::float8 AS score, t.rwmc FROM obj_task t
  WHERE t.object_id = o.id AND t.object_type = o.level AND t.cycle_value = ${cycle} ORDER BY t.created_at DESC, t.id DESC LIMIT 1)`;

/**
 * The effects of the measures written in task `prev` (unmet points with a non-empty gjcs), judged by the same
 * point code's result in task `cur` (either may be null): the domain's improvementEffect, set-based.
 */
const effectsOf = (prev: string, cur: string) => `(SELECT CASE
      WHEN r1.id IS NULL OR ${numberSql('r1')} IS NULL THEN 'pending'
      WHEN ${metSql('r1')} THEN 'effective'
      WHEN ${numberSql('r0')} IS NULL THEN 'improved'
      WHEN (CASE WHEN p0.cal_rule->>'direction' = 'lower' THEN ${numberSql('r1')} < ${numberSql('r0')} ELSE ${numberSql('r1')} > ${numberSql('r0')} END) THEN 'improved'
      ELSE 'notImproved' END AS effect
    FROM quality_result r0 JOIN quality_point p0 ON p0.id = r0.point_id
    LEFT JOIN LATERAL (SELECT r.* FROM quality_result r JOIN quality_point p ON p.id = r.point_id
                       WHERE r.obj_task_id = ${cur} AND p.code = p0.code ORDER BY r.id LIMIT 1) r1 ON true
    WHERE r0.obj_task_id = ${prev} AND ${unmetSql('r0')} AND nullif(btrim(r0.gjcs), '') IS NOT NULL)`;

/** 改进有效率 of a set of effects (alias e): effective ÷ judged × 100, 2 decimals; null with none judged. */
const RATE = `CASE WHEN count(*) FILTER (WHERE e.effect <> 'pending') = 0 THEN NULL
  ELSE round(100.0 * count(*) FILTER (WHERE e.effect = 'effective') / count(*) FILTER (WHERE e.effect <> 'pending'), 2)::float8 END`;

const rateOf = (prev: string, cur: string) => `(SELECT ${RATE} FROM ${effectsOf(prev, cur)} e)`;
const unmetOf = (task: string) => `(SELECT count(*)::int FROM quality_result r WHERE r.obj_task_id = ${task} AND ${unmetSql('r')})`;
const openWarningsOf = (task: string) =>
  `(SELECT count(*)::int FROM quality_result r JOIN warning_flow f ON f.result_id = r.id WHERE r.obj_task_id = ${task} AND f.clsj IS NULL)`;
const AUDIT_ORDER = `array_position(ARRAY['draft', 'refused', 'submitted', 'passed']::varchar[], cur.audit_state)`;

/** The sortable figures as SQL over the list's aliases (o, cur, prev). */
const SORT_SQL: Record<CentreSort, string> = {
  code: 'o.code',
  name: 'o.name',
  score: 'cur.score',
  lastScore: 'prev.score',
  auditState: AUDIT_ORDER,
  unmet: unmetOf('cur.id'),
  openWarnings: openWarningsOf('cur.id'),
  improvementRate: rateOf('prev.id', 'cur.id'),
};

/**
 * The level's objects in a cycle the viewer reads ($1 level, $2 cycle, $3 previous cycle, $4–$6 the viewer): live
 * ones and retired ones that still have a task in the cycle.
 */
const LEVEL_OBJECTS = `
  FROM diagnosis_object o
  LEFT JOIN diagnosis_object up ON up.id = o.upper_id
  LEFT JOIN LATERAL ${taskOf('$2')} cur ON true
  LEFT JOIN LATERAL ${taskOf('$3')} prev ON true
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
    const heads = await query<{ id: string }>(this.db, `SELECT id FROM department WHERE charge_user_id = $1`, [userId]);
    return { userId, roleCodes: await roleCodesOf(this.db, userId), headsDepartments: heads.map((h) => h.id) };
  }

  async cycles(level: CentreLevel): Promise<string[]> {
    const rows = await query<{ cycle: string }>(this.db,
      `SELECT DISTINCT t.cycle_value AS cycle FROM obj_task t WHERE t.object_type = $1 AND t.object_id IS NOT NULL ORDER BY 1 DESC`, [level]);
    return rows.map((r) => r.cycle);
  }

  async pageIds(level: CentreLevel, window: CycleWindow, viewer: CentreViewer, filter: CentreFilter, sort: { by: CentreSort; order: 'asc' | 'desc' }, page: { take: number; skip: number }): Promise<{ ids: string[]; total: number }> {
    const dir = sort.order === 'desc' ? 'DESC' : 'ASC';
    const rows = await query<{ id: string; total: number }>(this.db,
      `SELECT o.id, count(*) OVER ()::int AS total ${LEVEL_OBJECTS}
         AND ($7::varchar IS NULL OR coalesce(o.department_id, up.department_id) = $7)
         AND ($8::varchar IS NULL OR o.upper_id = $8)
         AND ($9::text IS NULL OR o.code ILIKE $9 OR o.name ILIKE $9)
       ORDER BY ${SORT_SQL[sort.by]} ${dir} NULLS LAST, o.code ${dir}, o.id
       LIMIT $10 OFFSET $11`,
      [level, window.cycle, window.previous, ...viewerParams(viewer), filter.departmentId, filter.majorId, filter.keyword ? likeContains(filter.keyword) : null, page.take, page.skip]);
    if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
    if (page.skip === 0) return { ids: [], total: 0 };
    // a page past the end has no row to carry the count
    const [n] = await query<{ n: number }>(this.db,
      `SELECT count(*)::int AS n ${LEVEL_OBJECTS}
         AND ($7::varchar IS NULL OR coalesce(o.department_id, up.department_id) = $7)
         AND ($8::varchar IS NULL OR o.upper_id = $8)
         AND ($9::text IS NULL OR o.code ILIKE $9 OR o.name ILIKE $9)`,
      [level, window.cycle, window.previous, ...viewerParams(viewer), filter.departmentId, filter.majorId, filter.keyword ? likeContains(filter.keyword) : null]);
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
      `WITH objs AS (SELECT o.id, cur.id AS task_id, cur.audit_state, prev.id AS prev_task_id ${LEVEL_OBJECTS}),
            res AS (SELECT r.*, ${metSql('r')} AS met FROM objs JOIN quality_result r ON r.obj_task_id = objs.task_id),
            eff AS (SELECT e.effect FROM objs CROSS JOIN LATERAL ${effectsOf('objs.prev_task_id', 'objs.task_id')} e WHERE objs.prev_task_id IS NOT NULL)
       SELECT (SELECT count(*)::int FROM objs) AS objects,
              (SELECT count(task_id)::int FROM objs) AS tasks,
              (SELECT count(*)::int FROM objs WHERE audit_state IN ('submitted', 'passed')) AS submitted,
              (SELECT count(*)::int FROM objs WHERE audit_state = 'passed') AS passed,
              (SELECT count(*)::int FROM res) AS points,
              (SELECT count(*)::int FROM res WHERE met) AS "pointsMet",
              (SELECT count(*)::int FROM res JOIN warning_flow f ON f.result_id = res.id) AS warnings,
              (SELECT count(*)::int FROM res JOIN warning_flow f ON f.result_id = res.id WHERE f.clsj IS NOT NULL) AS "warningsHandled",
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
