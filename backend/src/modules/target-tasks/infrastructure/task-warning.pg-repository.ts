import { Injectable } from '@nestjs/common';
import type { WarningCadence } from '@zhengai/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import type { TaskWarningMaps } from '../../workbench/application/ports/task-counts.port.js';
import { TaskWarningRepository, type StoredConditions, type WarningCountScope } from '../application/ports/task-warning-repository.port.js';
import { DEFAULT_WARNING_CONDITIONS, type WarningConditions } from '../domain/task-warnings.js';
import type { TaskStanding } from '../domain/task-access.js';
import { parameters, TaskAccessSql } from './task-access.sql.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

// The conditions of each task: its year target's own row, else the school-wide one, else the seeded default.
const CONDITIONS_JOIN = `
  LEFT JOIN task_warning_condition yc ON yc.year_target_id = t.year_target_id
  LEFT JOIN task_warning_condition sc ON sc.year_target_id IS NULL`;
const CADENCE = `COALESCE(yc.cadence, sc.cadence, '${DEFAULT_WARNING_CONDITIONS.cadence}')`;
const GRACE = `COALESCE(yc.grace_days, sc.grace_days, ${DEFAULT_WARNING_CONDITIONS.graceDays})`;
const MONTHS = `CASE ${CADENCE} WHEN 'month' THEN 1 WHEN 'quarter' THEN 3 ELSE 6 END`;

// A report covers a period (domain/task-warnings.ts `covers`): not rejected, and naming the period or dated in it
// (its first day to its last plus the grace days).
const covers = (task: string, key: string, start: string, end: string, grace: string) => `EXISTS (
  SELECT 1 FROM progress_report r WHERE r.task_id = ${task} AND r.audit_state <> 'reject'
    AND (r.period_key = ${key} OR (r.period_key IS NULL AND r.reported_at::date BETWEEN ${start} AND ${end} + ${grace})))`;

/**
 * Process warnings to open: each task in execution (not paused, with kssj) against every period from the one holding
 * its kssj up to today; due when the period ended, plus grace, before today and ended before jssj; uncovered ones
 * open. The period key is '2026-03', '2026-Q1' or '2026-H1' (domain `periodOf`).
 */
const OPEN_PROCESS = `
  WITH c AS (
    SELECT t.id, t.jssj, ${MONTHS} AS months, ${GRACE} AS grace,
           make_date(extract(year FROM t.kssj)::int, ((extract(month FROM t.kssj)::int - 1) / ${MONTHS}) * ${MONTHS} + 1, 1) AS first
    FROM target_task t ${CONDITIONS_JOIN}
    WHERE t.rwjd IN ('executeing', 'delayNotDone') AND t.task_state = 'normal' AND t.kssj IS NOT NULL AND t.kssj < $1::date
  ), p AS (
    SELECT c.id, c.jssj, c.grace, c.months, g.s::date AS s, (g.s + make_interval(months => c.months) - interval '1 day')::date AS e
    FROM c CROSS JOIN LATERAL generate_series(c.first::timestamp, $1::date::timestamp, make_interval(months => c.months)) AS g(s)
  ), due AS (
    SELECT p.id, p.s, p.e, p.grace,
           CASE p.months WHEN 1 THEN to_char(p.s, 'YYYY-MM')
                         WHEN 3 THEN to_char(p.s, 'YYYY') || '-Q' || ((extract(month FROM p.s)::int - 1) / 3 + 1)
                         ELSE to_char(p.s, 'YYYY') || '-H' || ((extract(month FROM p.s)::int - 1) / 6 + 1) END AS key
    FROM p WHERE p.e + p.grace < $1::date AND (p.jssj IS NULL OR p.e < p.jssj)
  ), opened AS (
    INSERT INTO task_warning (task_id, kind, period_key, period_start, period_end)
    SELECT due.id, 'process', due.key, due.s, due.e FROM due
    WHERE NOT ${covers('due.id', 'due.key', 'due.s', 'due.e', 'due.grace')}
      -- already there (open or closed): skipped before the insert, so the steady state only reads
      AND NOT EXISTS (SELECT 1 FROM task_warning w WHERE w.task_id = due.id AND w.kind = 'process' AND w.period_key = due.key)
    ON CONFLICT (task_id, kind, period_key) DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::int AS n FROM opened`;

// closed_at never before opened_at (a warning another scan opened after this statement's transaction began).
const CLOSE_NOW = `closed_at = GREATEST(clock_timestamp(), w.opened_at)`;

/**
 * The expired pass in one statement: the overdue tasks (jssj before today, not finished; key 'jssj:<jssj>', so a new
 * end date opens anew) against the open expired warnings, one full join: a task without its warning opens one, a
 * warning without its overdue task (finished, jssj moved or gone) closes. It reads the overdue tasks once, through
 * the partial index on open end dates, never the whole table (the benchmark: ~21 ms against 4 ms for the bare read).
 */
