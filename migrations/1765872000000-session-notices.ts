import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Session notices (issue 17): each API process keeps the sessions it has read in memory and must drop one the moment
 * it changes anywhere. Every pool connection LISTENs on access_changes (infrastructure/database/change-notices.ts);
 * these triggers say what changed:
 *   s:<sid>   a session's contents or owner changed, its expiry moved earlier, or it was deleted while still live
 *   u:<id>    a person's row changed (their access_version moved) or was deleted
 *   e         the shared access epoch moved (roles, grants, menus, departments, avatars)
 * A session whose expiry is only pushed back (the once-a-minute touch) says nothing: a process holding the earlier
 * expiry only reads it again sooner. The hourly purge deletes expired rows, which no process serves, so says nothing.
 * PostgreSQL sends a notice at commit, and to the committing connection before its COMMIT returns, so a change made
 * through this process's own pool is never served stale by it; other processes hear within milliseconds.
 */
export class SessionNotices1765872000000 implements MigrationInterface {
  name = 'SessionNotices1765872000000';

  async up(q: QueryRunner): Promise<void> {
    // The trigger's arguments: the payload's prefix, and the column of the changed row that names it (none for e).
    await q.query(`
      CREATE FUNCTION notify_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('access_changes', TG_ARGV[0] || coalesce(to_jsonb(OLD) ->> TG_ARGV[1], ''));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER user_session_changed AFTER UPDATE ON user_session FOR EACH ROW
      WHEN (OLD.sess IS DISTINCT FROM NEW.sess OR OLD.user_id IS DISTINCT FROM NEW.user_id OR NEW.expire < OLD.expire)
      EXECUTE FUNCTION notify_access_change('s:', 'sid')`);
    await q.query(`
      CREATE TRIGGER user_session_deleted AFTER DELETE ON user_session FOR EACH ROW
      WHEN (OLD.expire > now())
      EXECUTE FUNCTION notify_access_change('s:', 'sid')`);
    await q.query(`CREATE TRIGGER app_user_changed AFTER UPDATE OR DELETE ON app_user FOR EACH ROW EXECUTE FUNCTION notify_access_change('u:', 'id')`);
    await q.query(`CREATE TRIGGER access_epoch_changed AFTER UPDATE ON access_epoch FOR EACH ROW EXECUTE FUNCTION notify_access_change('e')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER access_epoch_changed ON access_epoch`);
    await q.query(`DROP TRIGGER app_user_changed ON app_user`);
    await q.query(`DROP TRIGGER user_session_deleted ON user_session`);
    await q.query(`DROP TRIGGER user_session_changed ON user_session`);
    await q.query(`DROP FUNCTION notify_access_change()`);
  }
}
