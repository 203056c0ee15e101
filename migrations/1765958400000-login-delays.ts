import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Login delays instead of an account lock (issue 31 item 3; backend/src/modules/auth/infrastructure/pg-login-throttle.ts).
 * A row of login_failure is an account (`account:<name>`) or an address (`ip:<address>`):
 *   failures      recent failures, forgotten 15 minutes after the last one (was: counted from a window's start)
 *   last_failure  when the last one happened (was window_start)
 *   unseen        an account's failures since its last login, told to its owner at the next one
 *   held_until    an address: when the last attempt it was given a turn is let through (was locked_until, the lock)
 */
export class LoginDelays1765958400000 implements MigrationInterface {
  name = 'LoginDelays1765958400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE login_failure RENAME COLUMN window_start TO last_failure`);
    await q.query(`ALTER TABLE login_failure RENAME COLUMN locked_until TO held_until`);
    await q.query(`ALTER TABLE login_failure ADD COLUMN unseen int NOT NULL DEFAULT 0`);
    // The locks end here; an account's recent failures are its owner's to hear of.
    await q.query(`UPDATE login_failure SET held_until = NULL, unseen = CASE WHEN key LIKE 'account:%' THEN failures ELSE 0 END`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE login_failure DROP COLUMN unseen`);
    await q.query(`UPDATE login_failure SET held_until = NULL`);
    await q.query(`ALTER TABLE login_failure RENAME COLUMN held_until TO locked_until`);
    await q.query(`ALTER TABLE login_failure RENAME COLUMN last_failure TO window_start`);
  }
}
