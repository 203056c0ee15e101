import { Injectable } from '@nestjs/common';
import { RWJD_FINISHED, type SelectedSchool, type SummaryDepartment } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { query, sqlTextList } from '../../../infrastructure/database/sql.js';
import { TaskSummaryReader, type SummaryCounts, type SummaryFilter, type SummaryScope } from '../application/ports/task-summary-reader.port.js';
import type { TaskStanding } from '../domain/task-access.js';
import { parameters, TaskAccessSql } from './task-access.sql.js';

const DEPARTMENT = `SELECT d.id, d.name, u.name AS "headName" FROM department d LEFT JOIN app_user u ON u.id = d.charge_user_id`;

/**
 * The summary in one statement: the scoped tasks (with their open warnings and the progress of their last passed
 * report, the shared kernel's rule in SQL: value / target × 100, 2 decimals, capped 0–100, 0 when either is zero or
 * missing), then one GROUP BY per figure, each answered as JSON.
 */
const SUMMARY = (where: string, yearRef: string) => `
  WITH s AS (
    SELECT t.id, t.rwjd, t.rwlx, t.charge_department_id AS dept, t.rwjd IN (${sqlTextList(RWJD_FINISHED)}) AS done,
           (SELECT count(*) FROM task_warning w WHERE w.task_id = t.id AND w.kind = 'process' AND w.closed_at IS NULL)::int AS pw,
           (SELECT count(*) FROM task_warning w WHERE w.task_id = t.id AND w.kind = 'expired' AND w.closed_at IS NULL)::int AS ew,
           COALESCE((SELECT CASE WHEN r.value_reached IS NULL OR r.value_reached = 0 OR t.target_value IS NULL OR t.target_value = 0 THEN 0
                                 ELSE LEAST(100, GREATEST(0, round(r.value_reached / t.target_value * 100, 2))) END
                     FROM progress_report r WHERE r.task_id = t.id AND r.audit_state IN ('pass', 'childPass')
                     ORDER BY r.reported_at DESC, r.id DESC LIMIT 1), 0) AS pct
    FROM target_task t ${where}
  )
  SELECT
    (SELECT COALESCE(json_agg(x), '[]') FROM (SELECT rwjd, count(*)::int AS count FROM s GROUP BY rwjd) x) AS "byState",
    (SELECT COALESCE(json_agg(x ORDER BY x.total DESC, x."departId" NULLS LAST), '[]') FROM (
       SELECT s.dept AS "departId", d.name AS "departName", count(*)::int AS total, count(*) FILTER (WHERE s.done)::int AS finished,
              sum(s.pw)::int AS "processWarnings", sum(s.ew)::int AS "expiredWarnings"
       FROM s LEFT JOIN department d ON d.id = s.dept GROUP BY s.dept, d.name) x) AS "byDepartment",
    (SELECT COALESCE(json_agg(x ORDER BY x.sort, x.rwlx), '[]') FROM (
       SELECT tt.id AS rwlx, tt.rwlxmc, tt.sort_order AS sort, count(s.id)::int AS total, count(s.id) FILTER (WHERE s.done)::int AS finished
       FROM task_type tt LEFT JOIN s ON s.rwlx = tt.id GROUP BY tt.id, tt.rwlxmc, tt.sort_order) x) AS "byType",
    (SELECT COALESCE(json_agg(x), '[]') FROM (
       SELECT CASE WHEN pct = 0 THEN '0' WHEN pct <= 25 THEN '0-25' WHEN pct <= 50 THEN '25-50' WHEN pct <= 75 THEN '50-75'
                   WHEN pct < 100 THEN '75-100' ELSE '100' END AS bucket, count(*)::int AS count
       FROM s GROUP BY 1) x) AS progress,
    (SELECT COALESCE(sum(pw), 0)::int FROM s) AS "processWarnings",
    (SELECT COALESCE(sum(ew), 0)::int FROM s) AS "expiredWarnings",
    (SELECT COALESCE(json_agg(x ORDER BY x.month), '[]') FROM (
       SELECT to_char(w.opened_at, 'YYYY-MM') AS month, count(*)::int AS count
       FROM task_warning w JOIN s ON s.id = w.task_id
       WHERE w.kind = 'expired' AND to_char(w.opened_at, 'YYYY') = ${yearRef} GROUP BY 1) x) AS "overdueTrend"`;

@Injectable()
export class TaskSummaryPgReader extends TaskSummaryReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  async counts(scope: SummaryScope, filter: SummaryFilter): Promise<SummaryCounts> {
    const { params, p } = parameters();
    const where: string[] = [];
    // What the lists show the person (the access table's page predicates).
    if (scope.kind === 'none') where.push('false');
    else {
      const access = scope.standing ? new TaskAccessSql(scope.standing, p) : null;
      if (scope.kind === 'my') where.push(`(${access!.page('MY_TASK')} OR ${access!.page('MY_COOP_TASK')})`);
      else if (scope.kind === 'department') where.push(access?.page('DEPARTMENT_TASK') ?? 'TRUE', `t.charge_department_id = ${p(scope.departmentId)}`);
      else where.push(access?.page('YEAR_TASK') ?? 'TRUE');
    }
    if (filter.year) where.push(`${p(filter.year)}::text = ANY(string_to_array(t.rwnf, ','))`);
    if (filter.yearTargetId) where.push(`t.year_target_id = ${p(filter.yearTargetId)}`);
    const yearRef = `${p(filter.trendYear)}::text`;
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [row] = await query<SummaryCounts>(this.db, SUMMARY(whereSql, yearRef), params);
    return row;
  }

  async departments(ids: string[]): Promise<SummaryDepartment[]> {
    if (ids.length === 0) return [];
    return query<SummaryDepartment>(this.db, `${DEPARTMENT} WHERE d.id = ANY($1::text[]) ORDER BY d.sort_order, d.id`, [ids]);
  }

  async chargeDepartments(standing: TaskStanding): Promise<SummaryDepartment[]> {
    const { params, p } = parameters();
    const seen = new TaskAccessSql(standing, p).page('DEPARTMENT_TASK');
    return query<SummaryDepartment>(this.db,
      `${DEPARTMENT} WHERE EXISTS (SELECT 1 FROM target_task t WHERE t.charge_department_id = d.id AND ${seen}) ORDER BY d.sort_order, d.id`, params);
  }

  async schools(): Promise<SelectedSchool[]> {
    return query<SelectedSchool>(this.db, `SELECT id, school_name AS "schoolName", school_code AS "schoolCode" FROM school_profile ORDER BY created_at, id`);
  }
}
