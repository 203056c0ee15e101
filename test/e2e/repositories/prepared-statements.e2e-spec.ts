import pg from 'pg';
import { PreparingClient, statementName } from '../../../backend/src/infrastructure/database/preparing-client.js';

// The pool's client sends statements with parameters as named prepared statements (issue 17: parsing and planning
// the same text on every call cost more than running it); statements without parameters keep the simple protocol,
// which alone allows several commands in one text.
describe('PreparingClient on the real PostgreSQL', () => {
  const pool = new pg.Pool({ connectionString: process.env.E2E_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', max: 1, Client: PreparingClient });
  afterAll(() => pool.end());

  it('prepares a statement with parameters once per connection and answers it each time', async () => {
    const text = 'SELECT $1::int + 1 AS n';
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await pool.query(text, [41])).rows).toEqual([{ n: 42 }]);
    const { rows } = await pool.query(`SELECT name, statement FROM pg_prepared_statements WHERE NOT from_sql`);
    expect(rows).toEqual([{ name: statementName(text), statement: text }]);
  });

  it('runs a text of several commands without parameters as before, unprepared', async () => {
    await pool.query('CREATE TEMP TABLE prep_probe (x int); INSERT INTO prep_probe VALUES (7)');
    expect((await pool.query('SELECT x FROM prep_probe WHERE x = $1', [7])).rows).toEqual([{ x: 7 }]);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'CREATE TEMP%'`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('answers an error of a prepared statement and keeps the connection usable', async () => {
    await expect(pool.query('SELECT 1 / $1::int AS n', [0])).rejects.toThrow(/division by zero/);
    expect((await pool.query('SELECT 1 / $1::int AS n', [1])).rows).toEqual([{ n: 1 }]);
  });
});
