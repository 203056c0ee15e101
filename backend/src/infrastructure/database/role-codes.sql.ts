import { query, type SqlRunner } from './sql.js';

/**
 * A person's role codes, the one place they are read: rights are decided by codes (admin, yearTargetPublisher …), and
 * several modules' access readers need them, alone or beside other columns of the person. Read fresh on every call
 * (grants can change at any time).
 */

/** The codes as an SQL text[] ('{}' for none) of `userId`, an SQL expression: a column (`u.id`) or a parameter (`$1`). */
export const roleCodesSql = (userId: string): string =>
  `coalesce((SELECT array_agg(r.code ORDER BY r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = ${userId}), '{}')`;

/** A person's role codes (none for an unknown person). */
export async function roleCodesOf(db: SqlRunner, userId: string): Promise<string[]> {
  const [row] = await query<{ codes: string[] }>(db, `SELECT ${roleCodesSql('$1::varchar')} AS codes`, [userId]);
  return row?.codes ?? [];
}
