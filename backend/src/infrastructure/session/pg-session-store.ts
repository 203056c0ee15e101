import session, { type SessionData } from 'express-session';
import type { DataSource } from 'typeorm';
import '../../shared/http/session-user.js';
import type { ChangeNotices } from '../database/change-notices.js';
import { query } from '../database/sql.js';
import { KeptSessions } from './kept-sessions.js';

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

/** The session as handed to express-session: the stamp is set on every read, never stored. */
function withStamp(sess: SessionData, stamp: string | undefined): SessionData {
  if (sess.user && stamp !== undefined) sess.user.accessStamp = stamp;
  return sess;
}

/** Server-side sessions in PostgreSQL (table user_session), so restarts and several API processes share them. */
export class PgSessionStore extends session.Store {
  /** When this process last wrote each session's expiry. */
  private readonly touched = new Map<string, number>();

  /** Sessions read before, kept until a change notice; none without notices (the unit tests, a bare store). */
  private readonly kept: KeptSessions | null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
    notices?: ChangeNotices,
  ) {
    super();
    this.kept = notices ? new KeptSessions(notices) : null;
  }

  /**
   * The session with its person's access stamp: from memory when this process read it before and no notice has
   * said it, the person or the shared grants changed since; otherwise in one round trip, then kept.
   */
  override get(sid: string, cb: Callback<SessionData | null>): void {
    const kept = this.kept?.read(sid, this.now());
    if (kept) return cb(undefined, this.alive(kept.sess) ? withStamp(kept.sess, kept.stamp) : null);
    const mark = this.kept?.mark() ?? 0;
    query<{ sess: SessionData; user_id: string | null; expire: Date; access_version: string | null; epoch: string }>(
      this.dataSource,
      `SELECT s.sess, s.user_id, s.expire, u.access_version, e.epoch
       FROM user_session s LEFT JOIN app_user u ON u.id = s.user_id CROSS JOIN access_epoch e
       WHERE s.sid = $1 AND s.expire > now()`,
      [sid],
    ).then((rows) => {
      const found = rows[0];
      if (!found || !this.alive(found.sess)) return cb(undefined, null);
      const stamp = found.sess.user && found.access_version !== null ? `${found.access_version}.${found.epoch}` : undefined;
      this.kept?.keep(sid, mark, { sess: found.sess, userId: found.user_id, expireMs: new Date(found.expire).getTime(), stamp });
      cb(undefined, withStamp(found.sess, stamp));
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
      .finally(() => this.kept?.forget(sid))
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
    const expire = sessionEnd(sess, this.limits, at);
    this.dataSource
      .query('UPDATE user_session SET expire = $2 WHERE sid = $1', [sid, new Date(expire)])
      .then(
        () => {
          this.kept?.extend(sid, expire);
          cb?.();
        },
        (e: unknown) => cb?.(e),
      );
  }

  override destroy(sid: string, cb?: Callback): void {
    this.touched.delete(sid);
    this.kept?.forget(sid);
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
