import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';

/** The tables that keep one default row among their live ones (a unique partial index says so). */
type OneDefaultTable = 'report_template' | 'report_cover';

/** Soft-deletes a live row unless it is the default (reports keep their own copy of it, the cover's image too). */
export async function removeUnlessDefault(tx: Transaction, table: OneDefaultTable, id: string): Promise<'ok' | 'notFound' | 'default'> {
  const m = managerOf(tx);
  const rows = await query<{ isDefault: boolean }>(m, `SELECT is_default AS "isDefault" FROM ${table} WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
  if (rows.length === 0) return 'notFound';
  if (rows[0]!.isDefault) return 'default';
  await m.query(`UPDATE ${table} SET deleted_at = now() WHERE id = $1`, [id]);
  return 'ok';
}

/** Makes a live row the default; false when there is none with the id. */
export async function makeDefault(tx: Transaction, table: OneDefaultTable, id: string): Promise<boolean> {
  const m = managerOf(tx);
  const rows = await query(m, `SELECT id FROM ${table} WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
  if (rows.length === 0) return false;
  // The unique index allows one default: the old one goes first.
  await m.query(`UPDATE ${table} SET is_default = false WHERE is_default AND id <> $1`, [id]);
  await m.query(`UPDATE ${table} SET is_default = true WHERE id = $1`, [id]);
  return true;
}
