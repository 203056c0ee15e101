import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MonitoringRepository, type CollectedResult, type DueExternal, type NewSample, type NewWarning, type SampledResult, type SamplingKeys, type ScanRow, type WarningMessageTemplate } from '../application/ports/monitoring-repository.port.js';
import { query } from '../../../infrastructure/database/sql.js';
import { taskScoreSql } from '../../../infrastructure/database/task-score.sql.js';
import { inTransaction, managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { messagesInsertSql } from '../../../infrastructure/database/message-insert.sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { WARNING_ADDRESSEES_OF_TASK } from './warning-flow.pg-repository.js';

/**
 * Tasks still under review are watched; a passed review is closed, and so is a task whose launch closed its cycle
 * (诊断任务下发 关闭周期: its results stay as they were).
 */
const WATCHED = `t.audit_state <> 'passed' AND (t.launch_id IS NULL OR NOT EXISTS (SELECT 1 FROM diagnosis_launch dl WHERE dl.id = t.launch_id AND dl.state = 'closed'))`;
/** A point's collection method: its first data source's, or report when it has none. */
const METHOD = `coalesce((SELECT d.cjfs FROM point_datasource d WHERE d.point_id = p.id ORDER BY d.sort_order, d.id LIMIT 1), 'report')`;
const PERIOD_KEY = `CASE p.sampling_period WHEN 'month' THEN $1 WHEN 'week' THEN $2 ELSE $3 END`;

@Injectable()
export class MonitoringPgRepository extends MonitoringRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async ensureRows(): Promise<number> {
    const [{ n }] = await query<{ n: number }>(this.db, `
      WITH ins AS (INSERT INTO quality_result (obj_task_id, point_id)
      SELECT t.id, p.id FROM obj_task t JOIN quality_point p ON p.library_id = t.library_id
      WHERE ${WATCHED} AND (p.sampling_period <> 'none' OR p.warning_rule IS NOT NULL)
      ON CONFLICT (obj_task_id, point_id) DO NOTHING RETURNING 1)
      SELECT count(*)::int AS n FROM ins`);
    return n;
  }

  async sampleReported(keys: SamplingKeys, at: Date): Promise<number> {
    // A value changed later in the same period replaces the period's sample: the period shows what was reported last.
    const [{ n }] = await query<{ n: number }>(this.db,
      `WITH ins AS (INSERT INTO sampling_record (result_id, sj, cjz, zlx, cjfs, period_key)
       SELECT r.id, $4, coalesce(nullif(btrim(r.xzjgz), ''), r.jgz), p.zlx, 'report', ${PERIOD_KEY}
       FROM quality_result r
       JOIN obj_task t ON t.id = r.obj_task_id
       JOIN quality_point p ON p.id = r.point_id
       WHERE ${WATCHED} AND p.sampling_period <> 'none' AND ${METHOD} = 'report'
         AND coalesce(nullif(btrim(r.xzjgz), ''), nullif(btrim(r.jgz), '')) IS NOT NULL
       ON CONFLICT (result_id, period_key) DO UPDATE SET cjz = EXCLUDED.cjz, sj = EXCLUDED.sj
       WHERE sampling_record.cjfs = 'report' AND sampling_record.cjz IS DISTINCT FROM EXCLUDED.cjz
       RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [keys.month, keys.week, keys.day, at],
    );
    return n;
  }

  async dueExternal(keys: SamplingKeys): Promise<DueExternal[]> {
    return query<DueExternal>(this.db,
      `SELECT r.id AS "resultId", r.obj_task_id AS "objTaskId", p.id AS "pointId", t.object_code AS "objectCode", t.object_name AS "objectName",
              t.cycle_value AS "cycleValue", p.zlx, ${PERIOD_KEY} AS "periodKey",
              d.id AS "datasourceId", d.cjfs, d.config
       FROM quality_result r
       JOIN obj_task t ON t.id = r.obj_task_id
       JOIN quality_point p ON p.id = r.point_id
       JOIN LATERAL (SELECT * FROM point_datasource d WHERE d.point_id = p.id ORDER BY d.sort_order, d.id LIMIT 1) d ON true
       WHERE ${WATCHED} AND p.sampling_period <> 'none' AND d.cjfs <> 'report' AND d.config IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM sampling_record s WHERE s.result_id = r.id AND s.period_key = ${PERIOD_KEY})
       ORDER BY d.id, r.id`,
      [keys.month, keys.week, keys.day],
    );
  }

  async insertSamples(samples: NewSample[]): Promise<number> {
    const [{ n }] = await query<{ n: number }>(this.db,
      `WITH ins AS (INSERT INTO sampling_record (result_id, sj, cjz, zlx, cjfs, period_key, detail)
       SELECT * FROM unnest($1::varchar[], $2::timestamptz[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::json[])
       ON CONFLICT (result_id, period_key) DO NOTHING RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [
        samples.map((s) => s.resultId), samples.map((s) => s.sj), samples.map((s) => s.cjz?.slice(0, 100) ?? null), samples.map((s) => s.zlx),
        samples.map((s) => s.cjfs), samples.map((s) => s.periodKey), samples.map((s) => (s.detail ? JSON.stringify(s.detail) : null)),
      ],
    );
    return n;
  }

  async staleSampledResults(): Promise<SampledResult[]> {
    return query<SampledResult>(this.db,
      `SELECT r.id AS "resultId", s.cjz, p.zlx, p.mbz, r.xzmbz, r.xzjgz, p.bzz, p.cal_rule AS "calRule"
       FROM quality_result r
       JOIN obj_task t ON t.id = r.obj_task_id
       JOIN quality_point p ON p.id = r.point_id
       JOIN LATERAL (SELECT s.cjz FROM sampling_record s WHERE s.result_id = r.id ORDER BY s.sj DESC, s.id DESC LIMIT 1) s ON true
       WHERE ${WATCHED} AND ${METHOD} <> 'report' AND r.jgz_source IS DISTINCT FROM 'typed'
         AND nullif(btrim(s.cjz), '') IS NOT NULL AND r.jgz IS DISTINCT FROM s.cjz`,
    );
  }

  async latestSampledValue(objTaskId: string, pointId: string): Promise<string | null> {
    const rows = await query<{ cjz: string }>(this.db,
      `SELECT s.cjz FROM quality_result r JOIN sampling_record s ON s.result_id = r.id
       WHERE r.obj_task_id = $1 AND r.point_id = $2 AND s.cjfs <> 'report' ORDER BY s.sj DESC, s.id DESC LIMIT 1`,
      [objTaskId, pointId],
    );
    const value = rows[0]?.cjz?.trim();
    return value ? value : null;
  }

  async applyResults(results: CollectedResult[]): Promise<void> {
    await inTransaction(this.db, async (m) => {
      // The tasks first, in id order, as a diagnosis save locks its task before its row: the two wait for each other
      // instead of deadlocking, and each scores from the other's committed grades.
      await m.query(
        `SELECT t.id FROM obj_task t WHERE t.id IN (SELECT obj_task_id FROM quality_result WHERE id = ANY($1::varchar[])) ORDER BY t.id FOR NO KEY UPDATE OF t`,
        [results.map((r) => r.resultId)],
      );
      const changed = await query<{ taskId: string }>(m,
        `UPDATE quality_result r SET jgz = x.jgz, jgz_source = 'sampled', jgdj = x.jgdj, unfin = x.unfin, dis = x.dis, updated_at = now()
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::boolean[], $5::boolean[]) AS x(id, jgz, jgdj, unfin, dis)
         WHERE r.id = x.id AND r.jgz_source IS DISTINCT FROM 'typed'
         RETURNING r.obj_task_id AS "taskId"`,
        [results.map((r) => r.resultId), results.map((r) => r.jgz), results.map((r) => r.jgdj), results.map((r) => r.unfin), results.map((r) => r.dis)],
      );
      // New grades move the task's score (taskScoreSql).
      const taskIds = [...new Set(changed.map((r) => r.taskId))];
      if (taskIds.length === 0) return;
      await m.query(`UPDATE obj_task t SET score = ${taskScoreSql('t.id')} WHERE t.id = ANY($1)`, [taskIds]);
    });
  }

  async recordFailure(f: { datasourceId: string; resultId: string | null; cjfs: string; message: string }): Promise<void> {
    await this.db.query(`INSERT INTO collection_failure (datasource_id, result_id, cjfs, message) VALUES ($1, $2, $3, $4)`, [f.datasourceId, f.resultId, f.cjfs, f.message]);
  }

  async *scanRows(pageSize: number): AsyncIterable<ScanRow[]> {
    // One statement through a cursor, not keyset pages: each page was its own nested-loop plan over the indexes
    // (about 4× the single statement's read); one plan hash-joins the tables once and streams them. Planned for all
    // its rows (cursor_tuple_fraction 1, not the first 10 %), and without JIT, whose compile took longer than the
    // read it would speed up.
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL cursor_tuple_fraction = 1`);
      await runner.query(`SET LOCAL jit = off`);
      await runner.query(
        // Target and scoring rule matter only to level rules (the grade); value rules leave them out of the transfer.
        `DECLARE warning_scan NO SCROLL CURSOR FOR
         SELECT r.id AS "resultId", p.zlx, p.warning_rule AS rule, s.sj, s.cjz,
                CASE WHEN p.warning_rule->>'yjlx' = 'level' THEN coalesce(nullif(btrim(r.xzmbz), ''), p.mbz) END AS target,
                CASE WHEN p.warning_rule->>'yjlx' = 'level' THEN p.cal_rule END AS "calRule"
         FROM quality_result r
         JOIN obj_task t ON t.id = r.obj_task_id
         JOIN quality_point p ON p.id = r.point_id
         JOIN LATERAL (SELECT sj, cjz FROM sampling_record s WHERE s.result_id = r.id ORDER BY s.sj DESC, s.id DESC LIMIT 1) s ON true
         WHERE ${WATCHED} AND p.warning_rule IS NOT NULL`,
      );
      for (;;) {
        const page = await query<ScanRow>(runner, `FETCH ${Math.max(1, Math.trunc(pageSize))} FROM warning_scan`);
        if (page.length > 0) yield page;
        if (page.length < pageSize) break;
      }
      await runner.commitTransaction();
    } finally {
      // A read stopped early (or failed) leaves the transaction open: roll it back, which closes the cursor.
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }

  async openWarnings(tx: Transaction, w: NewWarning[], message: WarningMessageTemplate, batchId: string): Promise<number> {
    // One statement: the page's new warnings, and a message for each to its task's owner and department head read
    // from the rows the insert returns (no second round trip looking them up again).
    const k = message.marks;
    const [{ n }] = await query<{ n: number }>(managerOf(tx),
      `WITH opened AS (
         INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx)
         SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::timestamptz[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[])
         ON CONFLICT (result_id, period_key) DO NOTHING RETURNING id, result_id, tj, yjz, jgz),
       told AS (${messagesInsertSql(
         `SELECT h.user_id, 'warning'::text, $9::text,
                 replace(replace(replace(replace($10::text, $11::text, t.rwmc), $12::text, p.zkdmc), $13::text, coalesce(nullif(f.jgz, ''), '—')), $14::text, f.tj || f.yjz),
                 'warning-flow'::text, f.id, $15::text || '?task=' || t.id || '&point=' || r.point_id || '&tab=warnings'
          FROM opened f JOIN quality_result r ON r.id = f.result_id JOIN obj_task t ON t.id = r.obj_task_id JOIN quality_point p ON p.id = r.point_id
               CROSS JOIN LATERAL (${WARNING_ADDRESSEES_OF_TASK}) h`, 16)})
       SELECT count(*)::int AS n FROM opened`,
      [w.map((x) => x.resultId), w.map((x) => x.periodKey), w.map((x) => x.yjsj), w.map((x) => x.yjlx), w.map((x) => x.tj), w.map((x) => x.yjz), w.map((x) => x.jgz), w.map((x) => x.zlx),
        message.title, message.content, k.taskName, k.pointName, k.value, k.condition, message.path, batchId],
    );
    return n;
  }


}
