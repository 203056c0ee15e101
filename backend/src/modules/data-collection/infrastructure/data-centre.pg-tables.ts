import { Injectable } from '@nestjs/common';
import { IDENTIFIER_PATTERN, SYSTEM_COLUMNS } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf, runnerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query, type SqlRunner } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { DataCentreTables } from '../application/ports/data-centre.port.js';
import type { ColumnKind, DataCentreColumn, DataCentreRow } from '../domain/data-centre.js';

/** The role the SQL collection sources read as (migration 1764403200000-monitoring). */
const SQL_READER_ROLE = 'zhengai_sql_reader';

const SQL_TYPES: Record<ColumnKind, string> = { numeric: 'numeric', date: 'date', text: 'text' };

/**
 * An identifier (a form's code, a field key or a system column) double-quoted. Only IDENTIFIER_PATTERN names get
 * here — lower-case letters, digits, underscores — so quoting is plain; anything else is a programming error.
 */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER_PATTERN.test(name)) throw new Error(`not a data-centre identifier: ${JSON.stringify(name)}`);
  return quote(name);
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const table = (code: string) => `sjzx.${quoteIdent(code)}`;

/** How a row's JSON element turns into each system column (the element's keys are DataCentreRow's). */
const SYSTEM_VALUES: Record<(typeof SYSTEM_COLUMNS)[number], string | null> = {
  row_id: `e->>'rowId'`,
  fill_task_id: `e->>'fillTaskId'`,
  task_id: `e->>'taskId'`,
  cycle: `e->>'cycle'`,
  department_id: `e->>'departmentId'`,
  department_name: `e->>'departmentName'`,
  row_no: `(e->>'rowNo')::int`,
  row_label: `e->>'label'`,
  audited_at: null, // its default, now()
};

/**
 * The forms' tables in schema sjzx. Identifiers are checked against IDENTIFIER_PATTERN and quoted; cell values and
 * the field keys they are looked up by travel as parameters (the rows as one jsonb array, cast column by column).
 */
@Injectable()
export class DataCentrePgTables extends DataCentreTables {
  constructor(private readonly db: DataSource) {
    super();
  }

  async ensureTable(tx: Transaction, code: string, columns: DataCentreColumn[]): Promise<void> {
    const run = managerOf(tx);
    const name = table(code); // checks the code, so the index names below derive from a checked name
    await run.query(`
      CREATE TABLE IF NOT EXISTS ${name} (
        row_id text PRIMARY KEY,
        fill_task_id text NOT NULL,
        task_id text NOT NULL,
        cycle varchar(4) NOT NULL,
        department_id text,
        department_name text,
        row_no int NOT NULL,
        row_label text,
        audited_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Index names share the schema's namespace; the code prefix keeps them apart from other forms' tables.
    await run.query(`CREATE INDEX IF NOT EXISTS ${quote(`${code}_fill_task_idx`)} ON ${name} (fill_task_id)`);
    await run.query(`CREATE INDEX IF NOT EXISTS ${quote(`${code}_cycle_idx`)} ON ${name} (cycle)`);
    for (const c of columns) {
      if ((SYSTEM_COLUMNS as readonly string[]).includes(c.key)) continue;
      await run.query(`ALTER TABLE ${name} ADD COLUMN IF NOT EXISTS ${quoteIdent(c.key)} ${SQL_TYPES[c.kind]}`);
    }
    // The default privileges of schema sjzx cover new tables too; the explicit grant keeps working if they are reset.
    const reader = await query<{ found: boolean }>(run, `SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS found`, [SQL_READER_ROLE]);
    if (reader[0]?.found) await run.query(`GRANT SELECT ON ${name} TO ${SQL_READER_ROLE}`);
  }

  async exists(code: string, tx?: Transaction): Promise<boolean> {
    const rows = await query<{ found: boolean }>(
      runnerOf(this.db, tx),
      `SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'sjzx' AND c.relname = $1) AS found`,
      [code],
    );
    return rows[0]?.found ?? false;
  }

  async dropTable(tx: Transaction, code: string): Promise<void> {
    await managerOf(tx).query(`DROP TABLE IF EXISTS ${table(code)}`);
  }

  async replaceRows(tx: Transaction, code: string, fillTaskId: string, rows: DataCentreRow[]): Promise<void> {
    const run = managerOf(tx);
    await run.query(`DELETE FROM ${table(code)} WHERE fill_task_id = $1`, [fillTaskId]);
    await this.insert(run, code, rows);
  }

  async deleteRows(tx: Transaction, code: string, fillTaskId: string): Promise<void> {
    await managerOf(tx).query(`DELETE FROM ${table(code)} WHERE fill_task_id = $1`, [fillTaskId]);
  }

  async rewrite(tx: Transaction, code: string, rows: DataCentreRow[]): Promise<number> {
    const run = managerOf(tx);
    await run.query(`DELETE FROM ${table(code)}`);
    return this.insert(run, code, rows);
  }

  /** Writes the rows in one statement, each field column cast to the type the table has for it. */
  private async insert(run: SqlRunner, code: string, rows: DataCentreRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const fieldColumns = await query<{ name: string; type: string }>(
      run,
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'sjzx' AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped AND a.attname <> ALL($2::text[])
       ORDER BY a.attnum`,
      [code, [...SYSTEM_COLUMNS]],
    );
    const names: string[] = [];
    const values: string[] = [];
    for (const [column, expression] of Object.entries(SYSTEM_VALUES)) {
      if (expression === null) continue;
      names.push(quoteIdent(column));
      values.push(expression);
    }
    const parameters: unknown[] = [JSON.stringify(rows)];
    for (const c of fieldColumns) {
      // Field keys are looked up as parameters; only the column name and its cast are written into the SQL.
      parameters.push(c.name);
      const cell = `NULLIF(e->'cells'->>$${parameters.length}, '')`;
      names.push(quoteIdent(c.name));
      values.push(c.type === 'numeric' ? `${cell}::numeric` : c.type === 'date' ? `${cell}::date` : cell);
    }
    await run.query(`INSERT INTO ${table(code)} (${names.join(', ')}) SELECT ${values.join(', ')} FROM jsonb_array_elements($1::jsonb) e`, parameters);
    return rows.length;
  }
}
