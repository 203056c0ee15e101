import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Target task files (issue 13, 001 §7 item 15 "target task file: list, add, update and delete"): an attachment may
 * carry a name and a file type of its own, shown instead of the stored file's (targetTask/file/update changes the
 * attachment, never the file, which may be attached elsewhere).
 */
export class TaskFiles1765440000000 implements MigrationInterface {
  name = 'TaskFiles1765440000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE attachment ADD COLUMN name varchar(100) CHECK (name IS NULL OR btrim(name) <> '')`);
    await q.query(`ALTER TABLE attachment ADD COLUMN lx_id varchar(64) REFERENCES file_type(id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE attachment DROP COLUMN IF EXISTS lx_id`);
    await q.query(`ALTER TABLE attachment DROP COLUMN IF EXISTS name`);
  }
}
