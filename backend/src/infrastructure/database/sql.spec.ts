import { affected, pageWithTotal, query, sqlText, type SqlRunner } from './sql.js';

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

describe('pageWithTotal()', () => {
  /** Answers each call with the next of the given answers. */
  const scripted = (...answers: unknown[]): SqlRunner & { calls: Array<[string, unknown[] | undefined]> } => {
    const calls: Array<[string, unknown[] | undefined]> = [];
    return { calls, query: async (sql, parameters) => (calls.push([sql, parameters]), answers.shift()) };
  };
  const list = (skip: number) => ({ select: 'SELECT t.id, t.name FROM task t', from: 'FROM task t WHERE t.owner = $1', alias: 't', order: 't.name, t.id', params: ['u1'], take: 10, skip });

  it('reads the page and the count in one statement, the page bound after the list\'s own parameters', async () => {
    const db = scripted([{ __total: 12, id: 'a', name: '甲' }, { __total: 12, id: 'b', name: '乙' }]);
    expect(await pageWithTotal(db, list(0))).toEqual({ rows: [{ id: 'a', name: '甲' }, { id: 'b', name: '乙' }], total: 12 });
    expect(db.calls).toHaveLength(1);
    const [sql, params] = db.calls[0]!;
    expect(params).toEqual(['u1', 10, 0]);
    expect(sql).toContain('(SELECT count(*)::int FROM task t WHERE t.owner = $1)');
    expect(sql).toContain('ARRAY(SELECT t.id FROM task t WHERE t.owner = $1 ORDER BY t.name, t.id LIMIT $2 OFFSET $3)');
    expect(sql).toContain('(SELECT t.id, t.name FROM task t WHERE t.id = page.id)');
    expect(sql).toMatch(/ORDER BY page\.n\s*$/);
  });

  it('an empty first page is an empty list: no second statement', async () => {
    const db = scripted([]);
    expect(await pageWithTotal(db, list(0))).toEqual({ rows: [], total: 0 });
    expect(db.calls).toHaveLength(1);
  });

  it('a page past the end has no row to carry the count: it is counted on its own', async () => {
    const db = scripted([], [{ n: 7 }]);
    expect(await pageWithTotal(db, list(20))).toEqual({ rows: [], total: 7 });
    expect(db.calls[1]).toEqual(['SELECT count(*)::int AS n FROM task t WHERE t.owner = $1', ['u1']]);
  });
});

describe('sqlText()', () => {
  it('quotes a constant text, its quotes doubled, and refuses a $ (fragments are renumbered by their $n)', () => {
    expect(sqlText('/qualityManagement/improvement')).toBe("'/qualityManagement/improvement'");
    expect(sqlText("审核'报告")).toBe("'审核''报告'");
    expect(() => sqlText('$1')).toThrow(/not a constant text/);
  });
});
