// Runs the browser tests against the built app on a fresh database of the machine's PostgreSQL and on Redis.
// Expects `npm run build` first (the npm script test:browser does both).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';

/** The first port from `from` on that nothing listens on: an app a killed run left on 3100 must not fail this run. */
async function freePort(from) {
  for (let port = from; port < from + 100; port += 1) {
    const free = await new Promise((resolve) => {
      const server = createServer().once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

const adminUrl = process.env.E2E_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.BROWSER_DB_NAME ?? 'zhengai_browser';
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${name}`;
const result = spawnSync('npx', ['playwright', 'test', '-c', 'test/browser/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    BROWSER_PORT: process.env.BROWSER_PORT ?? String(await freePort(3100)),
    BROWSER_DATABASE_URL: url.toString(),
    BROWSER_REDIS_URL: process.env.BROWSER_REDIS_URL ?? 'redis://127.0.0.1:6379',
  },
});
process.exit(result.status ?? 1);