const EXPIRED_PASS = `
  WITH due AS (
    SELECT t.id, 'jssj:' || to_char(t.jssj, 'YYYY-MM-DD') AS key FROM target_task t
    WHERE t.jssj < $1::date AND t.task_state <> 'finished'
  ), open AS (
    SELECT w.id, w.task_id, w.period_key FROM task_warning w WHERE w.kind = 'expired' AND w.closed_at IS NULL
  ), diff AS MATERIALIZED (
    SELECT due.id AS task_id, due.key, open.id AS warning_id
    FROM due FULL JOIN open ON open.task_id = due.id AND open.period_key = due.key
    WHERE due.id IS NULL OR open.id IS NULL
  ), closed AS (
    UPDATE task_warning w SET ${CLOSE_NOW}
    FROM diff WHERE diff.task_id IS NULL AND w.id = diff.warning_id AND w.closed_at IS NULL
    RETURNING 1
  ), opened AS (
    INSERT INTO task_warning (task_id, kind, period_key)
    SELECT diff.task_id, 'expired', diff.key FROM diff WHERE diff.warning_id IS NULL
    ON CONFLICT (task_id, kind, period_key) DO NOTHING
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM opened)::int AS opened, (SELECT count(*) FROM closed)::int AS closed`;

/** Open process warnings resolved: the task finished, or a report covers the period. */
const CLOSE_PROCESS = `
  WITH closed AS (
    UPDATE task_warning w SET ${CLOSE_NOW}
    FROM target_task t ${CONDITIONS_JOIN}
    WHERE w.task_id = t.id AND w.kind = 'process' AND w.closed_at IS NULL
      AND (t.task_state = 'finished' OR ${covers('t.id', 'w.period_key', 'w.period_start', 'w.period_end', GRACE)})
    RETURNING 1
  )
  SELECT count(*)::int AS n FROM closed`;

@Injectable()
export class TaskWarningPgRepository extends TaskWarningRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async conditions(yearTargetId: string | null): Promise<StoredConditions | null> {
    const rows = await query<{ cadence: WarningCadence; graceDays: number; updateTime: string | null }>(this.db,
      `SELECT cadence, grace_days AS "graceDays", to_char(updated_at, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
       FROM task_warning_condition WHERE year_target_id IS NOT DISTINCT FROM $1::varchar`,
      [yearTargetId]);
    return rows[0] ? { yearTargetId, ...rows[0] } : null;
  }

  async saveConditions(yearTargetId: string | null, c: WarningConditions, userId: string): Promise<void> {
    // Two partial uniques (the year target's column, and the one school-wide row): update first, insert when none.
    await inTransaction(this.db, async (m) => {
      const updated = await query(m,
        `UPDATE task_warning_condition SET cadence = $2, grace_days = $3, updated_by = $4, updated_at = now()
         WHERE year_target_id IS NOT DISTINCT FROM $1::varchar RETURNING id`,
        [yearTargetId, c.cadence, c.graceDays, userId]);
      if (updated.length > 0) return;
      await m.query(
        `INSERT INTO task_warning_condition (year_target_id, cadence, grace_days, updated_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [yearTargetId, c.cadence, c.graceDays, userId]);
    });
  }

  async yearTargetExists(id: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM year_target WHERE id = $1`, [id])).length > 0;
  }

  async scan(today: string): Promise<{ opened: number; closed: number }> {
    const expired = await this.scanExpired(today);
    const process = await this.scanProcess(today);
    return { opened: expired.opened + process.opened, closed: expired.closed + process.closed };
  }

  /** The expired half of a scan (the benchmark times it apart). */
  async scanExpired(today: string): Promise<{ opened: number; closed: number }> {
    return this.inOwnTransaction((m) => query<{ opened: number; closed: number }>(m, EXPIRED_PASS, [today]).then((rows) => rows[0]));
  }

  /** The process half of a scan. Whether a report covers a period does not depend on the day. */
  async scanProcess(today: string): Promise<{ opened: number; closed: number }> {
    const closed = await this.count(CLOSE_PROCESS, []);
    const opened = await this.count(OPEN_PROCESS, [today]);
    return { opened, closed };
  }

  /**
   * One statement of the scan, in its own short transaction without JIT: generate_series makes the planner expect
   * millions of rows, and compiling the plan took 0.9 s of a 1.3 s statement over 50,000 tasks (the benchmark).
   */
  private inOwnTransaction<T>(run: (m: EntityManager) => Promise<T>): Promise<T> {
    return inTransaction(this.db, async (m) => {
      await m.query(`SET LOCAL jit = off`);
      return run(m);
    });
  }

  private count(sql: string, params: unknown[]): Promise<number> {
    return this.inOwnTransaction(async (m) => (await query<{ n: number }>(m, sql, params))[0].n);
  }

  async warningMaps(standing: TaskStanding, scope: WarningCountScope): Promise<TaskWarningMaps> {
    const { params, p } = parameters();
    const access = new TaskAccessSql(standing, p);
    // The lists' predicates: personal = 我的任务 and 我的协作, else what the person sees (of those departments' tasks).
    const where = scope.kind === 'personal' ? [`(${access.page('MY_TASK')} OR ${access.page('MY_COOP_TASK')})`] : [access.sees()];
    if (scope.kind === 'department') where.push(`t.charge_department_id = ANY(${p(scope.departmentIds)}::text[])`);
    const rows = await query<{ id: string; kind: 'process' | 'expired'; n: number }>(this.db,
      `SELECT w.task_id AS id, w.kind, count(*)::int AS n
       FROM task_warning w JOIN target_task t ON t.id = w.task_id
       WHERE w.closed_at IS NULL ${where.map((c) => `AND ${c}`).join(' ')}
       GROUP BY w.task_id, w.kind`,
      params);
    const maps: TaskWarningMaps = { delayMap: {}, processMap: {} };
    for (const r of rows) (r.kind === 'expired' ? maps.delayMap : maps.processMap)[r.id] = r.n;
    return maps;
  }


}
