import pg from 'pg';

/**
 * A fresh database for one suite, for the suites that must not see what the others wrote into the run's shared one
 * (the fuzzer, which writes everywhere; the demo-values check, which reads demo content the others change).
 */
export interface OwnDatabase {
  url: string;
  create(): Promise<void>;
  drop(): Promise<void>;
}

export function ownDatabase(suffix: string): OwnDatabase {
  const adminUrl = process.env.E2E_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${process.env.E2E_DATABASE_NAME ?? 'zhengai_e2e'}_${suffix}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  async function adminQuery(sql: string): Promise<void> {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  }
  return {
    url: url.toString(),
    async create() {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE ${name}`);
    },
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
