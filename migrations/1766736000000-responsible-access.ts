import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A major's or course's responsible person opens its centres by that fact (auth's domain/responsible-menus.ts), so who
 * is responsible is part of what a person may see: a change of it bumps the access epoch like a role grant does
 * (AccessStamps1765785600000), and every kept access snapshot is read again. Statement-level, and only for the
 * columns that decide it: an import of thousands of objects bumps once, a rename not at all.
 */
export class ResponsibleAccess1766736000000 implements MigrationInterface {
  name = 'ResponsibleAccess1766736000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TRIGGER diagnosis_object_access_epoch
      AFTER INSERT OR UPDATE OF responsible_id, retired_at, level OR DELETE OR TRUNCATE ON diagnosis_object
      FOR EACH STATEMENT EXECUTE FUNCTION bump_access_epoch()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER diagnosis_object_access_epoch ON diagnosis_object`);
  }
}
