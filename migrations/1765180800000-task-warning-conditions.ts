import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Warning conditions of target tasks (issue 13; the average-level module's "warning conditions"): how often a task in
 * execution owes a progress report (month, quarter, half year) and how many days after a period ends its missing
 * report opens a process warning. One school-wide row (year_target_id NULL, seeded: quarter, 15 days) and, optionally,
 * a row of a year target's own. task_warning learns the period a process warning stands for (so closing it needs no
 * parsing of its key), and the indexes the scan and the warning lists read.
 */
export class TaskWarningConditions1765180800000 implements MigrationInterface {
  name = 'TaskWarningConditions1765180800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE task_warning_condition (
        id bigserial PRIMARY KEY,
        year_target_id varchar(64) UNIQUE REFERENCES year_target(id) ON DELETE CASCADE,
        cadence varchar(8) NOT NULL CHECK (cadence IN ('month', 'quarter', 'halfYear')),
        grace_days int NOT NULL CHECK (grace_days BETWEEN 0 AND 90),
        updated_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // At most one school-wide row (UNIQUE above lets NULLs repeat).
    await q.query(`CREATE UNIQUE INDEX task_warning_condition_school ON task_warning_condition ((true)) WHERE year_target_id IS NULL`);
    await q.query(`INSERT INTO task_warning_condition (year_target_id, cadence, grace_days) VALUES (NULL, 'quarter', 15)`);
    // A process warning's period (first and last day); NULL for expired warnings.
    await q.query(`ALTER TABLE task_warning ADD COLUMN period_start date, ADD COLUMN period_end date`);
    // Open warnings by task (list counts, WARNING_TASK, warningCount maps, the scan's closing pass).
    await q.query(`CREATE INDEX task_warning_open_task_idx ON task_warning(task_id, kind) WHERE closed_at IS NULL`);
    // The scan's candidates: tasks in execution, not paused.
    await q.query(`CREATE INDEX target_task_executing_idx ON target_task(kssj) WHERE rwjd IN ('executeing', 'delayNotDone') AND task_state = 'normal'`);
    // The task lists' orders (newest first; end date ascending), over all tasks and a department's (the benchmark's
    // DEPARTMENT_TASK pages read ten rows of an index instead of sorting every task).
    await q.query(`CREATE INDEX target_task_created_idx ON target_task(created_at DESC, id)`);
    await q.query(`CREATE INDEX target_task_end_order_idx ON target_task(jssj ASC NULLS LAST, created_at, id)`);
    await q.query(`CREATE INDEX target_task_charge_created_idx ON target_task(charge_department_id, created_at DESC, id)`);
    // Reports of a task by period named (a late report answering a missing period).
    await q.query(`CREATE INDEX progress_report_period_idx ON progress_report(task_id, period_key) WHERE period_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS progress_report_period_idx`);
    await q.query(`DROP INDEX IF EXISTS target_task_charge_created_idx`);
    await q.query(`DROP INDEX IF EXISTS target_task_end_order_idx`);
    await q.query(`DROP INDEX IF EXISTS target_task_created_idx`);
    await q.query(`DROP INDEX IF EXISTS target_task_executing_idx`);
    await q.query(`DROP INDEX IF EXISTS task_warning_open_task_idx`);
    await q.query(`ALTER TABLE task_warning DROP COLUMN IF EXISTS period_start, DROP COLUMN IF EXISTS period_end`);
    await q.query(`DROP TABLE IF EXISTS task_warning_condition`);
  }
}
