import pg from 'pg';

/**
 * Once per run, before any worker starts: drops the databases an earlier run of this base name left (the seeded
 * template and the workers' copies: `support/databases.ts`), so this run migrates and seeds afresh. Plain pg here:
 * Jest loads this file as CommonJS, where the app (ESM-only NestJS) cannot be imported; the first suite makes the
 * template instead (`setup-database.ts`).
 */
export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.E2E_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const base = process.env.E2E_DATABASE_NAME ?? 'zhengai_e2e';
  if (!/^[a-z0-9_]+$/.test(base)) throw new Error(`E2E_DATABASE_NAME is not a database name: ${base}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname ~ $2`, [base, `^${base}_(tpl|tplnew|w[0-9]+)$`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  process.env.E2E_REDIS_URL ??= 'redis://127.0.0.1:6379';
  process.env.E2E_RUN_ID = `e2e-${Date.now()}`;
}
