import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { SQL_MAX_ROWS } from '@zhengai/contracts';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config.js';
import { DATABASE_URL, EMBEDDED_SQL_READER_PASSWORD } from '../../../../infrastructure/database/database-url.js';
import type { SqlSourceTrial } from '../../application/ports/collection-sources.port.js';
import { CollectionError } from '../../application/ports/value-source.port.js';
import { bindSqlParameters, checkSelectSql, type SqlParameterValues } from '../../domain/sql-text.js';
import { SQL_STATEMENT_TIMEOUT_SECONDS, SqlReaderUnavailable, sqlCollectionError } from './sql-errors.js';
import { query } from '../../../../infrastructure/database/sql.js';

/** The role migration 1764403200000-monitoring creates: LOGIN, reads only schema sjzx, read-only by default. */
export const SQL_READER_ROLE = 'zhengai_sql_reader';
/** Rows kept of one run (the contract's limit); one more is fetched to know whether there were more. */
export { SQL_MAX_ROWS };

export interface SqlRows {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  /** More rows than SQL_MAX_ROWS matched; only the first SQL_MAX_ROWS are here. */
  truncated: boolean;
  /** The first column of the first row as PostgreSQL gave it (undefined without a row or a column). */
  first: unknown;
}

/** The app's database URL with the reader role as user (and its password, or none). */
export function readerUrl(databaseUrl: string, password: string | null): string {
  const url = new URL(databaseUrl);
  url.username = SQL_READER_ROLE;
  url.password = password ?? '';
  return url.toString();
}

/**
 * Runs administrators' SQL sources as zhengai_sql_reader on a pool of its own (never TypeORM's connections), each run
 * in a READ ONLY transaction with its own statement_timeout and search_path, as one statement through the
 * extended protocol, wrapped so only a query expression parses, and always rolled back.
 */
@Injectable()
export class SqlReader implements SqlSourceTrial, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SqlReader.name);
  private readonly pool: pg.Pool;
  private readonly password: string | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_URL) databaseUrl: string,
    private readonly db: DataSource,
  ) {
    // Zero-setup mode (no DATABASE_URL): the embedded server asks for passwords, so the reader gets a local one.
    this.password = config.sqlSource.readerPassword ?? (config.databaseUrl === null ? EMBEDDED_SQL_READER_PASSWORD : null);
    this.pool = new pg.Pool({
      connectionString: config.sqlSource.url ?? readerUrl(databaseUrl, this.password),
      max: 2,
      idleTimeoutMillis: 30_000,
      // Also how long a run waits for one of the two connections, each busy at most one statement_timeout.
      connectionTimeoutMillis: 2 * SQL_STATEMENT_TIMEOUT_SECONDS * 1000 + 2_000,
      application_name: 'zhengai-sql-source',
    });
    // An idle connection dropped by the server (restart, shutdown) must not take the process down.
    this.pool.on('error', (e) => this.logger.warn(`SQL source connection lost: ${e.message}`));
  }

  /** Sets the configured password on the reader role through the app's own connection (which may alter roles). */
  async onModuleInit(): Promise<void> {
    if (this.password === null) return;
    try {
      // format(%L) quotes the password inside PostgreSQL; it is never pasted into SQL here.
      const [{ statement }] = await query<{ statement: string }>(this.db, `SELECT format('ALTER ROLE ${SQL_READER_ROLE} PASSWORD %L', $1::text) AS statement`, [
        this.password,
      ]);
      await this.db.query(statement);
    } catch (e) {
      this.logger.warn(`could not set the password of ${SQL_READER_ROLE}; SQL sources may be unavailable: ${(e as Error).message}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }

  /**
   * Checks the text (clear messages for what is plainly not one SELECT), binds its :dxbm / :dxmc / :zq parameters
   * (null where no value is given), then runs it guarded.
   */
  query(sql: string, parameters: SqlParameterValues = {}): Promise<SqlRows> {
    const checked = checkSelectSql(sql);
    if (!checked.ok) return Promise.reject(new CollectionError(checked.message));
    const bound = bindSqlParameters(checked.text, parameters);
    return this.execute(bound.text, bound.values);
  }

  /**
   * The guarded run, without the lexical check: the role, the read-only transaction, the timeout and the single
   * wrapped statement refuse whatever is not one read of sjzx. Throws CollectionError with a person's message.
   */
  async execute(text: string, values: Array<string | null> = []): Promise<SqlRows> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      this.logger.warn(`${SQL_READER_ROLE} cannot connect: ${(e as Error).message}`);
      throw new SqlReaderUnavailable();
    }
    let outcome: { rows: SqlRows } | { error: unknown };
    try {
      await client.query('BEGIN READ ONLY');
      await client.query(`SET LOCAL statement_timeout = '${SQL_STATEMENT_TIMEOUT_SECONDS}s'`);
      await client.query('SET LOCAL search_path = sjzx');
      // queryMode 'extended' (Parse/Bind/Execute): PostgreSQL refuses more than one command in it.
      const config = {
        text: `SELECT * FROM (\n${text}\n) AS q LIMIT ${SQL_MAX_ROWS + 1}`,
        values,
        rowMode: 'array' as const,
        queryMode: 'extended',
      };
      outcome = { rows: toSqlRows(await client.query(config)) };
    } catch (e) {
      outcome = { error: e };
    }
    await this.finish(client);
    if ('error' in outcome) throw sqlCollectionError(outcome.error);
    return outcome.rows;
  }

  /**
   * Rolls back, then clears what a run could leave on the session (session advisory locks, settings) before the
   * connection goes back to the pool; a connection that cannot be cleaned is closed instead.
   */
  private async finish(client: pg.PoolClient): Promise<void> {
    try {
      await client.query('ROLLBACK');
      await client.query('DISCARD ALL');
      client.release();
    } catch (e) {
      client.release(e instanceof Error ? e : new Error(String(e)));
    }
  }
}

function toSqlRows(result: pg.QueryArrayResult): SqlRows {
  const columns = result.fields.map((f) => f.name);
  const kept = result.rows.slice(0, SQL_MAX_ROWS);
  const rows = kept.map((values) => Object.fromEntries(columns.map((name, i) => [name, values[i]])));
  return { columns, rows, truncated: result.rows.length > SQL_MAX_ROWS, first: kept[0]?.[0] };
}
