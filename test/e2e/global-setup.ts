import pg from 'pg';

/**
 * One fresh database per test run on the machine's PostgreSQL (E2E_ADMIN_URL, default the local trust login),
 * so runs never see each other's rows. Its URL reaches the tests as E2E_DATABASE_URL.
 */
export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.E2E_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = process.env.E2E_DATABASE_NAME ?? 'zhengai_e2e';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.E2E_DATABASE_URL = url.toString();
  process.env.E2E_REDIS_URL ??= 'redis://127.0.0.1:6379';
  process.env.E2E_RUN_ID = `e2e-${Date.now()}`;
}
