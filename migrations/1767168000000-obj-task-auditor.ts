import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Diagnosis tasks by their auditor: 我的待办 asks on every call for the submitted tasks a person audits (TASK_TODOS),
 * which read all of obj_task without it (3 ms of the to-do list's 5 ms of PostgreSQL with the demo's 7,000 tasks).
 */
export class ObjTaskAuditor1767168000000 implements MigrationInterface {
  name = 'ObjTaskAuditor1767168000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX obj_task_auditor_idx ON obj_task (auditor_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX obj_task_auditor_idx`);
  }
}
