import type { EntityManager } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';

/** Marks a library changed: sync job ids carry a version built from these times (LibraryRepository.syncVersion). */
export async function touchLibrary(m: EntityManager, libraryId: string): Promise<void> {
  await m.query(`UPDATE target_library SET updated_at = clock_timestamp() WHERE id = $1`, [libraryId]);
}

/** Rows of an INSERT … RETURNING 1 wrapped as `WITH ins AS (…) SELECT count(*)`, as a number. */
export async function countOf(m: Pick<EntityManager, 'query'>, sql: string, params: unknown[]): Promise<number> {
  const rows = await query<{ n: number }>(m, `WITH ins AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM ins`, params);
  return rows[0]?.n ?? 0;
}
