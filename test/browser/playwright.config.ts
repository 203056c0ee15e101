import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { browserWorker, CONTEXT_OPTIONS } from './browser-workers.js';

// Each worker has its own app on its own port and database (test/browser/run.mjs makes them); a worker process reads
// this file again with its index set, so its baseURL is its own app's. BROWSER_PORT lets two runs share a machine.
const { workers, ports, databaseUrls, index } = browserWorker();
const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${String(ports[index])}`;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  testDir: fileURLToPath(new URL('.', import.meta.url)),
  testMatch: '**/*.spec.ts',
  outputDir: `${repoRoot}test-results`,
  reporter: 'list',
  workers,
  fullyParallel: false,
  // In CI a failed test runs once more and the list names it "flaky": on two loaded cores one click in a hundred tests
  // was lost while a dialog opened (a different one each run). A flaky test is still fixed when seen (collection-design
  // and admin were); a test that fails twice fails the run. `npm test` runs this layer alone (test/all-layers.mjs).
  retries: process.env.CI ? 1 : 0,
  // A whole test's bound, not a speed goal: on a slow day of these two cores a long test passed 30 s (CI saw one at
  // 30.1 s); the expect and action bounds below still catch a step that hangs.
  timeout: 60_000,
  // Two shared cores: an antd close animation may take more than the default 5 s while builds run beside it.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // a click that can never land fails at its own line instead of using up the test's whole time
    actionTimeout: 15_000,
    browserName: 'chromium',
    locale: 'zh-CN',
    ...CONTEXT_OPTIONS,
    viewport: { width: 1366, height: 768 },
    // Debian's chromium: no browser download can reach this network (never `npx playwright install`)
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: ports.map((port, i) => ({
    // the built app (API plus the frontend as static files); BROWSER_SERVER_CMD overrides it
    command: process.env.BROWSER_SERVER_CMD ?? 'node backend/dist/backend/src/main.js',
    url: `http://127.0.0.1:${String(port)}/api/health`,
    reuseExistingServer: !process.env.CI,
    cwd: repoRoot,
    // test/browser/run.mjs gives each app a fresh database; the demo seed fills it.
    env: {
      PORT: String(port),
      NODE_ENV: 'test',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ...(databaseUrls[i] ? { DATABASE_URL: databaseUrls[i] } : {}),
      ...(process.env.BROWSER_REDIS_URL ? { REDIS_URL: process.env.BROWSER_REDIS_URL } : {}),
      // Runs and apps sharing a Redis must not take each other's jobs (a merge would wait for ever).
      QUEUE_PREFIX: `${process.env.BROWSER_QUEUE_PREFIX ?? `browser-${String(port)}`}-${String(i)}`,
    },
    // several apps migrate and seed their databases at once on two cores
    timeout: 240_000,
  })),
});
