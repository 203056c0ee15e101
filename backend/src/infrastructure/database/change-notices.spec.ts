import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { CHANGE_CHANNEL, ChangeNotices, DATA_CHANNEL } from './change-notices.js';

/** A connection as far as the notices need one: it answers LISTEN, sends notices and ends. */
function connection(listen: () => Promise<unknown> = async () => ({})) {
  const c = new EventEmitter() as EventEmitter & { query: (sql: string) => Promise<unknown>; sent: string[] };
  c.sent = [];
  c.query = async (sql: string) => {
    c.sent.push(sql);
    return listen();
  };
  return c;
}

function recorder() {
  const seen: string[] = [];
  return { seen, notice: (p: string) => seen.push(p), reset: () => seen.push('reset') };
}

describe('ChangeNotices', () => {
  it('is live only while a connection listens, and resets its subscribers when the first comes and the last goes', async () => {
    const notices = new ChangeNotices();
    const r = recorder();
    notices.subscribe(r);
    expect(notices.live).toBe(false);
    const a = connection();
    const b = connection();
    await notices.listenOn(a as unknown as pg.Client);
    expect(a.sent).toEqual([`LISTEN ${CHANGE_CHANNEL}; LISTEN ${DATA_CHANNEL}`]);
    await notices.listenOn(b as unknown as pg.Client);
    expect(notices.live).toBe(true);
    expect(r.seen).toEqual(['reset']);
    a.emit('end');
    expect(notices.live).toBe(true);
    b.emit('end');
    b.emit('end');
    expect(notices.live).toBe(false);
    expect(r.seen).toEqual(['reset', 'reset']);
  });

  it('passes on its own channel\'s notices from any connection, and nothing else', async () => {
    const notices = new ChangeNotices();
    const r = recorder();
    notices.subscribe(r);
    const a = connection();
    await notices.listenOn(a as unknown as pg.Client);
    a.emit('notification', { channel: CHANGE_CHANNEL, payload: 's:x' });
    a.emit('notification', { channel: 'other', payload: 's:y' });
    expect(r.seen).toEqual(['reset', 's:x']);
  });

  it('tells a subscriber only its own channel\'s notices, and every subscriber each reset', async () => {
    const notices = new ChangeNotices();
    const sessions = recorder();
    const data = recorder();
    notices.subscribe(sessions);
    notices.subscribe(data, DATA_CHANNEL);
    const a = connection();
    await notices.listenOn(a as unknown as pg.Client);
    a.emit('notification', { channel: DATA_CHANNEL, payload: 'centres' });
    a.emit('notification', { channel: CHANGE_CHANNEL, payload: 'e' });
    a.emit('end');
    expect(sessions.seen).toEqual(['reset', 'e', 'reset']);
    expect(data.seen).toEqual(['reset', 'centres', 'reset']);
  });

  it('does not count a connection whose LISTEN failed, and the failure reaches the pool', async () => {
    const notices = new ChangeNotices();
    const a = connection(async () => {
      throw new Error('gone');
    });
    await expect(notices.listenOn(a as unknown as pg.Client)).rejects.toThrow('gone');
    a.emit('end');
    expect(notices.live).toBe(false);
    const b = connection();
    await notices.listenOn(b as unknown as pg.Client);
    expect(notices.live).toBe(true);
  });

  it('stops telling a subscriber that has left', async () => {
    const notices = new ChangeNotices();
    const r = recorder();
    const leave = notices.subscribe(r);
    leave();
    const a = connection();
    await notices.listenOn(a as unknown as pg.Client);
    a.emit('notification', { channel: CHANGE_CHANNEL, payload: 'e' });
    expect(r.seen).toEqual([]);
  });
});
