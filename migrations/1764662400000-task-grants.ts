import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Grants on an object's task: who may read and write it besides its owner, auditor and department head (issue 12, obj/authority). */
export class TaskGrants1764662400000 implements MigrationInterface {
  name = 'TaskGrants1764662400000';

  async up(q: QueryRunner): Promise<void> {
    // One grant a person and task (granting again changes its access); it goes with the task or the person.
    await q.query(`
      CREATE TABLE obj_task_grant (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        obj_task_id varchar(64) NOT NULL REFERENCES obj_task(id) ON DELETE CASCADE,
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        access varchar(5) NOT NULL CHECK (access IN ('read', 'write')),
        granted_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (obj_task_id, user_id)
      )`);
    // The task list asks "which tasks is this person granted": by person.
    await q.query(`CREATE INDEX obj_task_grant_user_idx ON obj_task_grant(user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS obj_task_grant`);
  }
}
