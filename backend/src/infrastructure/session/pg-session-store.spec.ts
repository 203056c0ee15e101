import type { DataSource } from 'typeorm';
import { PgSessionStore } from './pg-session-store.js';

describe('PgSessionStore.touch', () => {
  const sess = { cookie: { expires: new Date(Date.now() + 3_600_000) } } as never;

  function store() {
    const queries: string[] = [];
    let clock = 1_000_000;
    const db = { query: async (sql: string) => { queries.push(sql); return []; } } as unknown as DataSource;
    const s = new PgSessionStore(db, () => clock);
    const touch = (sid: string) => new Promise<void>((resolve) => s.touch(sid, sess, () => resolve()));
    return { s, queries, touch, tick: (ms: number) => (clock += ms) };
  }

  it('writes a session\'s expiry at most once a minute', async () => {
    const { queries, touch, tick } = store();
    await touch('a');
    await touch('a');
    tick(59_000);
    await touch('a');
    expect(queries.filter((q) => q.startsWith('UPDATE'))).toHaveLength(1);
    tick(2_000);
    await touch('a');
    expect(queries.filter((q) => q.startsWith('UPDATE'))).toHaveLength(2);
  });

  it('keeps sessions apart and forgets a destroyed one', async () => {
    const { s, queries, touch } = store();
    await touch('a');
    await touch('b');
    await new Promise<void>((resolve) => s.destroy('a', () => resolve()));
    await touch('a');
    expect(queries.filter((q) => q.startsWith('UPDATE'))).toHaveLength(3);
  });
});
