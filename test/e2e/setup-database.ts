import { adminQuery, copyTemplate, ensureTemplate, urlOf, workerDatabaseName } from './support/databases.js';
import { seed } from './support/session.js';
import { startTestApp } from './support/test-app.js';

// Each Jest worker works on its own copy of the run's seeded template, made by the first suite the worker runs; the
// worker's later suites share it, as every suite shared the run's one database before. The very first suite of the
// run boots the app once to migrate and seed the template.
const name = workerDatabaseName();
if ((await adminQuery(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).length === 0) {
  await ensureTemplate(async (url) => {
    const t = await startTestApp({ env: { DATABASE_URL: url } });
    try {
      await seed(t);
    } finally {
      await t.close();
    }
  });
  await copyTemplate(name);
}
process.env.E2E_DATABASE_URL = urlOf(name);
