import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { CHANGE_CHANNEL, ChangeNotices, DATA_CHANNEL } from '../../../infrastructure/database/change-notices.js';
import { CentreNoticeStamp } from './centre-notice-stamp.js';

function connection() {
  const c = new EventEmitter() as EventEmitter & { query: (sql: string) => Promise<unknown> };
  c.query = async () => ({});
  return c;
}

describe('CentreNoticeStamp', () => {
  it('has no stamp while nothing listens, and a new one after each data notice and each reset, not after a session notice', async () => {
    const notices = new ChangeNotices();
    const stamp = new CentreNoticeStamp(notices);
    expect(stamp.current()).toBeUndefined();
    const a = connection();
    await notices.listenOn(a as unknown as pg.Client);
    const first = stamp.current();
    expect(first).toBeDefined();
    a.emit('notification', { channel: CHANGE_CHANNEL, payload: 'e' });
    expect(stamp.current()).toBe(first);
    a.emit('notification', { channel: DATA_CHANNEL, payload: 'centres' });
    const second = stamp.current();
    expect(second).not.toBe(first);
    a.emit('end');
    expect(stamp.current()).toBeUndefined();
    await notices.listenOn(connection() as unknown as pg.Client);
    expect([first, second]).not.toContain(stamp.current());
    stamp.onModuleDestroy();
  });
});
