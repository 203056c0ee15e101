import type { SessionData } from 'express-session';
import type { ChangeNotices, ChangeSubscriber } from '../database/change-notices.js';

/** A session as last read from PostgreSQL, with its person's access stamp at that read. */
export interface KeptSession {
  sess: SessionData;
  userId: string | null;
  expireMs: number;
  stamp: string | undefined;
}

/** Kept as JSON text, so each hand-out is a fresh copy. */
type Entry = Omit<KeptSession, 'sess'> & { json: string };

/** Sessions this process keeps; past this many it starts again (a deadline day has about a thousand). */
const MAX_KEPT = 20_000;

/**
 * The sessions this API process has read, kept until a change notice (migration session-notices) says one changed,
 * so a request pays no session round trip. A read that was under way when any notice arrived is not kept: its row
 * may predate the change. Nothing is kept while no connection listens. Each hand-out is a fresh copy, as express-session
 * changes the object it is given.
 */
export class KeptSessions implements ChangeSubscriber {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly notices: ChangeNotices) {
    notices.subscribe(this);
  }

  /** Taken before a read from PostgreSQL; keep() needs it back. */
  mark(): number {
    return this.generation;
  }

  /** The kept session, or undefined when it must be read (never kept, changed, or past its stored expiry). */
  read(sid: string, now: number): { sess: SessionData; stamp: string | undefined } | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (!this.notices.live || entry.expireMs <= now) {
      this.entries.delete(sid);
      return undefined;
    }
    return { sess: JSON.parse(entry.json) as SessionData, stamp: entry.stamp };
  }

  keep(sid: string, mark: number, kept: KeptSession): void {
    if (mark !== this.generation || !this.notices.live) return;
    if (this.entries.size >= MAX_KEPT) this.entries.clear();
    this.entries.set(sid, { json: JSON.stringify(kept.sess), userId: kept.userId, expireMs: kept.expireMs, stamp: kept.stamp });
  }

  /** This process wrote or removed the session: drop it, and any read of it under way. */
  forget(sid: string): void {
    this.generation += 1;
    this.entries.delete(sid);
  }

  /** This process pushed the stored expiry back. */
  extend(sid: string, expireMs: number): void {
    const entry = this.entries.get(sid);
    if (entry && entry.expireMs < expireMs) entry.expireMs = expireMs;
  }

  notice(payload: string): void {
    this.generation += 1;
    if (payload === 'e') {
      this.entries.clear();
    } else if (payload.startsWith('s:')) {
      this.entries.delete(payload.slice(2));
    } else if (payload.startsWith('u:')) {
      const userId = payload.slice(2);
      for (const [sid, entry] of this.entries) if (entry.userId === userId) this.entries.delete(sid);
    } else {
      this.entries.clear();
    }
  }

  reset(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
