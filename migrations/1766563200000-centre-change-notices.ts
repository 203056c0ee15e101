import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables a development centre's level figures, cycles and rows are read from: tasks, results (values, flags,
 * measures), warnings, points (codes, directions), objects (levels, departments, responsible people, retirement), the
 * libraries and cycle types that make a level's cycles, and the departments' names. The responsible people's names
 * come from app_user, whose rows change on every sign-in (last_access_time): only a change of a name says so there.
 */
const CENTRE_TABLES = ['obj_task', 'quality_result', 'warning_flow', 'quality_point', 'diagnosis_object', 'target_library', 'cycle_type', 'department'];

/**
 * Centre change notices (issue 33, speed): the API keeps each level's figures in memory (development-centres'
 * README, "Speed") and must drop them the moment anything they are read from changes. Every pool connection LISTENs on
 * data_changes (infrastructure/database/change-notices.ts); any statement on these tables says `centres` there.
 * Statement-level, no transition tables: a launch of 300,000 results says it once and pays nothing a row; identical
 * notices of one transaction arrive once. PostgreSQL sends a notice at commit, and to the committing connection before
 * its COMMIT returns, so a change made through this process's pool is never answered stale by it; other processes
 * (the worker's scans, a second API) are heard within milliseconds.
 */
export class CentreChangeNotices1766563200000 implements MigrationInterface {
  name = 'CentreChangeNotices1766563200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_centre_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('data_changes', 'centres');
        RETURN NULL;
      END $$`);
    for (const table of CENTRE_TABLES) {
      await q.query(`CREATE TRIGGER ${table}_centre_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_centre_change()`);
    }
    // a person who is gone leaves no name behind: their objects' responsible_id is cleared (diagnosis_object says so)
    await q.query(`CREATE TRIGGER app_user_name_centre_change AFTER UPDATE OF name ON app_user FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION notify_centre_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER app_user_name_centre_change ON app_user`);
    for (const table of CENTRE_TABLES) await q.query(`DROP TRIGGER ${table}_centre_change ON ${table}`);
    await q.query(`DROP FUNCTION notify_centre_change()`);
  }
}
