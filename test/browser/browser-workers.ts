// Which app and database a browser test talks to. test/browser/run.mjs starts one app a worker, each on its own port
// (BROWSER_PORT, BROWSER_PORT + 1, …) and database (BROWSER_DATABASE_URLS, comma-separated); Playwright tells a worker
// process its index in TEST_PARALLEL_INDEX.

export interface BrowserWorker {
  workers: number;
  ports: number[];
  databaseUrls: string[];
  /** this process's worker index; 0 in the runner process */
  index: number;
}

export function browserWorker(env: NodeJS.ProcessEnv = process.env): BrowserWorker {
  const workers = Number(env.BROWSER_WORKERS ?? 1);
  const first = Number(env.BROWSER_PORT ?? 3100);
  const ports = Array.from({ length: workers }, (_, i) => first + i);
  const databaseUrls = (env.BROWSER_DATABASE_URLS ?? '').split(',').filter(Boolean);
  return { workers, ports, databaseUrls, index: Number(env.TEST_PARALLEL_INDEX ?? 0) };
}

/** The database of this worker's app, for the tests that read or set a row directly. */
export function workerDatabaseUrl(): string {
  const { databaseUrls, index } = browserWorker();
  return databaseUrls[index] ?? 'postgres://postgres@127.0.0.1:5432/zhengai_browser';
}

/**
 * What every browser context of the tests asks for, the config's and the ones a test opens itself (Playwright applies the
 * config's only to its own `page`): less motion, which the app honours by turning antd's and the charts' animations off.
 */
export const CONTEXT_OPTIONS = { reducedMotion: 'reduce' } as const;
