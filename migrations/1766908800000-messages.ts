import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages (消息中心, issue 34): one row per person an event concerns, written in the event's transaction. batch_id
 * groups the rows of one post, so what delivers them after the commit (push) reads one batch. The bell's unread count
 * reads the partial index of unread rows; the list reads (user_id, created_at DESC).
 */
export class Messages1766908800000 implements MigrationInterface {
  name = 'Messages1766908800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE message (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        kind varchar(40) NOT NULL,
        title varchar(200) NOT NULL,
        content text NOT NULL DEFAULT '',
        object_type varchar(40),
        object_id varchar(64),
        link varchar(500),
        batch_id varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    await q.query(`CREATE INDEX message_user_created ON message (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX message_user_unread ON message (user_id) WHERE read_at IS NULL`);
    await q.query(`CREATE INDEX message_batch ON message (batch_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE message`);
  }
}
