import { Injectable } from '@nestjs/common';
import type { MessageKind, PersonChannel } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { affected, query } from '../../../infrastructure/database/sql.js';
import { PushSettingsRepository, type PreferenceRow, type RobotConfig, type SmtpConfig, type WebhookConfig } from '../application/ports/push-settings.port.js';

const NO_SMTP: SmtpConfig = { enabled: false, host: '', port: 465, secure: true, user: '', password: null, from: '' };

@Injectable()
export class PushSettingsPgRepository extends PushSettingsRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async smtp(): Promise<SmtpConfig> {
    const [row] = await query<SmtpConfig>(this.db,
      `SELECT enabled, host, port, secure, username AS "user", password, from_address AS "from" FROM push_smtp_setting WHERE id = 1`);
    return row ?? NO_SMTP;
  }

  async saveSmtp(c: SmtpConfig): Promise<void> {
    await this.db.query(
      `INSERT INTO push_smtp_setting (id, enabled, host, port, secure, username, password, from_address, updated_at)
       VALUES (1, $1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (id) DO UPDATE SET enabled = $1, host = $2, port = $3, secure = $4, username = $5, password = $6, from_address = $7, updated_at = now()`,
      [c.enabled, c.host, c.port, c.secure, c.user, c.password, c.from],
    );
  }

  robots(): Promise<RobotConfig[]> {
    return query<RobotConfig>(this.db,
      `SELECT d.id AS "departmentId", d.name AS "departmentName", r.dingtalk_url AS "dingtalkUrl", r.dingtalk_secret AS "dingtalkSecret", r.wecom_url AS "wecomUrl"
       FROM department d LEFT JOIN push_department_robot r ON r.department_id = d.id
       ORDER BY d.sort_order, d.name, d.id`);
  }

  async robot(departmentId: string): Promise<RobotConfig | null> {
    const [row] = await query<RobotConfig>(this.db,
      `SELECT d.id AS "departmentId", d.name AS "departmentName", r.dingtalk_url AS "dingtalkUrl", r.dingtalk_secret AS "dingtalkSecret", r.wecom_url AS "wecomUrl"
       FROM push_department_robot r JOIN department d ON d.id = r.department_id WHERE r.department_id = $1`, [departmentId]);
    return row ?? null;
  }

  async departmentExists(departmentId: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM department WHERE id = $1`, [departmentId])).length > 0;
  }

  async saveRobot(c: Omit<RobotConfig, 'departmentName'>): Promise<void> {
    await this.db.query(
      `INSERT INTO push_department_robot (department_id, dingtalk_url, dingtalk_secret, wecom_url, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (department_id) DO UPDATE SET dingtalk_url = $2, dingtalk_secret = $3, wecom_url = $4, updated_at = now()`,
      [c.departmentId, c.dingtalkUrl, c.dingtalkSecret, c.wecomUrl],
    );
  }

  async deleteRobot(departmentId: string): Promise<void> {
    await this.db.query(`DELETE FROM push_department_robot WHERE department_id = $1`, [departmentId]);
  }

  webhooks(): Promise<WebhookConfig[]> {
    return query<WebhookConfig>(this.db, `SELECT id, name, url, secret, kinds, enabled FROM push_webhook ORDER BY created_at, id`);
  }

  async webhook(id: string): Promise<WebhookConfig | null> {
    const [row] = await query<WebhookConfig>(this.db, `SELECT id, name, url, secret, kinds, enabled FROM push_webhook WHERE id = $1`, [id]);
    return row ?? null;
  }

  async saveWebhook(c: Omit<WebhookConfig, 'id'> & { id: string | null }): Promise<string> {
    if (c.id) {
      await this.db.query(`UPDATE push_webhook SET name = $2, url = $3, secret = $4, kinds = $5, enabled = $6 WHERE id = $1`, [c.id, c.name, c.url, c.secret, c.kinds, c.enabled]);
      return c.id;
    }
    const [row] = await query<{ id: string }>(this.db,
      `INSERT INTO push_webhook (name, url, secret, kinds, enabled) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [c.name, c.url, c.secret, c.kinds, c.enabled]);
    return row!.id;
  }

  async deleteWebhook(id: string): Promise<boolean> {
    return (await affected(this.db, `DELETE FROM push_webhook WHERE id = $1`, [id])) > 0;
  }

  async person(userId: string): Promise<{ email: string | null; departmentId: string | null } | null> {
    const [row] = await query<{ email: string | null; departmentId: string | null }>(this.db,
      `SELECT NULLIF(btrim(email), '') AS email, org_id AS "departmentId" FROM app_user WHERE id = $1`, [userId]);
    return row ?? null;
  }

  preferences(userId: string): Promise<PreferenceRow[]> {
    return query<{ kind: MessageKind; channel: PersonChannel; enabled: boolean }>(this.db,
      `SELECT kind, channel, enabled FROM push_preference WHERE user_id = $1`, [userId]);
  }

  async savePreferences(userId: string, rows: readonly PreferenceRow[]): Promise<void> {
    await this.db.query(
      `INSERT INTO push_preference (user_id, kind, channel, enabled)
       SELECT $1, * FROM unnest($2::varchar[], $3::varchar[], $4::boolean[])
       ON CONFLICT (user_id, kind, channel) DO UPDATE SET enabled = EXCLUDED.enabled`,
      [userId, rows.map((r) => r.kind), rows.map((r) => r.channel), rows.map((r) => r.enabled)],
    );
  }
}
