import pg from 'pg';

/**
 * The run's databases on the machine's PostgreSQL (E2E_ADMIN_URL, default the local trust login). The global setup
 * migrates and seeds one template (`<base>_tpl`) once; each Jest worker then works on its own copy
 * (`<base>_w<id>`, CREATE DATABASE … TEMPLATE, about a second), so suites start on a seeded database instead of
 * migrating and seeding it, and two workers never see each other's rows. Suites that need a database of their own
 * (`own-database.ts`) copy the template too.
 */
export const adminUrl = (): string => process.env.E2E_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const baseName = (): string => process.env.E2E_DATABASE_NAME ?? 'zhengai_e2e';
export const templateName = (): string => `${baseName()}_tpl`;
export const workerDatabaseName = (): string => `${baseName()}_w${process.env.JEST_WORKER_ID ?? '1'}`;

export function urlOf(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Names are ours (the run's base name and a suffix); PostgreSQL takes no parameters in CREATE/DROP DATABASE. */
function ident(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  return name;
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

export const dropDatabase = (name: string): Promise<unknown> => adminQuery(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);

/** A fresh, empty database under `name` (dropped first if a run left one). */
export async function createEmptyDatabase(name: string): Promise<void> {
  await dropDatabase(name);
  await adminQuery(`CREATE DATABASE ${ident(name)}`);
}

/** A fresh copy of the seeded template under `name` (dropped first if a run left one). */
export async function copyTemplate(name: string): Promise<void> {
  await dropDatabase(name);
  // Two copies started at once may meet PostgreSQL's "source database is being accessed": try again briefly.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(templateName())}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !String((error as Error).message).includes('being accessed')) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Template ready: the first suite of the run migrates and seeds it under another name, then renames it, under a lock. */
export async function ensureTemplate(makeSeeded: (url: string) => Promise<void>): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    // Any constant: the workers of one run (and runs of other base names, briefly) take turns making it.
    await c.query('SELECT pg_advisory_lock($1)', [0x7a67747031]);
    const ready = await c.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [templateName()]);
    if (ready.rowCount) return;
    const building = `${templateName()}new`;
    await c.query(`DROP DATABASE IF EXISTS ${ident(building)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${ident(building)}`);
    await makeSeeded(urlOf(building));
    await c.query(`ALTER DATABASE ${ident(building)} RENAME TO ${ident(templateName())}`);
  } finally {
    await c.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await c.end();
  }
}
