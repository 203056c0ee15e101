import { randomUUID } from 'node:crypto';
import { query, type SqlRunner } from './sql.js';

/** A new batch id for the rows of one post (messages module, message.batch_id). */
export const newMessageBatchId = (): string => randomUUID();

/**
 * Writes messages set-based from a SELECT whose columns are, in order, user_id, kind, title, content, object_type,
 * object_id, link (one row per recipient): the message table is the messages module's, and a module whose event
 * addresses many people at once (a warning scan) writes them here in one statement instead of a loop. The SELECT's
 * parameters are $1…$n; the batch id is appended. Answers how many messages were written.
 */
export async function insertMessagesSelect(runner: SqlRunner, batchId: string, select: string, params: unknown[]): Promise<number> {
  const [{ n }] = await query<{ n: number }>(runner,
    `WITH written AS (${messagesInsertSql(select, params.length + 1)} RETURNING 1)
     SELECT count(*)::int AS n FROM written`,
    [...params, batchId]);
  return n;
}

/**
 * The INSERT insertMessagesSelect runs, for a statement that writes its own rows first and its messages from them in
 * one WITH (a warning scan's page: the warnings, then a message per new warning read from their RETURNING rows).
 * `batchParam` is the parameter number of the batch id.
 */
export function messagesInsertSql(select: string, batchParam: number): string {
  // A person named twice for one object gets one message; an id that is no person's none (not a foreign-key error).
  return `INSERT INTO message (user_id, kind, title, content, object_type, object_id, link, batch_id)
       SELECT DISTINCT ON (s.user_id, s.object_id) s.user_id, s.kind, left(s.title, 200), coalesce(s.content, ''), s.object_type, s.object_id, left(s.link, 500), $${batchParam}
       FROM (${select}) AS s (user_id, kind, title, content, object_type, object_id, link)
       WHERE EXISTS (SELECT 1 FROM app_user u WHERE u.id = s.user_id)`;
}
