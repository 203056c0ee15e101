import session, { type SessionData } from 'express-session';
import type { DataSource } from 'typeorm';
import '../../shared/http/session-user.js';
import { query } from '../database/sql.js';

type Callback<T = void> = (err?: unknown, value?: T) => void;

const DEFAULT_TTL_MS = 24 * 3600 * 1000;
/** A session's expiry is pushed back at most this often; every request (each upload chunk) would otherwise write. */
const TOUCH_EVERY_MS = 60_000;
const TOUCH_MEMORY = 10_000;

function expiryOf(sess: SessionData): Date {
  const cookieExpiry = sess.cookie?.expires ? new Date(sess.cookie.expires) : null;
  // A browser-session cookie has no expiry; the server still forgets it after a day without use.
  return cookieExpiry ?? new Date(Date.now() + DEFAULT_TTL_MS);
}

/** Server-side sessions in PostgreSQL (table user_session), so restarts and several API processes share them. */
export class PgSessionStore extends session.Store {
  /** When this process last wrote each session's expiry. */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  override get(sid: string, cb: Callback<SessionData | null>): void {
    query<{ sess: SessionData }>(this.dataSource, 'SELECT sess FROM user_session WHERE sid = $1 AND expire > now()', [sid])
      .then((rows) => cb(undefined, rows[0]?.sess ?? null), cb);
  }

  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.dataSource
      .query(
        `INSERT INTO user_session (sid, sess, user_id, expire) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, user_id = EXCLUDED.user_id, expire = EXCLUDED.expire`,
        [sid, JSON.stringify(sess), sess.user?.userId ?? null, expiryOf(sess)],
      )
      .then(() => cb?.(), (e: unknown) => cb?.(e));
  }

  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    const at = this.now();
    const last = this.touched.get(sid);
    if (last !== undefined && at - last < TOUCH_EVERY_MS) {
      cb?.();
      return;
    }
    if (this.touched.size >= TOUCH_MEMORY) this.touched.clear();
    this.touched.set(sid, at);
    this.dataSource
      .query('UPDATE user_session SET expire = $2 WHERE sid = $1', [sid, expiryOf(sess)])
      .then(() => cb?.(), (e: unknown) => cb?.(e));
  }

  override destroy(sid: string, cb?: Callback): void {
    this.touched.delete(sid);
    this.dataSource
      .query('DELETE FROM user_session WHERE sid = $1', [sid])
      .then(() => cb?.(), (e: unknown) => cb?.(e));
  }
}
