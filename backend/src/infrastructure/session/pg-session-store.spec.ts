import type { SessionData } from 'express-session';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import { CHANGE_CHANNEL, ChangeNotices } from '../database/change-notices.js';
import { PgSessionStore, sessionEnd } from './pg-session-store.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const limits = { idleMs: 30 * MIN, maxMs: 12 * HOUR };

function store(rows: Array<{ sess: SessionData }> = [], notices?: ChangeNotices) {
  const queries: Array<{ sql: string; params: unknown[] }> = [];
  let clock = 1_000_000;
  const db = {
    query: async (sql: string, params: unknown[] = []) => {
      queries.push({ sql, params });
      return sql.startsWith('SELECT') ? rows : [];
    },
  } as unknown as DataSource;
  const s = new PgSessionStore(db, limits, () => clock, notices);
  const touch = (sid: string, sess: SessionData) => new Promise<void>((resolve) => s.touch(sid, sess, () => resolve()));
  const get = (sid: string) => new Promise<SessionData | null | undefined>((resolve) => s.get(sid, (_e, v) => resolve(v)));
  const set = (sid: string, sess: SessionData) => new Promise<void>((resolve) => s.set(sid, sess, () => resolve()));
  const destroy = (sid: string) => new Promise<void>((resolve) => s.destroy(sid, () => resolve()));
  return { s, queries, touch, get, set, destroy, tick: (ms: number) => (clock += ms), now: () => clock };
}

const browser = (startedAt?: number) => ({ cookie: { originalMaxAge: null }, startedAt, user: { userId: 'u', userName: 'u', orgId: null } }) as unknown as SessionData;
const remembered = (startedAt: number) => ({ cookie: { originalMaxAge: 30 * 24 * HOUR }, startedAt, user: { userId: 'u', userName: 'u', orgId: null } }) as unknown as SessionData;

describe('sessionEnd', () => {
  it('ends a browser session after the idle limit, but never past the absolute one', () => {
    expect(sessionEnd(browser(0), limits, 60 * MIN)).toBe(90 * MIN);
    expect(sessionEnd(browser(0), limits, 11 * HOUR + 50 * MIN)).toBe(12 * HOUR);
  });

  it('ends a remembered login its cookie lifetime after it started, however it is used', () => {
    expect(sessionEnd(remembered(0), limits, 13 * HOUR)).toBe(30 * 24 * HOUR);
  });
});

describe('PgSessionStore', () => {
  it('writes a session\'s expiry at most once a minute', async () => {
    const { queries, touch, tick } = store();
    const sess = browser(1_000_000);
    await touch('a', sess);
    await touch('a', sess);
    tick(59_000);
    await touch('a', sess);
    expect(queries.filter((q) => q.sql.startsWith('UPDATE'))).toHaveLength(1);
    tick(2_000);
    await touch('a', sess);
    expect(queries.filter((q) => q.sql.startsWith('UPDATE'))).toHaveLength(2);
  });

  it('reads the person\'s access stamp with the session and never stores it', async () => {
    const { get, set, queries } = store([{ sess: browser(1_000_000), access_version: '4', epoch: '9' } as never]);
    const read = await get('a');
    expect(read?.user?.accessStamp).toBe('4.9');
    await set('a', read as SessionData);
    const written = JSON.parse(String(queries.find((q) => q.sql.startsWith('INSERT'))?.params[1])) as SessionData;
    expect(written.user).toEqual({ userId: 'u', userName: 'u', orgId: null });
  });

  it('gives no stamp for a person who is gone, so nothing is taken from memory', async () => {
    const { get } = store([{ sess: browser(1_000_000), access_version: null, epoch: '9' } as never]);
    expect((await get('a'))?.user?.accessStamp).toBeUndefined();
  });

  it('keeps sessions apart and forgets a destroyed one', async () => {
    const { s, queries, touch } = store();
    await touch('a', browser(0));
    await touch('b', browser(0));
    await new Promise<void>((resolve) => s.destroy('a', () => resolve()));
    await touch('a', browser(0));
    expect(queries.filter((q) => q.sql.startsWith('UPDATE'))).toHaveLength(3);
  });

  it('stamps a new session with its start and stores its idle expiry', async () => {
    const { queries, set, now } = store();
    await set('a', browser());
    const [sid, json, , expire] = queries[0]!.params as [string, string, string, Date];
    expect(sid).toBe('a');
    expect(JSON.parse(json).startedAt).toBe(now());
    expect(expire.getTime()).toBe(now() + 30 * MIN);
  });

  it('refuses a session past its absolute limit, and a signed-in one stored before the limits', async () => {
    const young = store([{ sess: browser(1_000_000 - 11 * HOUR) }]);
    expect(await young.get('a')).toMatchObject({ startedAt: 1_000_000 - 11 * HOUR });
    const old = store([{ sess: browser(1_000_000 - 12 * HOUR) }]);
    expect(await old.get('a')).toBeNull();
    const legacy = store([{ sess: browser() }]);
    expect(await legacy.get('a')).toBeNull();
    const rememberedOld = store([{ sess: remembered(1_000_000 - 13 * HOUR) }]);
    expect(await rememberedOld.get('a')).not.toBeNull();
  });

  describe('with change notices', () => {
    async function listening() {
      const notices = new ChangeNotices();
      const conn = Object.assign(new EventEmitter(), { query: async () => ({}) });
      await notices.listenOn(conn as unknown as pg.Client);
      const row = { sess: browser(1_000_000), user_id: 'u', expire: new Date(1_000_000 + 30 * MIN), access_version: '4', epoch: '9' };
      const st = store([row as never], notices);
      const reads = () => st.queries.filter((q) => q.sql.startsWith('SELECT')).length;
      const say = (payload: string) => conn.emit('notification', { channel: CHANGE_CHANNEL, payload });
      return { ...st, reads, say, conn };
    }

    it('reads a session once, then answers from memory with the same stamp until a notice', async () => {
      const { get, reads, say } = await listening();
      expect((await get('a'))?.user?.accessStamp).toBe('4.9');
      expect((await get('a'))?.user?.accessStamp).toBe('4.9');
      expect(reads()).toBe(1);
      say('u:u');
      await get('a');
      expect(reads()).toBe(2);
    });

    it('reads again after this process wrote or destroyed the session', async () => {
      const { get, set, destroy, reads } = await listening();
      await set('a', (await get('a'))!);
      await get('a');
      expect(reads()).toBe(2);
      await destroy('a');
      await get('a');
      expect(reads()).toBe(3);
    });

    it('keeps a busy session in memory through its touches, and ends it at the absolute limit', async () => {
      const { get, tick, reads, touch } = await listening();
      await get('a');
      for (let i = 0; i < 12 * 60 - 1; i += 1) {
        tick(MIN);
        await touch('a', browser(1_000_000));
        expect(await get('a')).not.toBeNull();
      }
      expect(reads()).toBe(1);
      tick(MIN);
      expect(await get('a')).toBeNull();
    });

    it('reads again once the stored expiry has passed', async () => {
      const { get, tick, reads } = await listening();
      await get('a');
      tick(30 * MIN);
      await get('a');
      expect(reads()).toBe(2);
    });
  });
});
