import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { visibleTasksCondition, visibleTasksParams } from '../../../infrastructure/database/visible-tasks.sql.js';
import { isEditable, type AuditAction, type AuditState } from '../domain/audit.js';
import {
  DiagnosisRepository,
  type AuditStep, type Datasource, type IndicatorRow, type ObjTask, type PointRow, type ResultEntry, type TableReads,
} from '../application/ports/diagnosis-repository.port.js';
import { affected, likeContains, pageWithTotal, query } from '../../../infrastructure/database/sql.js';
import { inTransaction, managerOf, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { taskScoreSql } from '../../../infrastructure/database/task-score.sql.js';

const TASK_SELECT = `
  SELECT t.id, t.library_id AS "libraryId", l.name AS "libraryName", t.rwmc, t.object_type AS "objectType", t.object_code AS "objectCode",
         t.object_name AS "objectName", t.object_id AS "objectId", t.cycle_value AS "cycleValue", t.department_id AS "departmentId",
         t.owner_id AS "ownerId", o.name AS "ownerName", t.auditor_id AS "auditorId", a.name AS "auditorName",
         t.audit_state AS "auditState", t.score::float8 AS score,
         to_char(t.start_date, 'YYYY-MM-DD') AS kssj, to_char(t.end_date, 'YYYY-MM-DD') AS jssj,
         coalesce(dl.state = 'closed', false) AS "cycleClosed", coalesce(u.n, 0) AS "urgeCount", u.last AS "lastUrgedAt"
  FROM obj_task t
  JOIN target_library l ON l.id = t.library_id
  LEFT JOIN app_user o ON o.id = t.owner_id
  LEFT JOIN app_user a ON a.id = t.auditor_id
  LEFT JOIN diagnosis_launch dl ON dl.id = t.launch_id
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS n, to_char(max(du.created_at), 'YYYY-MM-DD HH24:MI:SS') AS last
    FROM diagnosis_urge du WHERE du.obj_task_id = t.id
  ) u ON true`;

/**
 * One statement for the whole table: the task's points with this cycle's entries, and last cycle's result found by
 * point code in the same object's latest earlier task (the same type and code, or the same diagnosis object: a
 * launched task keeps its object's row though its code was changed since). $1 the task, $2 a point (id or code) or null, $3 the task's
 * library: given as a value, not read off the task, so PostgreSQL plans for that library's points (a school's
 * libraries differ in size by hundreds of times, and planned for the average it hash-joined every task's results:
 * 15 ms a call after the bench's library copies). Last cycle's rows come from that task's results.
 */
const ROWS_SQL = `
  WITH t AS (SELECT * FROM obj_task WHERE id = $1 AND library_id = $3),
  prev_task AS (
    SELECT pt.id, pt.library_id FROM obj_task pt, t
    WHERE ((pt.object_type = t.object_type AND pt.object_code = t.object_code) OR pt.object_id = t.object_id) AND pt.cycle_value < t.cycle_value
    ORDER BY pt.cycle_value DESC LIMIT 1
  ),
  prev AS (
    SELECT pp.code, coalesce(nullif(btrim(pr.xzjgz), ''), pr.jgz) AS sljsz, pr.jgdj AS sldj
    FROM prev_task JOIN quality_result pr ON pr.obj_task_id = prev_task.id
    JOIN quality_point pp ON pp.id = pr.point_id AND pp.library_id = prev_task.library_id
  )
  SELECT p.id AS "pointId", p.code, p.zkdmc, p.nh, p.zdbz, p.bzz, p.mbz, p.zlx, p.fsdl, p.fsjzxz, p.ration, p.cal_rule AS "calRule",
         p.indicator_id AS "indicatorId", r.xzmbz, r.jgz, r.jgz_source AS "jgzSource", r.xzjgz, r.jgdj, r.yyfx, r.gjcs,
         coalesce(r.unfin, false) AS unfin, coalesce(r.dis, false) AS dis, prev.sljsz, prev.sldj
  FROM t
  JOIN quality_point p ON p.library_id = $3
  LEFT JOIN quality_result r ON r.obj_task_id = $1 AND r.point_id = p.id
  LEFT JOIN prev ON prev.code = p.code
  WHERE ($2::text IS NULL OR p.id = $2 OR p.code = $2)
  ORDER BY p.sort_order, p.code`;

/** A library's data sources (`where` over d and its point p), by point and their order. */
const DATASOURCES_SQL = (where: string) => `
  SELECT d.point_id AS "pointId", d.sjlx, d.jsgz, d.cjfs, d.xsfs FROM point_datasource d JOIN quality_point p ON p.id = d.point_id
  WHERE ${where} ORDER BY d.point_id, d.sort_order`;
const INDICATORS_SQL = (library: string) => `SELECT id, parent_id AS "parentId", name, level FROM indicator WHERE library_id = ${library} ORDER BY level, sort_order`;

/** The table's reads as one row of JSON arrays: $1 the task, $2 a point or null, $3 the task's library (as ROWS_SQL). */
const TABLE_SQL = `
  SELECT
    (SELECT coalesce(json_agg(x), '[]') FROM (${ROWS_SQL}) x) AS rows,
    (SELECT coalesce(json_agg(x), '[]') FROM (${DATASOURCES_SQL('p.library_id = $3')}) x) AS sources,
    (SELECT coalesce(json_agg(x), '[]') FROM (${INDICATORS_SQL('$3')}) x) AS indicators,
    (SELECT coalesce(json_agg(x), '[]') FROM (
       SELECT a.id, a.owner_id AS "pointId", a.file_id AS "fileId", f.file_name AS "fileName", f.ext AS "fileType", a.stage
       FROM attachment a JOIN doc_file f ON f.id = a.file_id
       WHERE a.owner_type = 'quality-point' AND a.obj_task_id = $1 ORDER BY a.created_at) x) AS files`;

@Injectable()
export class DiagnosisPgRepository extends DiagnosisRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async task(id: string): Promise<ObjTask | null> {
    const rows = await query<ObjTask>(this.db, `${TASK_SELECT} WHERE t.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async tasks(filter: Parameters<DiagnosisRepository['tasks']>[0], window: { skip: number; take: number }) {
    // every filter only narrows "who may read" (visibleTasksCondition); the total counts what they keep, as listed
    const where = `
      WHERE ($1::text IS NULL OR t.library_id = $1) AND ($2::text IS NULL OR t.cycle_value = $2) AND ($3::text IS NULL OR t.object_type = $3)
        AND ($4::text IS NULL OR t.audit_state = $4) AND ($5::text IS NULL OR t.rwmc ILIKE $5 OR t.object_name ILIKE $5) AND ${visibleTasksCondition(6)}`;
    const params = [
      filter.libraryId ?? null,
      filter.cycleValue ?? null,
      filter.objectType ?? null,
      filter.auditState ?? null,
      filter.keyword ? likeContains(filter.keyword) : null,
      ...visibleTasksParams(filter.visibleTo),
    ];
    return pageWithTotal<ObjTask>(this.db, {
      select: TASK_SELECT,
      from: `FROM obj_task t ${where}`,
      alias: 't',
      order: 't.cycle_value DESC, t.rwmc, t.id',
      params,
      take: window.take,
      skip: window.skip,
    });
  }

  async taskCycles(filter: Parameters<DiagnosisRepository['taskCycles']>[0]): Promise<string[]> {
    const rows = await query<{ cycle: string }>(
      this.db,
      `SELECT DISTINCT t.cycle_value AS cycle FROM obj_task t WHERE ($1::text IS NULL OR t.object_type = $1) AND ${visibleTasksCondition(2)} ORDER BY 1 DESC`,
      [filter.objectType ?? null, ...visibleTasksParams(filter.visibleTo)],
    );
    return rows.map((r) => r.cycle);
  }

  rows(taskId: string, libraryId: string, pointId?: string, tx?: Transaction): Promise<PointRow[]> {
    return query<PointRow>(runnerOf(this.db, tx), ROWS_SQL, [taskId, pointId ?? null, libraryId]);
  }

  datasources(libraryId: string, pointId?: string): Promise<Datasource[]> {
    return query<Datasource>(this.db, DATASOURCES_SQL('p.library_id = $1 AND ($2::text IS NULL OR d.point_id = $2)'), [libraryId, pointId ?? null]);
  }

  indicators(libraryId: string): Promise<IndicatorRow[]> {
    return query<IndicatorRow>(this.db, INDICATORS_SQL('$1'), [libraryId]);
  }

  /**
   * One round trip for the table's four reads, each a JSON array in its order (json_agg over an ordered subquery keeps
   * it): the throughput bench (issue 17) found each statement's system calls a large part of the table's cost.
   */
  async table(taskId: string, libraryId: string, pointId?: string): Promise<TableReads> {
    const [reads] = await query<TableReads>(this.db, TABLE_SQL, [taskId, pointId ?? null, libraryId]);
    return reads!;
  }

  async saveEntry(taskId: string, pointId: string, e: ResultEntry, userId: string): Promise<AuditState | null> {
    return inTransaction(this.db, async (m) => {
      // The task first: a submission since the caller's check wins, and two saves of one task score in turn (NO KEY
      // UPDATE: rows being added under the task elsewhere, which key-share lock it, are not waited for).
      const [locked] = await query<{ auditState: AuditState }>(m, `SELECT audit_state AS "auditState" FROM obj_task WHERE id = $1 FOR NO KEY UPDATE`, [taskId]);
      if (!locked || !isEditable(locked.auditState)) return locked?.auditState ?? null;
      await m.query(
        `INSERT INTO quality_result (obj_task_id, point_id, xzmbz, jgz, xzjgz, jgdj, yyfx, gjcs, unfin, dis, updated_by, jgz_source, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
         ON CONFLICT (obj_task_id, point_id) DO UPDATE SET xzmbz = EXCLUDED.xzmbz, jgz = EXCLUDED.jgz, xzjgz = EXCLUDED.xzjgz, jgdj = EXCLUDED.jgdj,
           yyfx = EXCLUDED.yyfx, gjcs = EXCLUDED.gjcs, unfin = EXCLUDED.unfin, dis = EXCLUDED.dis, updated_by = EXCLUDED.updated_by,
           jgz_source = EXCLUDED.jgz_source, updated_at = now()`,
        [taskId, pointId, e.xzmbz, e.jgz, e.xzjgz, e.jgdj, e.yyfx, e.gjcs, e.unfin, e.dis, userId, e.jgz === null ? null : (e.jgzSource ?? 'typed')],
      );
      // the row's grade changed: the task's score follows, from the rows as now stored (a graded task carries its score)
      await m.query(`UPDATE obj_task SET score = ${taskScoreSql('$1')}, updated_at = now() WHERE id = $1`, [taskId]);
      return locked.auditState;
    });
  }

  async lockTask(tx: Transaction, taskId: string): Promise<AuditState | null> {
    const [locked] = await query<{ auditState: AuditState }>(managerOf(tx), `SELECT audit_state AS "auditState" FROM obj_task WHERE id = $1 FOR NO KEY UPDATE`, [taskId]);
    return locked?.auditState ?? null;
  }

  async saveGrades(tx: Transaction, taskId: string, grades: Array<{ pointId: string; jgdj: string | null; unfin: boolean; dis: boolean }>, score: number | null): Promise<void> {
    const m = managerOf(tx);
    // One statement for every row (unnest of arrays), creating rows for points not yet touched.
    await m.query(
      `INSERT INTO quality_result (obj_task_id, point_id, jgdj, unfin, dis, updated_at)
       SELECT $1, g.point_id, g.jgdj, g.unfin, g.dis, now() FROM unnest($2::varchar[], $3::varchar[], $4::boolean[], $5::boolean[]) AS g(point_id, jgdj, unfin, dis)
       ON CONFLICT (obj_task_id, point_id) DO UPDATE SET jgdj = EXCLUDED.jgdj, unfin = EXCLUDED.unfin, dis = EXCLUDED.dis, updated_at = now()`,
      [taskId, grades.map((g) => g.pointId), grades.map((g) => g.jgdj), grades.map((g) => g.unfin), grades.map((g) => g.dis)],
    );
    await m.query(`UPDATE obj_task SET score = $2, updated_at = now() WHERE id = $1`, [taskId, score]);
  }

  async audit(tx: Transaction, taskId: string, from: AuditState, to: AuditState, step: { action: AuditAction; comment: string | null; userId: string; userName: string }): Promise<boolean> {
    const m = managerOf(tx);
    // Moves only from the state the caller saw: two auditors at once cannot both pass or refuse.
    const count = await affected(m, `UPDATE obj_task SET audit_state = $3, updated_at = now() WHERE id = $1 AND audit_state = $2`, [taskId, from, to]);
    if (count !== 1) return false;
    await m.query(
      `INSERT INTO audit_dynamic (obj_task_id, action, from_state, to_state, comment, user_id, user_name) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [taskId, step.action, from, to, step.comment, step.userId, step.userName],
    );
    return true;
  }

  auditSteps(taskId: string): Promise<AuditStep[]> {
    return query<AuditStep>(this.db,
      `SELECT id, action, from_state AS "fromState", to_state AS "toState", comment, user_id AS "userId", user_name AS "userName", created_at AS "createdAt"
       FROM audit_dynamic WHERE obj_task_id = $1 ORDER BY created_at, id`,
      [taskId],
    );
  }

  async closedTasks(taskIds: string[], tx?: Transaction): Promise<Set<string>> {
    if (taskIds.length === 0) return new Set();
    const rows = await query<{ id: string }>(runnerOf(this.db, tx),
      `SELECT t.id FROM obj_task t JOIN diagnosis_launch dl ON dl.id = t.launch_id WHERE t.id = ANY($1::varchar[]) AND dl.state = 'closed'`,
      [taskIds],
    );
    return new Set(rows.map((r) => r.id));
  }
}
