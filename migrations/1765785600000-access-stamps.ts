import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows make up what a person may see, other than their own app_user row. */
const SHARED_TABLES = ['role', 'role_menu', 'user_role', 'menu', 'department', 'user_avatar'];

/**
 * Access stamps (issue 17): the API keeps each person's roles, grants, menus and departments in memory and must
 * know, exactly, when they change. A person's own row carries access_version, bumped by every update of it; any
 * change to the shared tables bumps the one access_epoch. The session read returns both with the session, so a
 * cached snapshot is used only while both are unchanged: no extra round trip, and no window in which a revoked
 * grant still opens a page, in this process or another. Both are ordinary rows (not sequences), so a reader never
 * sees a bump before the change it stands for is committed.
 */
export class AccessStamps1765785600000 implements MigrationInterface {
  name = 'AccessStamps1765785600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user ADD COLUMN access_version bigint NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE FUNCTION bump_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.access_version := OLD.access_version + 1;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER app_user_access_version BEFORE UPDATE ON app_user FOR EACH ROW EXECUTE FUNCTION bump_access_version()`);
    await q.query(`CREATE TABLE access_epoch (one boolean PRIMARY KEY DEFAULT true CHECK (one), epoch bigint NOT NULL)`);
    await q.query(`INSERT INTO access_epoch (one, epoch) VALUES (true, 0)`);
    // Statement-level: a bulk grant bumps once; these tables change by an administrator's hand, not on a busy path.
    await q.query(`
      CREATE FUNCTION bump_access_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE access_epoch SET epoch = epoch + 1;
        RETURN NULL;
      END $$`);
    for (const table of SHARED_TABLES) {
      await q.query(`CREATE TRIGGER ${table}_access_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_access_epoch()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of SHARED_TABLES) await q.query(`DROP TRIGGER ${table}_access_epoch ON ${table}`);
    await q.query(`DROP FUNCTION bump_access_epoch()`);
    await q.query(`DROP TABLE access_epoch`);
    await q.query(`DROP TRIGGER app_user_access_version ON app_user`);
    await q.query(`DROP FUNCTION bump_access_version()`);
    await q.query(`ALTER TABLE app_user DROP COLUMN access_version`);
  }
}
