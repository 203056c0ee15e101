import { Injectable } from '@nestjs/common';
import { MESSAGE_KINDS, PERSON_CHANNELS, type DeliveryStatus, type MessageKind, type PersonChannel, type PushChannel } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import { PushDeliveryRepository, type DeliveryContent, type DeliveryRecord, type PlannedDelivery } from '../application/ports/push-deliveries.port.js';
import { DIGEST_THRESHOLD, WEBHOOK_PAGE_SIZE, defaultEnabled, deliveryId, type PushMessage } from '../domain/push-rules.js';

/** The kinds a channel takes while the person chose nothing (domain/push-rules.ts defaultEnabled), for the SQL. */
const defaultsOf = (channel: PersonChannel): MessageKind[] => MESSAGE_KINDS.filter((kind) => defaultEnabled(kind, channel));
const DEFAULTS = Object.fromEntries(PERSON_CHANNELS.map((c) => [c, defaultsOf(c)])) as Record<PersonChannel, MessageKind[]>;

/** Whether the person of message m takes its kind by channel (their choice, else the default); joins `p`. */
const TAKES = (channel: string, defaults: string) =>
  `LEFT JOIN push_preference p ON p.user_id = m.user_id AND p.kind = m.kind AND p.channel = ${channel}
   WHERE COALESCE(p.enabled, m.kind = ANY(${defaults}::varchar[]))`;

type PlanRow = { channel: PushChannel; target: string; digest: boolean; page: number; count: number };
type ContentRow = { total: number; kinds: MessageKind[]; listed: Array<Omit<PushMessage, 'createdAt'> & { createdAt: string }>; perPerson: { userName: string; count: number }[]; recipient: string | null };
type RecordRow = Omit<DeliveryRecord, never>;

