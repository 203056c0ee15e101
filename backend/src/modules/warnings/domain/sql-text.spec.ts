import { bindSqlParameters, checkSelectSql, SQL_TEXT_MESSAGES, stripSqlComments } from './sql-text.js';

describe('checkSelectSql: the lexical check of an SQL source', () => {
  it.each([
    ['SELECT rate FROM employment', 'SELECT rate FROM employment'],
    ['  select 1  ', 'select 1'],
    ['SELECT 1;', 'SELECT 1'],
    ['SELECT 1 ;  \n\t', 'SELECT 1'],
    ['WITH d AS (SELECT 1 AS x) SELECT x FROM d', 'WITH d AS (SELECT 1 AS x) SELECT x FROM d'],
    ['(SELECT 1) UNION (SELECT 2)', '(SELECT 1) UNION (SELECT 2)'],
    ['-- the rate\nSELECT rate FROM employment', 'SELECT rate FROM employment'],
    ['/* a /* nested */ comment */ SELECT 1', 'SELECT 1'],
    ['SELECT/**/1', 'SELECT 1'],
    ['SELECT 1 -- trailing comment; DELETE FROM x', 'SELECT 1'],
  ])('accepts %p as %p', (sql, text) => {
    expect(checkSelectSql(sql)).toEqual({ ok: true, text });
  });

  it('keeps strings, quoted names and dollar-quoted bodies as written, semicolons and dashes included', () => {
    for (const sql of [
      "SELECT 'a; DELETE FROM x' AS s",
      "SELECT 'it''s; -- not a comment' AS s",
      "SELECT E'\\'; DELETE FROM x' AS s",
      'SELECT 1 AS "a;b--c"',
      'SELECT $$; DELETE FROM x$$ AS s',
      'SELECT $tag$ $$; /* */ $tag$ AS s',
    ]) {
      expect(checkSelectSql(sql)).toEqual({ ok: true, text: sql });
    }
  });

  it.each(['', '   ', ';', ' ; ;', '-- only a comment', '/* only */'])('refuses %p as empty', (sql) => {
    expect(checkSelectSql(sql)).toEqual({ ok: false, message: SQL_TEXT_MESSAGES.empty });
  });

  it.each([
    'SELECT 1; DELETE FROM sjzx.x',
    'SELECT 1;DELETE FROM sjzx.x',
    'SELECT 1; SELECT 2',
    'SELECT 1;;',
    'SELECT 1; -- x\n DROP TABLE t',
    "SELECT 'a'; DELETE FROM x; SELECT 'b'",
    // a backslash does not escape a quote in a plain string: the string closes, the semicolon is real
    "SELECT 'a\\'; DELETE FROM x; --'",
  ])('refuses %p: one statement only', (sql) => {
    expect(checkSelectSql(sql)).toEqual({ ok: false, message: SQL_TEXT_MESSAGES.oneStatement });
  });

  it.each([
    'DELETE FROM sjzx.x',
    'UPDATE sjzx.x SET rate = 0',
    'INSERT INTO sjzx.x VALUES (1)',
    'SET ROLE postgres',
    'RESET ALL',
    'COPY sjzx.x TO STDOUT',
    'VALUES (1)',
    '/* SELECT */ DROP TABLE x',
    'EXPLAIN ANALYZE SELECT 1',
    'SELECTX 1',
  ])('refuses %p: SELECT or WITH only', (sql) => {
    expect(checkSelectSql(sql)).toEqual({ ok: false, message: SQL_TEXT_MESSAGES.selectOnly });
  });

  it('leaves an unterminated string or comment to the database (it reports the fault)', () => {
    expect(checkSelectSql("SELECT 'abc; DELETE FROM x")).toEqual({ ok: true, text: "SELECT 'abc; DELETE FROM x" });
    expect(checkSelectSql('SELECT 1 /* never closed; x')).toEqual({ ok: true, text: 'SELECT 1 /* never closed; x' });
  });
});

describe('stripSqlComments', () => {
  it('replaces each comment by one space', () => {
    expect(stripSqlComments('SELECT a--x\n,b/* y */FROM t')).toBe('SELECT a \n,b FROM t');
  });

  it('does not take $1 or a name with $ for a dollar quote', () => {
    expect(stripSqlComments('SELECT a$b$ -- c\nFROM t WHERE x = $1 /* d */')).toBe('SELECT a$b$  \nFROM t WHERE x = $1  ');
  });
});

describe('bindSqlParameters: :dxbm, :dxmc and :zq bound as values', () => {
  const values = { dxbm: 'major-510203', dxmc: '软件技术', zq: '2026' };

  it('numbers parameters by first use and reuses a number for a repeated name', () => {
    expect(bindSqlParameters('SELECT rate FROM e WHERE major = :dxmc AND year = :zq OR alias = :dxmc', values)).toEqual({
      text: 'SELECT rate FROM e WHERE major = $1 AND year = $2 OR alias = $1',
      values: ['软件技术', '2026'],
      used: ['dxmc', 'zq'],
    });
  });

  it('leaves a text without parameters as it is, with no values', () => {
    expect(bindSqlParameters('SELECT 1', values)).toEqual({ text: 'SELECT 1', values: [], used: [] });
  });

  it('binds null for a parameter without a value', () => {
    expect(bindSqlParameters('SELECT :dxbm', {})).toEqual({ text: 'SELECT $1', values: [null], used: ['dxbm'] });
  });

  it.each([
    ["SELECT ':dxbm', \":dxmc\" FROM t", "SELECT ':dxbm', \":dxmc\" FROM t"],
    ["SELECT E'it\\'s :zq' FROM t", "SELECT E'it\\'s :zq' FROM t"],
    ['SELECT $$ :dxbm $$, $tag$:zq$tag$', 'SELECT $$ :dxbm $$, $tag$:zq$tag$'],
    ['SELECT x::text, y::dxbm FROM t', 'SELECT x::text, y::dxbm FROM t'],
    ['SELECT :dxbmx, :other, :zq_year FROM t', 'SELECT :dxbmx, :other, :zq_year FROM t'],
  ])('does not touch %p', (text, expected) => {
    expect(bindSqlParameters(text, values)).toEqual({ text: expected, values: [], used: [] });
  });

  it('binds beside a cast and in parentheses', () => {
    expect(bindSqlParameters('SELECT * FROM t WHERE y = (:zq)::int AND c IN (:dxbm,:dxmc)', values).text).toBe(
      'SELECT * FROM t WHERE y = ($1)::int AND c IN ($2,$3)',
    );
  });

  it('a value is never part of the text, whatever it holds', () => {
    const bound = bindSqlParameters('SELECT * FROM t WHERE c = :dxbm', { dxbm: "x'; DROP TABLE t; --" });
    expect(bound.text).toBe('SELECT * FROM t WHERE c = $1');
    expect(bound.values).toEqual(["x'; DROP TABLE t; --"]);
  });
});
