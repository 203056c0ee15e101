/**
 * Raw SQL with typed rows. All SQL of the adapters is hand-written and parameterised ($1, $2 …); TypeORM only
 * runs it (the connection pool or a transaction), so its `query()` answers `any`. These helpers are the one
 * place that `any` becomes a row type; the row type states what the SELECT list gives.
 */

/** What runs SQL: TypeORM's DataSource, or the EntityManager of a transaction. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * The rows of a SELECT, or of INSERT/UPDATE/DELETE … RETURNING:
 * `const rows = await query<{ id: string }>(db, 'SELECT id FROM t WHERE x = $1', [x])`.
 */
export async function query<Row = unknown>(runner: SqlRunner, sql: string, parameters?: unknown[]): Promise<Row[]> {
  const result: unknown = await runner.query(sql, parameters);
  // TypeORM answers UPDATE and DELETE as [rows, affected count]; everything else as the rows.
  if (isRowsAndCount(result)) return result[0] as Row[];
  return result as Row[];
}

/** How many rows an UPDATE or DELETE changed. */
export async function affected(runner: SqlRunner, sql: string, parameters?: unknown[]): Promise<number> {
  const result: unknown = await runner.query(sql, parameters);
  return isRowsAndCount(result) ? result[1] : 0;
}

/** PostgreSQL's SQLSTATE of a failed statement (23503: a foreign key refused, 23505: a unique key), else undefined. */
export const sqlStateOf = (error: unknown): string | undefined => (error as { code?: unknown } | null)?.code as string | undefined;

function isRowsAndCount(result: unknown): result is [unknown[], number] {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number';
}

/** A list's page and the count of all its rows. */
export interface PageAndTotal<Row> {
  rows: Row[];
  total: number;
}

/**
 * One page of a list and the count of all its rows in one round trip (a list route used to pay two). `from` is the
 * list's FROM and WHERE with `alias` naming the listed table; the page's ids are taken in `order` with LIMIT and OFFSET,
 * then each is read by `select` (a SELECT … FROM that table AS `alias`, without WHERE) in that order. Only a page past
 * the end, which has no row to carry the count, asks for the count on its own.
 */
export async function pageWithTotal<Row>(
  runner: SqlRunner,
  list: { select: string; from: string; alias: string; order: string; params: unknown[]; take: number; skip: number },
): Promise<PageAndTotal<Row>> {
  const { select, from, alias, order, params, take, skip } = list;
  const limit = `$${params.length + 1}`;
  const offset = `$${params.length + 2}`;
  // ARRAY(subquery) keeps the subquery's order, and WITH ORDINALITY numbers it: the page comes back in list order.
  const rows = await query<Row & { __total: number }>(
    runner,
    `SELECT (SELECT count(*)::int ${from}) AS "__total", row_data.*
       FROM unnest(ARRAY(SELECT ${alias}.id ${from} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})) WITH ORDINALITY AS page(id, n)
       CROSS JOIN LATERAL (${select} WHERE ${alias}.id = page.id) row_data
      ORDER BY page.n`,
    [...params, take, skip],
  );
  if (rows.length === 0) {
    const total = skip === 0 ? 0 : (await query<{ n: number }>(runner, `SELECT count(*)::int AS n ${from}`, params))[0]!.n;
    return { rows: [], total };
  }
  const total = rows[0]!.__total;
  return { rows: rows.map(({ __total: _, ...row }) => row as Row), total };
}

/**
 * A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally (backslash is PostgreSQL's default
 * LIKE escape). The one place a search text becomes a pattern: pass it as a parameter, `col ILIKE $n`.
 */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Codes the program defines (never input) as SQL text literals, `'a', 'b'`, for an IN list in a constant statement;
 * refuses anything but letters, digits and underscores.
 */
export function sqlTextList(codes: readonly string[]): string {
  for (const code of codes) if (!/^\w+$/.test(code)) throw new Error(`not a code: ${code}`);
  return codes.map((code) => `'${code}'`).join(', ');
}

/**
 * A text the program defines (a path, a Chinese label of a domain table; never input) as an SQL literal for a
 * statement of constant text: its quotes doubled, and refused with a `$` (the to-do fragments' parameters are
 * renumbered in their text).
 */
export function sqlText(constant: string): string {
  if (constant.includes('$')) throw new Error(`not a constant text: ${constant}`);
  return `'${constant.replaceAll("'", "''")}'`;
}