@Injectable()
export class PushDeliveryPgRepository extends PushDeliveryRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async plan(batchId: string, smtpEnabled: boolean): Promise<PlannedDelivery[]> {
    // One statement for the whole batch: each person's mails (one a message, or one digest past DIGEST_THRESHOLD),
    // each department's robot posts (one a robot), each webhook's pages.
    const rows = await query<PlanRow>(this.db,
      `WITH m AS (SELECT id, user_id, kind FROM message WHERE batch_id = $1),
       mail AS (
         SELECT m.id, m.user_id FROM m
         JOIN app_user u ON u.id = m.user_id AND u.enabled AND NULLIF(btrim(u.email), '') IS NOT NULL
         ${TAKES(`'email'`, '$4')} AND $2::boolean
       ),
       mail_per AS (SELECT user_id, count(*)::int AS n FROM mail GROUP BY user_id),
       robot AS (
         SELECT ch.channel, u.org_id AS department_id, count(*)::int AS n
         FROM m JOIN app_user u ON u.id = m.user_id AND u.enabled
         JOIN push_department_robot r ON r.department_id = u.org_id
         CROSS JOIN LATERAL (VALUES ('dingtalk'::varchar, r.dingtalk_url), ('wecom'::varchar, r.wecom_url)) AS ch(channel, url)
         LEFT JOIN push_preference p ON p.user_id = m.user_id AND p.kind = m.kind AND p.channel = ch.channel
         WHERE ch.url IS NOT NULL AND COALESCE(p.enabled, m.kind = ANY(CASE ch.channel WHEN 'dingtalk' THEN $5::varchar[] ELSE $6::varchar[] END))
         GROUP BY ch.channel, u.org_id
       ),
       hook AS (SELECT w.id, count(m.id)::int AS n FROM push_webhook w JOIN m ON m.kind = ANY(w.kinds) WHERE w.enabled GROUP BY w.id)
       SELECT 'email'::varchar AS channel, user_id AS target, true AS digest, 0 AS page, n AS count FROM mail_per WHERE n > $3
       UNION ALL SELECT 'email', mail.id, false, 0, 1 FROM mail JOIN mail_per USING (user_id) WHERE mail_per.n <= $3
       UNION ALL SELECT channel, department_id, n > $3, 0, n FROM robot
       UNION ALL SELECT 'webhook', hook.id, false, g.page, least($7, hook.n - g.page * $7)
                 FROM hook CROSS JOIN LATERAL generate_series(0, (hook.n - 1) / $7) AS g(page)`,
      [batchId, smtpEnabled, DIGEST_THRESHOLD, DEFAULTS.email, DEFAULTS.dingtalk, DEFAULTS.wecom, WEBHOOK_PAGE_SIZE],
    );
    return rows.map((r) => ({ id: deliveryId(batchId, r.channel, r.target, r.page), channel: r.channel, target: r.target, digest: r.digest, page: r.page, messageCount: r.count }));
  }

  async record(batchId: string, deliveries: readonly PlannedDelivery[]): Promise<PlannedDelivery[]> {
    const ids = deliveries.map((d) => d.id);
    await this.db.query(
      `INSERT INTO push_delivery (id, batch_id, channel, target, message_count)
       SELECT u.id, $1, u.channel, u.target, u.n FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::int[]) AS u(id, channel, target, n)
       ON CONFLICT (id) DO NOTHING`,
      [batchId, ids, deliveries.map((d) => d.channel), deliveries.map((d) => d.target), deliveries.map((d) => d.messageCount)],
    );
    const queued = new Set((await query<{ id: string }>(this.db, `SELECT id FROM push_delivery WHERE id = ANY($1::varchar[]) AND status = 'queued'`, [ids])).map((r) => r.id));
    return deliveries.filter((d) => queued.has(d.id));
  }

  async content(batchId: string, channel: PushChannel, target: string, digest: boolean, page: number, limit: number): Promise<DeliveryContent> {
    const selection = {
      email: `FROM message m JOIN app_user u ON u.id = m.user_id ${TAKES(`'email'`, '$3')} AND m.batch_id = $1 AND ${digest ? 'm.user_id' : 'm.id'} = $2`,
      dingtalk: `FROM message m JOIN app_user u ON u.id = m.user_id AND u.org_id = $2 AND u.enabled ${TAKES(`'dingtalk'`, '$3')} AND m.batch_id = $1`,
      wecom: `FROM message m JOIN app_user u ON u.id = m.user_id AND u.org_id = $2 AND u.enabled ${TAKES(`'wecom'`, '$3')} AND m.batch_id = $1`,
      webhook: `FROM message m JOIN app_user u ON u.id = m.user_id JOIN push_webhook w ON w.id = $2 AND m.kind = ANY(w.kinds) WHERE m.batch_id = $1 AND $3::varchar[] IS NOT NULL`,
    }[channel];
    // Each part reads the selection on its own, what it needs only: the count (and the kinds a digest names) over
    // narrow columns, the page of messages (the batch's (created_at, id) index lets a small page skip sorting the
    // whole batch), and the per-person counts for a robot's digest only.
    const [row] = await query<ContentRow>(this.db,
      `SELECT agg.total, agg.kinds,
              (SELECT coalesce(json_agg(x), '[]') FROM (
                 SELECT m.id, m.user_id AS "userId", u.name AS "userName", m.kind, m.title, m.content, m.object_type AS "objectType",
                        m.object_id AS "objectId", m.link, m.created_at AS "createdAt"
                 ${selection} ORDER BY m.created_at, m.id OFFSET $4 LIMIT $5) x) AS listed,
              ${channel === 'dingtalk' || channel === 'wecom'
                ? `(SELECT coalesce(json_agg(y), '[]') FROM (SELECT u.name AS "userName", count(*)::int AS count ${selection} GROUP BY m.user_id, u.name ORDER BY count(*) DESC, u.name LIMIT 50) y)`
                : `'[]'::json`} AS "perPerson",
              ${channel === 'email' ? `(SELECT NULLIF(btrim(u.email), '') ${selection} LIMIT 1)` : 'NULL::text'} AS recipient
       FROM (SELECT count(*)::int AS total, ${channel === 'webhook' ? `'{}'::varchar[]` : `coalesce(array_agg(DISTINCT m.kind), '{}')`} AS kinds ${selection}) agg`,
      [batchId, target, channel === 'webhook' ? [] : DEFAULTS[channel], page * limit, limit],
    );
    return {
      total: row!.total,
      kinds: row!.kinds,
      listed: row!.listed.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
      perPerson: row!.perPerson,
      recipient: row!.recipient,
    };
  }

  async find(id: string): Promise<DeliveryRecord | null> {
    const [row] = await query<RecordRow>(this.db, `${SELECT_RECORD} WHERE id = $1`, [id]);
    return row ?? null;
  }

  async markSent(id: string, title: string, attempts: number): Promise<void> {
    await this.db.query(`UPDATE push_delivery SET status = 'sent', title = left($2, 300), attempts = $3, last_error = NULL, sent_at = now() WHERE id = $1 AND status = 'queued'`, [id, title, attempts]);
  }

  async markAttempt(id: string, attempts: number, error: string, final: boolean): Promise<void> {
    await this.db.query(
      `UPDATE push_delivery SET attempts = greatest(attempts, $2), last_error = left($3, 2000), status = CASE WHEN $4 THEN 'failed' ELSE status END WHERE id = $1 AND status = 'queued'`,
      [id, attempts, error, final],
    );
  }

  async list(filter: { status?: DeliveryStatus; channel?: PushChannel }, page: { pageNum: number; pageSize: number }): Promise<{ records: DeliveryRecord[]; total: number }> {
    const where = `WHERE ($1::varchar IS NULL OR status = $1) AND ($2::varchar IS NULL OR channel = $2)`;
    const params = [filter.status ?? null, filter.channel ?? null];
    const size = page.pageSize === 0 ? null : page.pageSize;
    const [records, [count]] = await Promise.all([
      query<RecordRow>(this.db, `${SELECT_RECORD} ${where} ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`, [...params, size, size === null ? 0 : (page.pageNum - 1) * size]),
      query<{ total: number }>(this.db, `SELECT count(*)::int AS total FROM push_delivery ${where}`, params),
    ]);
    return { records, total: count!.total };
  }
}

const SELECT_RECORD = `SELECT id, batch_id AS "batchId", channel, target,
  coalesce(CASE channel
    WHEN 'email' THEN coalesce((SELECT name FROM app_user WHERE id = target), (SELECT u.name FROM message m JOIN app_user u ON u.id = m.user_id WHERE m.id = target))
    WHEN 'webhook' THEN (SELECT name FROM push_webhook WHERE id = target)
    ELSE (SELECT name FROM department WHERE id = target) END, target) AS "targetName",
  title, message_count AS "messageCount", status, attempts, last_error AS "lastError",
  created_at AS "createdAt", sent_at AS "sentAt" FROM push_delivery`;
