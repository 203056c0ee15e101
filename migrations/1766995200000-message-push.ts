import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Message push (issue 34, message-push module): the administrator's channels (SMTP, department robots, webhooks),
 * each person's kind × channel choices, and one row per delivery (its id is the job's id: a delivery happens once).
 * The page 消息推送设置 sits under 数据管理 beside the other administrator pages.
 */
export class MessagePush1766995200000 implements MigrationInterface {
  name = 'MessagePush1766995200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_smtp_setting (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        enabled boolean NOT NULL DEFAULT false,
        host varchar(255) NOT NULL DEFAULT '',
        port int NOT NULL DEFAULT 465 CHECK (port BETWEEN 1 AND 65535),
        secure boolean NOT NULL DEFAULT true,
        username varchar(255) NOT NULL DEFAULT '',
        password varchar(255),
        from_address varchar(255) NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE push_department_robot (
        department_id varchar(64) PRIMARY KEY REFERENCES department(id) ON DELETE CASCADE,
        dingtalk_url varchar(1000),
        dingtalk_secret varchar(255),
        wecom_url varchar(1000),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE push_webhook (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(60) NOT NULL,
        url varchar(1000) NOT NULL,
        secret varchar(255),
        kinds varchar(20)[] NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE push_preference (
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        kind varchar(20) NOT NULL,
        channel varchar(20) NOT NULL CHECK (channel IN ('email', 'dingtalk', 'wecom')),
        enabled boolean NOT NULL,
        PRIMARY KEY (user_id, kind, channel)
      )`);
    await q.query(`
      CREATE TABLE push_delivery (
        id varchar(200) PRIMARY KEY,
        batch_id varchar(64) NOT NULL,
        channel varchar(20) NOT NULL CHECK (channel IN ('email', 'dingtalk', 'wecom', 'webhook')),
        target varchar(64) NOT NULL,
        title varchar(300) NOT NULL DEFAULT '',
        message_count int NOT NULL DEFAULT 0,
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX push_delivery_batch_idx ON push_delivery(batch_id)`);
    // A delivery reads one person's messages of one batch (a digest): without it each of a scan's hundreds of digests
    // would read the whole batch.
    await q.query(`CREATE INDEX message_batch_user_idx ON message(batch_id, user_id)`);
    await q.query(`CREATE INDEX push_delivery_created_idx ON push_delivery(created_at DESC)`);
    await q.query(
      `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
       SELECT 'ly_herm_dataManagement_messagePush', '消息推送设置', '/dataManage/messagePush', 'MessagePushSettings', 'ly_herm_dataManagement',
              COALESCE((SELECT max(sort_order) FROM menu WHERE parent_key = 'ly_herm_dataManagement'), p.sort_order) + 1
       FROM menu p WHERE p.key = 'ly_herm_dataManagement'`,
    );
    await q.query(`INSERT INTO role_menu (role_id, menu_key) SELECT id, 'ly_herm_dataManagement_messagePush' FROM role WHERE id = 'r-admin' ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_key = 'ly_herm_dataManagement_messagePush'`);
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_dataManagement_messagePush'`);
    await q.query(`DROP INDEX message_batch_user_idx`);
    await q.query(`DROP TABLE push_delivery, push_preference, push_webhook, push_department_robot, push_smtp_setting`);
  }
}
