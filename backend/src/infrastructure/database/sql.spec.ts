import { affected, query, type SqlRunner } from './sql.js';

/** Answers what TypeORM's postgres driver answers: rows, or [rows, count] for UPDATE and DELETE. */
const runner = (answer: unknown): SqlRunner & { calls: unknown[][] } => {
  const calls: unknown[][] = [];
  return { calls, query: async (sql, parameters) => (calls.push([sql, parameters]), answer) };
};

describe('query<Row>()', () => {
  it('passes the SQL and parameters through and gives the rows', async () => {
    const db = runner([{ id: 'a' }, { id: 'b' }]);
    const rows = await query<{ id: string }>(db, 'SELECT id FROM t WHERE x = $1', [1]);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(db.calls).toEqual([['SELECT id FROM t WHERE x = $1', [1]]]);
  });

  it('gives the rows of UPDATE … RETURNING, which TypeORM answers with the count beside them', async () => {
    expect(await query<{ id: string }>(runner([[{ id: 'a' }], 1]), 'UPDATE t SET x = 1 RETURNING id')).toEqual([{ id: 'a' }]);
  });
});

describe('affected()', () => {
  it('counts the rows an UPDATE or DELETE changed', async () => {
    expect(await affected(runner([[], 3]), 'DELETE FROM t')).toBe(3);
    expect(await affected(runner([]), 'INSERT INTO t VALUES (1)')).toBe(0);
  });
});
