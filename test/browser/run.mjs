// Runs the browser tests against the built app on a fresh database of the machine's PostgreSQL and on Redis.
// Expects `npm run build` first (the npm script test:browser does both).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

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
    BROWSER_DATABASE_URL: url.toString(),
    BROWSER_REDIS_URL: process.env.BROWSER_REDIS_URL ?? 'redis://127.0.0.1:6379',
  },
});
process.exit(result.status ?? 1);
