import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@nestjs/common';

/** A worker that lived this long before it ended is restarted at once, not after a growing pause. */
const HEALTHY_RUN_MS = 60_000;

/**
 * The job workers of a one-process start (RUN_WORKERS, the default, and zero-setup mode) as a child process of the API
 * rather than inside it: a report's charts and Word document, a sheet's import or a scan then take another process's
 * CPU and cannot stall requests (issue 31 item 4). The child is worker.js with the API's environment and database; it
 * is started again when it ends unasked, and the API stops it before its own database.
 */
export class WorkerChild {
  private child: ChildProcess | null = null;
  private stopping = false;
  private failures = 0;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly logger: Logger,
  ) {}

  start(): void {
    const script = fileURLToPath(new URL('../worker.js', import.meta.url));
    const started = Date.now();
    const child = fork(script, [], { env: this.env, stdio: 'inherit', execArgv: process.execArgv });
    this.child = child;
    child.once('exit', (code, signal) => {
      this.child = null;
      if (this.stopping) return;
      this.failures = Date.now() - started > HEALTHY_RUN_MS ? 1 : this.failures + 1;
      const pause = Math.min(30_000, 500 * 2 ** this.failures);
      this.logger.warn(`the job worker process ended (${signal ?? String(code)}); starting it again in ${String(pause / 1000)} s`);
      setTimeout(() => {
        if (!this.stopping) this.start();
      }, pause).unref();
    });
  }

  /** SIGTERM (the worker finishes its running jobs), then SIGKILL after graceMs. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(kill);
  }
}
