import { Injectable } from '@nestjs/common';
import { MESSAGE_KINDS, type Message, type MessageKind, type MessageUnreadCount, type Page } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { affected, query } from '../../../infrastructure/database/sql.js';
import { pageWindow } from '../../../shared/pagination.js';
import { MessageRepository, type MessageFilter } from '../application/ports/message-repository.port.js';

const SELECT = `
  SELECT m.id, m.kind, m.title, m.content, m.object_type AS "objectType", m.object_id AS "objectId", m.link,
         to_char(m.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt", to_char(m.read_at, 'YYYY-MM-DD HH24:MI:SS') AS "readAt"
  FROM message m`;

@Injectable()
export class MessagePgRepository extends MessageRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async list(userId: string, filter: MessageFilter): Promise<Page<Message>> {
    const { skip, take, size } = pageWindow({ pageNum: filter.pageNum, pageSize: filter.pageSize });
    const where = `WHERE m.user_id = $1 AND ($2::text IS NULL OR m.kind = $2) AND (NOT $3::boolean OR m.read_at IS NULL)`;
    const params = [userId, filter.kind ?? null, filter.unreadOnly === true];
    const [{ total }] = await query<{ total: number }>(this.db, `SELECT count(*)::int AS total FROM message m ${where}`, params);
    const records = await query<Message>(this.db, `${SELECT} ${where} ORDER BY (m.read_at IS NULL) DESC, m.created_at DESC, m.id DESC LIMIT $4 OFFSET $5`, [...params, take, skip]);
    return { records, total, current: filter.pageNum, pages: Math.ceil(total / size) };
  }

  async unreadCount(userId: string): Promise<MessageUnreadCount> {
    // One round trip on two indexes: the partial index of unread rows and (user_id, created_at DESC) for the newest.
    const [row] = await query<{ byKind: Record<string, number> | null; latestId: string | null; latestAt: Date | null }>(this.db,
      `SELECT (SELECT json_object_agg(k.kind, k.n) FROM (SELECT kind, count(*)::int AS n FROM message WHERE user_id = $1 AND read_at IS NULL GROUP BY kind) k) AS "byKind",
              l.id AS "latestId", l.created_at AS "latestAt"
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT id, created_at FROM message WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1) l ON true`,
      [userId]);
    const byKind = Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, row?.byKind?.[kind] ?? 0])) as Record<MessageKind, number>;
    return {
      total: Object.values(byKind).reduce((a, b) => a + b, 0),
      byKind,
      latestId: row?.latestId ?? null,
      latestAt: row?.latestAt ? new Date(row.latestAt).toISOString() : null,
    };
  }

  markRead(userId: string, ids: string[]): Promise<number> {
    return affected(this.db, `UPDATE message SET read_at = now() WHERE user_id = $1 AND id = ANY($2::text[]) AND read_at IS NULL`, [userId, ids]);
  }

  markAllRead(userId: string, kind?: MessageKind): Promise<number> {
    return affected(this.db, `UPDATE message SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND ($2::text IS NULL OR kind = $2)`, [userId, kind ?? null]);
  }
}
