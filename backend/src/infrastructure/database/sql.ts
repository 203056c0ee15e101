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

function isRowsAndCount(result: unknown): result is [unknown[], number] {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number';
}
