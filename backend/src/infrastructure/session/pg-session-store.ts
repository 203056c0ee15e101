import session, { type SessionData } from 'express-session';
import type { DataSource } from 'typeorm';
import '../../shared/http/session-user.js';
import { query } from '../database/sql.js';

type Callback<T = void> = (err?: unknown, value?: T) => void;

declare module 'express-session' {
  interface SessionData {
    /** When this session id was first stored (ms); login rotates the id, so for a signed-in person it is the login time. */
    startedAt?: number;
  }
}

/** How long a session lives: idle and absolute limits for browser sessions (a remembered one lives its cookie's span). */
export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** A session's expiry is pushed back at most this often; every request (each upload chunk) would otherwise write. */
const TOUCH_EVERY_MS = 60_000;
const TOUCH_MEMORY = 10_000;

/** A remembered login's cookie lifetime (ms), null for a browser session. */
function rememberedFor(sess: SessionData): number | null {
  const span = sess.cookie?.originalMaxAge;
  return typeof span === 'number' && span > 0 ? span : null;
}

/** The latest a session may live: a remembered login its cookie's lifetime after it started, any other maxMs. */
function latestEnd(sess: SessionData, startedAt: number, maxMs: number): number {
  return startedAt + (rememberedFor(sess) ?? maxMs);
}

/**
 * When the session ends, as of a request at `now`: a remembered login at its latest end however often it is used;
 * any other session limits.idleMs after this request, or at its latest end if that comes first.
 */
export function sessionEnd(sess: SessionData, limits: SessionLimits, now: number): number {
  const latest = latestEnd(sess, sess.startedAt ?? now, limits.maxMs);
  return rememberedFor(sess) !== null ? latest : Math.min(now + limits.idleMs, latest);
}

/** Server-side sessions in PostgreSQL (table user_session), so restarts and several API processes share them. */
export class PgSessionStore extends session.Store {
  /** When this process last wrote each session's expiry. */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  /** The session with its person's access stamp, in the one round trip every request pays anyway. */
  override get(sid: string, cb: Callback<SessionData | null>): void {
    query<{ sess: SessionData; access_version: string | null; epoch: string }>(
      this.dataSource,
      `SELECT s.sess, u.access_version, e.epoch
       FROM user_session s LEFT JOIN app_user u ON u.id = s.user_id CROSS JOIN access_epoch e
       WHERE s.sid = $1 AND s.expire > now()`,
      [sid],
    ).then((rows) => {
      const row = rows[0];
      if (!row || !this.alive(row.sess)) return cb(undefined, null);
      if (row.sess.user && row.access_version !== null) row.sess.user.accessStamp = `${row.access_version}.${row.epoch}`;
      cb(undefined, row.sess);
    }, cb);
  }

  override set(sid: string, sess: SessionData, cb?: Callback): void {
    const stored: SessionData = { ...sess, startedAt: sess.startedAt ?? this.now() };
    if (stored.user?.accessStamp !== undefined) {
      const { accessStamp: _read, ...user } = stored.user;
      stored.user = user;
    }
    this.dataSource
      .query(
        `INSERT INTO user_session (sid, sess, user_id, expire) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, user_id = EXCLUDED.user_id, expire = EXCLUDED.expire`,
        [sid, JSON.stringify(stored), sess.user?.userId ?? null, new Date(sessionEnd(stored, this.limits, this.now()))],
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
      .query('UPDATE user_session SET expire = $2 WHERE sid = $1', [sid, new Date(sessionEnd(sess, this.limits, at))])
      .then(() => cb?.(), (e: unknown) => cb?.(e));
  }

  override destroy(sid: string, cb?: Callback): void {
    this.touched.delete(sid);
    this.dataSource
      .query('DELETE FROM user_session WHERE sid = $1', [sid])
      .then(() => cb?.(), (e: unknown) => cb?.(e));
  }

  /**
   * The stored expiry already holds the idle limit (pushed back at most once a minute); the absolute one is checked
   * here too, so no request slips through before the next touch. A signed-in session without a start is from before
   * these limits: that person logs in once more.
   */
  private alive(sess: SessionData): boolean {
    if (sess.startedAt === undefined) return !sess.user;
    return this.now() < latestEnd(sess, sess.startedAt, this.limits.maxMs);
  }
}
