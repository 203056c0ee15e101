import { Injectable, SetMetadata } from '@nestjs/common';
import { z } from 'zod';
import { JOB_CATALOGUE, type JobCatalogue } from '../../../backend/src/shared/jobs/job-catalogue.js';
import { ON_JOB } from '../../../backend/src/shared/jobs/on-job.decorator.js';

const keyed = z.object({ key: z.string() });

/** Jobs that exist only in the queue contract tests, served by the real adapter next to the real catalogue. */
export const TEST_CATALOGUE: JobCatalogue = {
  ...JOB_CATALOGUE,
  'test-echo': { payload: keyed, attempts: 1, backoffMs: 100, concurrency: 2 },
  'test-flaky': { payload: keyed, attempts: 3, backoffMs: 100, concurrency: 1 },
  'test-broken': { payload: keyed, attempts: 2, backoffMs: 100, concurrency: 1 },
  'test-tick': { payload: keyed, attempts: 1, backoffMs: 100, concurrency: 1 },
};

// @OnJob takes only the production catalogue's names; the test jobs are tagged with the same metadata directly.
const OnJob = (name: string) => SetMetadata(ON_JOB, name);

/** Counts what it ran, so a test can tell "ran once" from "ran twice". */
@Injectable()
export class TestJobHandlers {
  readonly runs: Array<{ job: string; key: string; attempt: number }> = [];

  @OnJob('test-echo')
  async echo(payload: unknown, meta: { jobId: string; attempt: number }): Promise<unknown> {
    const { key } = payload as { key: string };
    this.runs.push({ job: 'test-echo', key, attempt: meta.attempt });
    await new Promise((r) => setTimeout(r, 20));
    return { echoed: key };
  }

  /** Fails on its first try, succeeds on the second. */
  @OnJob('test-flaky')
  async flaky(payload: unknown, meta: { jobId: string; attempt: number }): Promise<unknown> {
    const { key } = payload as { key: string };
    this.runs.push({ job: 'test-flaky', key, attempt: meta.attempt });
    if (meta.attempt < 2) throw new Error(`flaky failure on try ${meta.attempt}`);
    return { tries: meta.attempt };
  }

  @OnJob('test-broken')
  async broken(payload: unknown, meta: { jobId: string; attempt: number }): Promise<unknown> {
    this.runs.push({ job: 'test-broken', key: (payload as { key: string }).key, attempt: meta.attempt });
    throw new Error('the source is unreachable');
  }

  @OnJob('test-tick')
  async tick(payload: unknown, meta: { jobId: string; attempt: number }): Promise<void> {
    this.runs.push({ job: 'test-tick', key: (payload as { key: string }).key, attempt: meta.attempt });
  }
}

/** A second handler for test-echo: the registry must refuse to start with it. */
@Injectable()
export class DuplicateEchoHandler {
  @OnJob('test-echo')
  async echoAgain(): Promise<void> {}
}
