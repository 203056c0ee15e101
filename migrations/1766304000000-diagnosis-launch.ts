import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 诊断任务下发 (issue 32): a publisher or administrator launches the diagnosis of one level's objects against one
 * library of that level and cycle; a job makes one task an object (diagnosis module README "Launching a diagnosis").
 *
 * - `diagnosis_launch`: what was chosen (level, cycle, library, objects, owner and auditor rules, dates), its state —
 *   launching (its job queued or running), running (tasks made), failed (its job failed for good: retried or left by
 *   its creator), closed (the cycle closed: its tasks refuse edits, submissions and audits; results kept) — who made
 *   and closed it, and its job (`runs`: the job id is launch-<id>-<runs>) with the counts it left.
 * - `obj_task.launch_id`: the launch that made the task (null for tasks made otherwise: the demo's, fixtures).
 * - `diagnosis_urge`: each 催办 of a task's owner, by whom and when (shown on the task; messages come later).
 * - The 诊断任务下发 page under 内部质量管理, for publishers and administrators, right after 诊断改进.
 */
export class DiagnosisLaunch1766304000000 implements MigrationInterface {
  name = 'DiagnosisLaunch1766304000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE diagnosis_launch (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        level varchar(20) NOT NULL CHECK (level IN ('school', 'major', 'course', 'teacher', 'student')),
        cycle_type_id varchar(64) REFERENCES cycle_type(id) ON DELETE SET NULL,
        cycle_value varchar(40) NOT NULL,
        library_id varchar(64) NOT NULL REFERENCES target_library(id) ON DELETE CASCADE,
        scope varchar(12) NOT NULL CHECK (scope IN ('all', 'departments', 'picked')),
        scope_ids varchar(64)[] NOT NULL DEFAULT '{}',
        owner_rule varchar(12) NOT NULL CHECK (owner_rule IN ('responsible', 'self', 'chosen')),
        owner_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        auditor_rule varchar(16) NOT NULL CHECK (auditor_rule IN ('departmentHead', 'chosen')),
        auditor_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        state varchar(10) NOT NULL DEFAULT 'launching' CHECK (state IN ('launching', 'running', 'failed', 'closed')),
        runs int NOT NULL DEFAULT 1,
        fail_reason varchar(200),
        object_count int,
        created_count int,
        creator_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        closed_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        CHECK (start_date <= end_date)
      )`);
    await q.query(`CREATE INDEX diagnosis_launch_library_idx ON diagnosis_launch(library_id)`);
    await q.query(`CREATE INDEX diagnosis_launch_created_idx ON diagnosis_launch(created_at DESC)`);
    await q.query(`ALTER TABLE obj_task ADD COLUMN launch_id varchar(64) REFERENCES diagnosis_launch(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX obj_task_launch_idx ON obj_task(launch_id)`);
    await q.query(`
      CREATE TABLE diagnosis_urge (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        obj_task_id varchar(64) NOT NULL REFERENCES obj_task(id) ON DELETE CASCADE,
        urged_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        urged_by_name varchar(60) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX diagnosis_urge_task_idx ON diagnosis_urge(obj_task_id, created_at)`);

    // Right after 诊断改进 in the menu; publishers and administrators launch (domain/launch-rules.ts LAUNCH_ROLES).
    await q.query(`UPDATE menu SET sort_order = sort_order + 1 WHERE sort_order > (SELECT sort_order FROM menu WHERE key = 'ly_herm_improvement')`);
    await q.query(
      `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
       SELECT 'ly_herm_diagnosis_launch', '诊断任务下发', '/qualityManagement/diagnosisLaunch', 'DiagnosisLaunch', 'ly_herm_qualityManagement', sort_order + 1
       FROM menu WHERE key = 'ly_herm_improvement'`,
    );
    await q.query(`INSERT INTO role_menu (role_id, menu_key) SELECT id, 'ly_herm_diagnosis_launch' FROM role WHERE code IN ('admin', 'yearTargetPublisher') ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_diagnosis_launch'`);
    await q.query(`DROP TABLE IF EXISTS diagnosis_urge`);
    await q.query(`ALTER TABLE obj_task DROP COLUMN IF EXISTS launch_id`);
    await q.query(`DROP TABLE IF EXISTS diagnosis_launch`);
  }
}
