import { createServer, type Server } from 'node:net';
import { AppError } from '../../shared/errors/app-error.js';
import { JOB_CATALOGUE } from '../../shared/jobs/job-catalogue.js';
import { BullmqJobQueue, maxStalledCountOf } from './bullmq-job-queue.js';

/** A port nothing listens on: taken, then closed again. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('BullmqJobQueue without Redis', () => {
  let queue: BullmqJobQueue;

  beforeAll(async () => {
    queue = new BullmqJobQueue({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, databaseUrl: 'postgres://unused', prefix: 'unit' }, JOB_CATALOGUE);
  });

  afterAll(() => queue.close());

  // The connection retries forever (workers need it): a request must not wait for it.
  it('refuses an enqueue and a status read with QUEUE_UNAVAILABLE instead of waiting for Redis', async () => {
    const enqueue = queue.enqueue('merge-file', { guid: 'g' }).catch((e: unknown) => e);
    const status = queue.status('merge-file', 'any').catch((e: unknown) => e);
    for (const outcome of await Promise.all([enqueue, status])) {
      expect(outcome).toBeInstanceOf(AppError);
      expect(outcome).toMatchObject({ kind: 'QUEUE_UNAVAILABLE', status: 503 });
    }
  });

  it('reports itself unhealthy', async () => {
    await expect(queue.isHealthy()).resolves.toBe(false);
  });
});

describe('maxStalledCountOf: the stalled-job limit follows the attempts (issue 31 item 6)', () => {
  it('lets a job of n attempts stall n − 1 times, and a job of one attempt once', () => {
    expect(maxStalledCountOf(JOB_CATALOGUE['merge-file'].attempts)).toBe(2);
    expect(maxStalledCountOf(2)).toBe(1);
    expect(maxStalledCountOf(JOB_CATALOGUE['build-report'].attempts)).toBe(1);
  });
});
