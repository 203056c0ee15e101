// The built app as real processes for the fault tests: the API (main.js, RUN_WORKERS=false) and the worker
// (worker.js), each a child process we can kill -9 or SIGTERM, with its log lines kept for assertions and for a
// failure's message. Needs `npm run build` first (npm test builds for the browser tests before it runs these).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ApiClient } from '../../bench/api-client.mjs';
import { removeQueueKeys } from '../../bench/queue-keys.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DIST = path.join(ROOT, 'backend/dist/backend/src');
export const CSRF_SECRET = 'faults-csrf-secret-0123456789';
// The demo's administrator password, and the initial one without the demo: admin signs in the same either way.
export const ADMIN_PASSWORD = 'Admin2026';
const ADMIN_URL = process.env.FAULTS_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PREFIX = process.env.FAULTS_DATABASE_PREFIX ?? 'zhengai_faults';
export const REDIS_URL = process.env.FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379';
const START_MS = 90_000;

/** One spec file's world: its own database, BullMQ prefix and files directory, shared by its processes. */
export interface FaultWorld {
  name: string;
  databaseUrl: string;
  queuePrefix: string;
  filesDir: string;
  /**
   * The world's database for seeding and counting rows (a TypeORM DataSource, so the e2e fixtures take it); connected
   * by connectDb() once the app has run its migrations.
   */
  db: DataSource;
  connectDb(): Promise<DataSource>;
  /** Drops the database and removes the files directory. */
  dispose(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A fresh database `<FAULTS_DATABASE_PREFIX>_<suffix>` (suffix: letters, digits, _), a queue prefix and a files directory. */
export async function createWorld(suffix: string): Promise<FaultWorld> {
  if (!/^[a-z0-9_]{1,20}$/.test(suffix)) throw new Error(`bad world suffix "${suffix}"`);
  const name = `${PREFIX}_${suffix}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const filesDir = mkdtempSync(path.join(tmpdir(), `${name}-files-`));
  const db = new DataSource({ type: 'postgres', url: url.toString(), extra: { max: 4 } });
  // Unique per run so queues never mix with other runs or test suites on the same Redis.
  const queuePrefix = `${name}_${Date.now().toString(36)}`;
  return {
    name,
    databaseUrl: url.toString(),
    queuePrefix,
    filesDir,
    db,
    connectDb: async () => (db.isInitialized ? db : db.initialize()),
    async dispose() {
      if (db.isInitialized) await db.destroy();
      if (process.env.FAULTS_KEEP_DATABASE !== '1') {
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await removeQueueKeys(REDIS_URL, queuePrefix);
      }
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export interface AppProcess {
  readonly kind: 'api' | 'worker';
  readonly child: ChildProcess;
  readonly port: number | null;
  /** Every line it wrote to stdout or stderr so far. */
  readonly lines: string[];
  /** The log lines as one text, for a failure's message. */
  logText(): string;
  /** Resolves with the first line matching `pattern` (already written or to come); rejects on exit or after timeoutMs. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  kill(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited, with its code and signal. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL if still running, then waits for the exit (for afterAll). */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The API's port (each spec uses its own from its range). */
  port?: number;
  /** Extra or overriding environment (e.g. REDIS_URL of a Redis the spec can stop). */
  env?: Record<string, string>;
  /** Seed the demo school (slow: ~tens of seconds); without it only the admin account exists. */
  demoData?: boolean;
}

function worldEnv(world: FaultWorld, options: StartOptions): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: world.databaseUrl,
    REDIS_URL: REDIS_URL,
    QUEUE_PREFIX: world.queuePrefix,
    FILES_DIR: world.filesDir,
    CSRF_SECRET,
    SESSION_SECRET: 'faults-session-secret-0123456789',
    INITIAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    DEMO_DATA: options.demoData ? 'true' : 'false',
    // No scheduled scans in the middle of a test: the tests start the jobs they watch.
    WARNING_SCAN_EVERY_MINUTES: '0',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    ...(options.port ? { PORT: String(options.port) } : {}),
    ...options.env,
  };
}

// A test that fails or times out must not leave app processes behind on the machine.
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function launch(kind: 'api' | 'worker', world: FaultWorld, options: StartOptions): AppProcess {
  const script = path.join(DIST, kind === 'api' ? 'main.js' : 'worker.js');
  if (!existsSync(script)) throw new Error(`${path.relative(ROOT, script)} is missing: run \`npm run build\` first`);
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...worldEnv(world, options), ...(kind === 'api' ? { RUN_WORKERS: 'false' } : {}), ...options.env };
  const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  const lines: string[] = [];
  const watchers = new Set<(line: string) => void>();
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (piece: string) => {
      const parts = (rest + piece).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        for (const watch of watchers) watch(line);
      }
    });
  }
  const logText = () => lines.slice(-200).join('\n');
  return {
    kind,
    child,
    port: options.port ?? null,
    lines,
    logText,
    waitForLine(pattern, timeoutMs = START_MS) {
      const seen = lines.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise<string>((resolve, reject) => {
        const done = (fn: () => void) => {
          clearTimeout(timer);
          watchers.delete(watch);
          fn();
        };
        const watch = (line: string) => {
          if (pattern.test(line)) done(() => resolve(line));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`${kind}: no line matching ${pattern} in ${timeoutMs} ms\n${logText()}`))), timeoutMs);
        watchers.add(watch);
        void exit.then(({ code, signal }) => done(() => reject(new Error(`${kind} exited (${code ?? signal}) before ${pattern}\n${logText()}`))));
      });
    },
    kill(signal) {
      child.kill(signal);
    },
    exited: () => exit,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exit;
    },
  };
}

