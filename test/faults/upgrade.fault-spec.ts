// Zero-setup upgrade (issue 17): an embedded-PostgreSQL data directory left by the previous release — its
// migrations, an administrator with his own password, the server killed -9 (postmaster.pid left behind, no shutdown
// checkpoint) and every file 24 hours old, as on a machine that lost power a day ago — is started by the built app
// with no DATABASE_URL: the server recovers, the new migrations run, the old rows stay and login answers.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { ALL_MIGRATIONS } from '../../migrations/index.js';
import { SchoolAnalysis1765699200000 } from '../../migrations/1765699200000-school-analysis.js';
import { EMBEDDED_LOGIN } from '../../backend/src/infrastructure/database/embedded-postgres.js';
import { ensureInitialAdmin } from '../../backend/src/seed/initial-admin.js';
import { signedIn, startApi, type AppProcess, type FaultWorld } from './support/app-process.js';
import { PrivatePostgres } from './support/private-services.js';

const PORT = 3941;
const PG_PORT = 5441;
/** The previous release ended with data collection: school analysis and whatever came after it are new. */
const PREVIOUS_RELEASE = ALL_MIGRATIONS.slice(0, ALL_MIGRATIONS.indexOf(SchoolAnalysis1765699200000));
const OLD_PASSWORD = 'Upgrade2025';
const DAY_MS = 24 * 3600 * 1000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'zhengai_hd-upgrade-'));
const databaseDir = path.join(dataDir, 'pg');
let api: AppProcess | null = null;

afterAll(async () => {
  if (api) {
    // SIGTERM: main.ts stops its embedded PostgreSQL too; a SIGKILL would leave the server running.
    api.kill('SIGTERM');
    await api.exited();
  }
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) await new PrivatePostgres({ port: PG_PORT, databaseDir }).kill().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Zero-setup mode: no DATABASE_URL (nor REDIS_URL: BullMQ on the same database), DATA_DIR the old directory. */
const zeroSetupEnv = () => ({ DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PG_PORT) });

function zeroSetupWorld(): FaultWorld {
  return {
    name: 'zhengai_hd_upgrade',
    databaseUrl: '',
    queuePrefix: 'zhengai_hd_upgrade',
    filesDir: path.join(dataDir, 'files'),
    db: new DataSource({ type: 'postgres' }),
    connectDb: () => Promise.reject(new Error('zero-setup mode: the app owns its database')),
    dispose: async () => undefined,
  };
}

/** Sets every file's and directory's times `ms` back. */
function ageTree(dir: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) ageTree(full, ms);
    utimesSync(full, then, then);
  }
  utimesSync(dir, then, then);
}

/** The previous release's database: its migrations and an administrator, then the server killed. Answers the admin's id. */
async function previousRelease(): Promise<string> {
  chmodSync(dataDir, 0o755);
  const server = new PrivatePostgres({ port: PG_PORT, databaseDir, user: EMBEDDED_LOGIN.user, password: EMBEDDED_LOGIN.password });
  await server.start();
  await server.createDatabase(EMBEDDED_LOGIN.database);
  const db = new DataSource({ type: 'postgres', url: server.url(EMBEDDED_LOGIN.database), migrations: PREVIOUS_RELEASE, migrationsTransactionMode: 'each' });
  await db.initialize();
  try {
    await db.runMigrations();
    await ensureInitialAdmin(db, OLD_PASSWORD);
    const [admin] = (await db.query(`SELECT id FROM app_user WHERE account = 'admin'`)) as [{ id: string }];
    return admin.id;
  } finally {
    await db.destroy();
    await server.kill();
  }
}

it('starts a day-old, uncleanly stopped data directory of the previous release, migrates it and keeps its rows', async () => {
  const adminId = await previousRelease();
  expect(existsSync(path.join(databaseDir, 'postmaster.pid'))).toBe(true);
  ageTree(dataDir, DAY_MS);
  expect(Date.now() - statSync(path.join(databaseDir, 'PG_VERSION')).mtimeMs).toBeGreaterThanOrEqual(DAY_MS);

  const t0 = Date.now();
  api = await startApi(zeroSetupWorld(), { port: PORT, env: zeroSetupEnv() });
  console.info(`the previous release's data directory started and migrated in ${Date.now() - t0} ms`);

  const server = new PrivatePostgres({ port: PG_PORT, databaseDir, user: EMBEDDED_LOGIN.user, password: EMBEDDED_LOGIN.password });
  const ran = await server.query(EMBEDDED_LOGIN.database, 'SELECT name FROM migrations ORDER BY id');
  expect(ran.rows.map((r: { name: string }) => r.name)).toEqual(ALL_MIGRATIONS.map((m) => new m().name));
  const admins = await server.query(EMBEDDED_LOGIN.database, `SELECT id FROM app_user WHERE account = 'admin'`);
  expect(admins.rows).toEqual([{ id: adminId }]);

  // The old administrator signs in with the old password (INITIAL_ADMIN_PASSWORD does not replace an existing one).
  const client = await signedIn(PORT, 'admin', OLD_PASSWORD);
  try {
    const me = await client.json<{ userId: string }>('GET', '/api/user/tryLoginUserInfo');
    expect(me).toMatchObject({ status: 200, meta: { success: true }, data: { userId: adminId } });
  } finally {
    client.close();
  }
});

it('starts again after the API was killed with kill -9, its embedded server left running (issue 31 item 10)', async () => {
  expect(api).not.toBeNull();
  api!.kill('SIGKILL');
  await api!.exited();
  // the orphan: the server still answers on its port, its postmaster.pid in place
  const server = new PrivatePostgres({ port: PG_PORT, databaseDir, user: EMBEDDED_LOGIN.user, password: EMBEDDED_LOGIN.password });
  expect((await server.query(EMBEDDED_LOGIN.database, 'SELECT 1 AS up')).rows).toEqual([{ up: 1 }]);

  api = await startApi(zeroSetupWorld(), { port: PORT, env: zeroSetupEnv() });
  expect(api.lines.some((l) => /still running \(pid \d+\) after an unclean stop: stopping it first/.test(l))).toBe(true);
  const client = await signedIn(PORT, 'admin', OLD_PASSWORD);
  try {
    expect((await client.json('GET', '/api/user/tryLoginUserInfo')).meta.success).toBe(true);
  } finally {
    client.close();
  }
});
