import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People at a school's size (issue 32): imported people change their initial password at first login, and 用户管理
 * searches 10,000+ people by name, account, department and person type.
 *
 * - `app_user.must_change_password`: set for people an import created with its one initial password; cleared by the
 *   person's own password change. The session remembers it and the access guard refuses every other call meanwhile.
 * - Search: pg_trgm GIN indexes on lower(name) and lower(account) so `ILIKE '%…%'` uses an index. pg_trgm is a trusted
 *   extension (PostgreSQL 13+: a database owner may create it); where it cannot be created the migration goes on and
 *   the list falls back to the btree indexes on lower(account) and name (prefix search stays fast, a contains search
 *   scans).
 */
export class PeopleImport1766131200000 implements MigrationInterface {
  name = 'PeopleImport1766131200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX app_user_lower_account_idx ON app_user (lower(account) text_pattern_ops)`);
    await q.query(`CREATE INDEX app_user_name_idx ON app_user (name text_pattern_ops)`);
    await q.query(`CREATE INDEX app_user_person_kind_idx ON app_user (person_kind, account)`);
    await q.query(`CREATE INDEX app_user_org_account_idx ON app_user (org_id, account)`);
    await q.query(`
      DO $$
      BEGIN
        BEGIN
          CREATE EXTENSION IF NOT EXISTS pg_trgm;
        EXCEPTION WHEN OTHERS THEN
          RAISE NOTICE 'pg_trgm not available (%), people search uses the btree indexes', SQLERRM;
        END;
        IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          EXECUTE 'CREATE INDEX app_user_name_trgm_idx ON app_user USING gin (lower(name) gin_trgm_ops)';
          EXECUTE 'CREATE INDEX app_user_account_trgm_idx ON app_user USING gin (lower(account) gin_trgm_ops)';
        END IF;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS app_user_account_trgm_idx`);
    await q.query(`DROP INDEX IF EXISTS app_user_name_trgm_idx`);
    await q.query(`DROP INDEX IF EXISTS app_user_org_account_idx`);
    await q.query(`DROP INDEX IF EXISTS app_user_person_kind_idx`);
    await q.query(`DROP INDEX IF EXISTS app_user_name_idx`);
    await q.query(`DROP INDEX IF EXISTS app_user_lower_account_idx`);
    await q.query(`ALTER TABLE app_user DROP COLUMN must_change_password`);
  }
}