/** Starts the API (no workers in it) and resolves once /api/health answers 200. */
export async function startApi(world: FaultWorld, options: StartOptions & { port: number }): Promise<AppProcess> {
  const app = launch('api', world, options);
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) throw new Error(`the API exited while starting\n${app.logText()}`);
    const up = await fetch(`http://127.0.0.1:${options.port}/api/health`).then((r) => r.ok, () => false);
    if (up) return app;
    if (Date.now() > deadline) {
      await app.stop();
      throw new Error(`the API did not answer /api/health in ${START_MS} ms\n${app.logText()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts a worker process and resolves once it logs "worker is running". */
export async function startWorker(world: FaultWorld, options: StartOptions = {}): Promise<AppProcess> {
  const worker = launch('worker', world, options);
  try {
    await worker.waitForLine(/worker is running/);
  } catch (error) {
    await worker.stop();
    throw error;
  }
  return worker;
}

/** What a spec file started in its world, stopped together in its afterAll. */
export class Started {
  private readonly all: AppProcess[] = [];

  constructor(private readonly world: () => FaultWorld) {}

  async api(options: StartOptions & { port: number }): Promise<AppProcess> {
    return this.kept(await startApi(this.world(), options));
  }

  async worker(options: StartOptions = {}): Promise<AppProcess> {
    return this.kept(await startWorker(this.world(), options));
  }

  stopAll(): Promise<void[]> {
    return Promise.all(this.all.map((p) => p.stop()));
  }

  private kept(p: AppProcess): AppProcess {
    this.all.push(p);
    return p;
  }
}

/** The benchmarks' client (keep-alive, session cookie, csrf parameters, chunked upload), signed in. */
export async function signedIn(port: number, account = 'admin', password = ADMIN_PASSWORD): Promise<ApiClient> {
  const api = new ApiClient(port, CSRF_SECRET);
  await api.login(account, password);
  return api;
}

/** 503: the API could not reach the database or the queue in time (a loaded machine); a test that polls asks again. */
export const busy = (res: { status: number }): boolean => res.status === 503;

/** Polls `check` every `everyMs` until it answers a value other than undefined; bounded by timeoutMs. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export { ApiClient };
