import { createPostgresBackend, Queue, withBackend } from 'bullmq';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { JobQueue } from '../../backend/src/infrastructure/queue/job-queue.port.js';
import { JobSchedulesKeeper } from '../../backend/src/infrastructure/queue/job-schedules-keeper.js';
import { SessionHousekeeping } from '../../backend/src/infrastructure/session/session-housekeeping.js';
import type { JobName } from '../../backend/src/shared/jobs/job-catalogue.js';
import { DuplicateEchoHandler, TEST_CATALOGUE, TestJobHandlers } from './support/test-jobs.js';
import { startTestApp, waitFor, type TestApp } from './support/test-app.js';

// The test jobs are not in the production catalogue's types; the adapter serves whatever catalogue it is given.
const job = (name: string) => name as JobName;

describe.each(['redis', 'postgres'] as const)('job queue contract on %s', (backend) => {
  let t: TestApp;
  let queue: JobQueue;
  let handlers: TestJobHandlers;

  beforeAll(async () => {
    t = await startTestApp({ queue: backend, catalogue: TEST_CATALOGUE, providers: [TestJobHandlers], runWorkers: true });
    queue = t.app.get(JobQueue);
    handlers = t.app.get(TestJobHandlers);
  });
  afterAll(() => t.close());

  const done = (name: string, id: string) =>
    waitFor(async () => {
      const s = await queue.status(job(name), id);
      return s && (s.state === 'completed' || s.state === 'failed') ? s : null;
    }, `${name}#${id} to finish`);

  it('reports the backend in use', () => {
    expect(queue.backend).toBe(backend);
  });

  it('runs an enqueued job and reports its status and result', async () => {
    const { jobId } = await queue.enqueue(job('test-echo'), { key: 'a' } as never, { jobId: 'echo-a' });
    expect(jobId).toBe('echo-a');
    const status = await done('test-echo', jobId);
    expect(status).toMatchObject({ id: 'echo-a', name: 'test-echo', state: 'completed', attemptsMade: 1, failedReason: null, result: { echoed: 'a' } });
  });

  it('runs the same job id enqueued twice only once', async () => {
    await queue.enqueue(job('test-echo'), { key: 'twice' } as never, { jobId: 'echo-twice' });
    await queue.enqueue(job('test-echo'), { key: 'twice' } as never, { jobId: 'echo-twice' });
    await done('test-echo', 'echo-twice');
    // Enqueued again after it finished: still the same job, not a new run.
    await queue.enqueue(job('test-echo'), { key: 'twice' } as never, { jobId: 'echo-twice' });
    await new Promise((r) => setTimeout(r, 300));
    expect(handlers.runs.filter((r) => r.key === 'twice')).toHaveLength(1);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    await queue.enqueue(job('test-flaky'), { key: 'flaky' } as never, { jobId: 'flaky-1' });
    const status = await done('test-flaky', 'flaky-1');
    expect(status).toMatchObject({ state: 'completed', attemptsMade: 2, result: { tries: 2 } });
    expect(handlers.runs.filter((r) => r.key === 'flaky').map((r) => r.attempt)).toEqual([1, 2]);
  });

  it('reports a job that keeps failing as failed, with the reason, after its attempts', async () => {
    await queue.enqueue(job('test-broken'), { key: 'broken' } as never, { jobId: 'broken-1' });
    const status = await done('test-broken', 'broken-1');
    expect(status).toMatchObject({ state: 'failed', attemptsMade: 2, failedReason: 'the source is unreachable' });
  });

  it('fails a job whose payload its schema refuses at once, without running or retrying it', async () => {
    await queue.enqueue(job('test-flaky'), { key: 42 } as never, { jobId: 'flaky-invalid' });
    const status = await done('test-flaky', 'flaky-invalid');
    expect(status).toMatchObject({ state: 'failed', attemptsMade: 1 });
    expect(status.failedReason).toMatch(/^job "test-flaky": invalid payload: .*key/);
    expect(handlers.runs.filter((r) => (r.key as unknown) === 42)).toEqual([]);
  });

  it('reports waiting for a delayed job and nothing for an unknown id', async () => {
    await queue.enqueue(job('test-echo'), { key: 'later' } as never, { jobId: 'echo-later', delayMs: 60_000 });
    expect((await queue.status(job('test-echo'), 'echo-later'))?.state).toBe('waiting');
    expect(await queue.status(job('test-echo'), 'no-such-job')).toBeNull();
  });

  it('keeps one schedule however many processes declare it', async () => {
    // A second app on the same queue store stands in for a second process.
    const other = await startTestApp({ queue: backend, catalogue: TEST_CATALOGUE, providers: [TestJobHandlers], env: { QUEUE_PREFIX: t.config.queuePrefix } });
    try {
      await queue.schedule(job('test-tick'), 'tick-every-minute', { cron: '*/1 * * * *' }, { key: 'tick' } as never);
      await other.app.get(JobQueue).schedule(job('test-tick'), 'tick-every-minute', { cron: '*/1 * * * *' }, { key: 'tick' } as never);
      const connection = backend === 'redis' ? new Redis(process.env.E2E_REDIS_URL!, { maxRetriesPerRequest: null }) : undefined;
      const Q = backend === 'redis' ? Queue : (withBackend(createPostgresBackend).Queue as unknown as typeof Queue);
      // The test schedule, and the production one (expired sessions) that both apps declare at boot.
      for (const [name, key] of [['test-tick', 'tick-every-minute'], ['purge-sessions', 'purge-sessions-hourly']]) {
        const inspector = new Q(name!, {
          connection: (connection ?? { connectionString: process.env.E2E_DATABASE_URL!, schema: 'bullmq' }) as never,
          prefix: t.config.queuePrefix,
        });
        try {
          expect((await inspector.getJobSchedulers()).map((s) => s.key)).toEqual([key]);
        } finally {
          await inspector.close();
        }
      }
      await connection?.quit();
    } finally {
      await other.close();
    }
  });

  it('declares its schedules again when the store lost them (Redis restarted without its data)', async () => {
    const connection = backend === 'redis' ? new Redis(process.env.E2E_REDIS_URL!, { maxRetriesPerRequest: null }) : undefined;
    const Q = backend === 'redis' ? Queue : (withBackend(createPostgresBackend).Queue as unknown as typeof Queue);
    const inspector = new Q('purge-sessions', {
      connection: (connection ?? { connectionString: process.env.E2E_DATABASE_URL!, schema: 'bullmq' }) as never,
      prefix: t.config.queuePrefix,
    });
    try {
      const schedulers = async () => (await inspector.getJobSchedulers()).map((s) => s.key);
      expect(await schedulers()).toEqual(['purge-sessions-hourly']);
      await inspector.removeJobScheduler('purge-sessions-hourly');
      expect(await schedulers()).toEqual([]);
      // What @nestjs/schedule runs every minute in each process.
      await t.app.get(JobSchedulesKeeper).keep();
      expect(await schedulers()).toEqual(['purge-sessions-hourly']);
    } finally {
      await inspector.close();
      await connection?.quit();
    }
  });

  it('health reports the queue up on this backend', async () => {
    const res = await t.http.get('/api/health');
    expect(res.body.data).toEqual({ database: 'up', queue: 'up', queueBackend: backend });
  });

  it('runs the real session purge job through the queue', async () => {
    const ds = t.app.get((await import('typeorm')).DataSource);
    await ds.query(`INSERT INTO user_session (sid, sess, expire) VALUES ('old-${backend}', '{}', now() - interval '1 day'), ('live-${backend}', '{}', now() + interval '1 day')`);
    const { jobId } = await queue.enqueue('purge-sessions', {}, { jobId: `purge-${backend}` });
    const status = await done('purge-sessions', jobId);
    expect(status.state).toBe('completed');
    const left = await ds.query(`SELECT sid FROM user_session WHERE sid LIKE '%-${backend}' ORDER BY sid`);
    expect(left).toEqual([{ sid: `live-${backend}` }]);
    expect(t.app.get(SessionHousekeeping)).toBeDefined();
  });
});

describe('job handler registry at boot', () => {
  it('refuses to start when a job has no handler', async () => {
    await expect(startTestApp({ catalogue: { ...TEST_CATALOGUE, 'test-orphan': { payload: z.object({}), attempts: 1, backoffMs: 1, concurrency: 1 } }, providers: [TestJobHandlers] }))
      .rejects.toThrow('job "test-orphan" has no @OnJob handler');
  });

  it('refuses to start when a job has two handlers', async () => {
    await expect(startTestApp({ catalogue: TEST_CATALOGUE, providers: [TestJobHandlers, DuplicateEchoHandler] }))
      .rejects.toThrow('job "test-echo" has 2 handlers');
  });
});
