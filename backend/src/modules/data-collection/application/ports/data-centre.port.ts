import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { DataCentreColumn, DataCentreRow } from '../../domain/data-centre.js';

/**
 * The forms' tables in schema sjzx (read by the SQL collection sources as zhengai_sql_reader). Identifiers are the
 * form's code and its field keys (IDENTIFIER_PATTERN, checked before they get here) and are quoted by PostgreSQL
 * (format %I), never pasted.
 */
export abstract class DataCentreTables {
  /** Creates sjzx.<code> or adds the missing columns (never drops one). */
  abstract ensureTable(tx: Transaction, code: string, columns: DataCentreColumn[]): Promise<void>;
  /** Whether sjzx.<code> exists (a new form's code must not take a table already there). */
  abstract exists(code: string, tx?: Transaction): Promise<boolean>;
  abstract dropTable(tx: Transaction, code: string): Promise<void>;
  /** Replaces one fill task's rows (audit). */
  abstract replaceRows(tx: Transaction, code: string, fillTaskId: string, rows: DataCentreRow[]): Promise<void>;
  /** Removes one fill task's rows (rollback of an audited fill). */
  abstract deleteRows(tx: Transaction, code: string, fillTaskId: string): Promise<void>;
  /** Rewrites the whole table (datas/sync): deletes every row, then writes these. */
  abstract rewrite(tx: Transaction, code: string, rows: DataCentreRow[]): Promise<number>;
}
