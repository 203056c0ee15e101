// Holds a job in the middle of its work without sleeping: the test locks a table the job writes late (EXCLUSIVE
// mode: reads go on, writes wait), sees the job's statement wait on that lock in pg_locks, and then kills or stops
// the worker while its transaction is half-written.
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { until } from './app-process.js';

export interface HeldLock {
  release(): Promise<void>;
}

export async function lockTable(databaseUrl: string, table: string): Promise<HeldLock> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name "${table}"`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query('ROLLBACK').finally(() => client.end());
    },
  };
}

/** Resolves once some session waits for a lock on `table` (the job has reached its write there). */
export function waitForLockWaiter(db: DataSource, table: string, timeoutMs = 60_000): Promise<true> {
  return until(`a writer waiting on ${table}`, async () => {
    const rows: unknown[] = await db.query('SELECT 1 FROM pg_locks WHERE relation = $1::regclass AND NOT granted', [table]);
    return rows.length > 0 ? true : undefined;
  }, timeoutMs);
}
