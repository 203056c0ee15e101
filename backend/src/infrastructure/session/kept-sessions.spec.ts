import { EventEmitter } from 'node:events';
import type { SessionData } from 'express-session';
import type pg from 'pg';
import { CHANGE_CHANNEL, ChangeNotices } from '../database/change-notices.js';
import { KeptSessions } from './kept-sessions.js';

const sess = (userId: string) => ({ cookie: { originalMaxAge: null }, startedAt: 1, user: { userId, userName: userId, orgId: null } }) as unknown as SessionData;

async function world() {
  const notices = new ChangeNotices();
  const kept = new KeptSessions(notices);
  const conn = Object.assign(new EventEmitter(), { query: async () => ({}) });
  await notices.listenOn(conn as unknown as pg.Client);
  const say = (payload: string) => conn.emit('notification', { channel: CHANGE_CHANNEL, payload });
  const keep = (sid: string, userId: string, expireMs = 10_000) => kept.keep(sid, kept.mark(), { sess: sess(userId), userId, expireMs, stamp: '3.7' });
  return { notices, kept, conn, say, keep };
}

describe('KeptSessions', () => {
  it('hands out a fresh copy of a kept session with its stamp, each time', async () => {
    const { kept, keep } = await world();
    keep('a', 'u1');
    const first = kept.read('a', 0)!;
    expect(first.stamp).toBe('3.7');
    first.sess.user!.userName = 'changed by a route';
    expect(kept.read('a', 0)!.sess.user!.userName).toBe('u1');
  });

  it('drops a session when its notice comes, a person\'s sessions when theirs comes, and all on an epoch', async () => {
    const { kept, keep, say } = await world();
    keep('a', 'u1');
    keep('b', 'u1');
    keep('c', 'u2');
    say('s:a');
    expect(kept.read('a', 0)).toBeUndefined();
    expect(kept.read('b', 0)).toBeDefined();
    say('u:u1');
    expect(kept.read('b', 0)).toBeUndefined();
    expect(kept.read('c', 0)).toBeDefined();
    say('e');
    expect(kept.read('c', 0)).toBeUndefined();
  });

  it('does not keep a read that was under way when any notice came', async () => {
    const { kept, say } = await world();
    const mark = kept.mark();
    say('u:someone-else');
    kept.keep('a', mark, { sess: sess('u1'), userId: 'u1', expireMs: 10_000, stamp: '1.1' });
    expect(kept.read('a', 0)).toBeUndefined();
  });

  it('keeps nothing while no connection listens, and forgets all when listening stops', async () => {
    const { kept, keep, conn } = await world();
    keep('a', 'u1');
    conn.emit('end');
    expect(kept.read('a', 0)).toBeUndefined();
    keep('b', 'u1');
    expect(kept.read('b', 0)).toBeUndefined();
  });

  it('reads again once the stored expiry passes, unless this process pushed it back', async () => {
    const { kept, keep } = await world();
    keep('a', 'u1', 1_000);
    keep('b', 'u1', 1_000);
    kept.extend('b', 5_000);
    expect(kept.read('a', 1_000)).toBeUndefined();
    expect(kept.read('b', 4_999)).toBeDefined();
  });

  it('forgets a session this process wrote, and any read of it under way', async () => {
    const { kept, keep } = await world();
    keep('a', 'u1');
    const mark = kept.mark();
    kept.forget('a');
    expect(kept.read('a', 0)).toBeUndefined();
    kept.keep('a', mark, { sess: sess('u1'), userId: 'u1', expireMs: 10_000, stamp: '1.1' });
    expect(kept.read('a', 0)).toBeUndefined();
  });
});
