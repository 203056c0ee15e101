// Runs the browser tests against the built app on a fresh database of the machine's PostgreSQL and on Redis.
// Expects `npm run build` first (the npm script test:browser does both).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';

const isFree = (port) =>
  new Promise((resolve) => {
    const server = createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The first of `count` ports in a row from `from` that nothing listens on: an app a killed run left on 3100 must not fail this run. */
async function freePorts(from, count) {
  for (let port = from; port < from + 100; port += 1) {
    let free = true;
    for (let i = 0; i < count && free; i += 1) free = await isFree(port + i);
    if (free) return port;
  }
  throw new Error(`no ${count} free ports from ${from}`);
}

const adminUrl = process.env.E2E_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.BROWSER_DB_NAME ?? 'zhengai_browser';
if (!/^[a-z_][a-z0-9_]{0,40}$/.test(name)) throw new Error(`BROWSER_DB_NAME must be a plain lower-case name, got ${name}`);
// The tests spend most of their time waiting on the screen (animations, debounces, a job's progress), not on the CPU:
// several workers, each with its own app and database, share the cores well. A file's tests stay in one worker.
const workers = Number(process.env.BROWSER_WORKERS ?? 3);
const databases = Array.from({ length: workers }, (_, i) => `${name}_${i}`);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
for (const database of databases) {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
}
await admin.end();

const urlOf = (database) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};
const result = spawnSync('npx', ['playwright', 'test', '-c', 'test/browser/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    BROWSER_PORT: process.env.BROWSER_PORT ?? String(await freePorts(3100, workers)),
    BROWSER_WORKERS: String(workers),
    BROWSER_DATABASE_URLS: databases.map(urlOf).join(','),
    BROWSER_REDIS_URL: process.env.BROWSER_REDIS_URL ?? 'redis://127.0.0.1:6379',
  },
});
process.exit(result.status ?? 1);
