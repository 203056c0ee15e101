import { randomUUID } from 'node:crypto';
import type { Provider, Type } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../../backend/src/app.module.js';
import { configureHttpApp } from '../../../backend/src/bootstrap/configure-http-app.js';
import { loadConfig, type AppConfig } from '../../../backend/src/config/app-config.js';
import { csrfToken } from '../../../backend/src/shared/http/csrf.js';
import { AnswerContractCheck } from './answers.js';
import { JOB_CATALOGUE, JOB_CATALOGUE_TOKEN, type JobCatalogue } from '../../../backend/src/shared/jobs/job-catalogue.js';

export interface TestAppOptions {
  /** Which BullMQ backend: Redis, or BullMQ's PostgreSQL backend in the test database. */
  queue?: 'redis' | 'postgres';
  catalogue?: JobCatalogue;
  providers?: Provider[];
  controllers?: Type[];
  runWorkers?: boolean;
  env?: Record<string, string>;
}

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/** For a beforeAll that boots the app and seeds: on a fresh database, with shared cores, that can outlast Jest's 5 s. */
export const SETUP_TIMEOUT_MS = 60_000;

let counter = 0;

/** The real app over HTTP on the run's fresh database, with real Redis or PostgreSQL under BullMQ. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.env?.DATABASE_URL ?? process.env.E2E_DATABASE_URL!;
  counter += 1;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    ...(options.queue === 'postgres' ? {} : { REDIS_URL: process.env.E2E_REDIS_URL! }),
    // Unique per app, not per test file: with --runInBand every file has its own module registry (the counter starts
    // again at 1) in the same process, and a later suite's workers would take an earlier suite's delayed jobs (the
    // start-up warning scans) and run them against the wrong database.
    QUEUE_PREFIX: `${process.env.E2E_RUN_ID}-${process.pid}-${randomUUID().slice(0, 8)}-${counter}`,
    RUN_WORKERS: String(options.runWorkers ?? false),
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    ...options.env,
  });
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRoot(config, databaseUrl)],
    // every answer parsed with its route's contract (answers.ts)
    providers: [...(options.providers ?? []), { provide: APP_INTERCEPTOR, useClass: AnswerContractCheck }],
    controllers: options.controllers ?? [],
  })
    .overrideProvider(JOB_CATALOGUE_TOKEN)
    .useValue(options.catalogue ?? JOB_CATALOGUE)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  configureHttpApp(app, config);
  try {
    await app.init();
  } catch (error) {
    // A refused boot still opened connections (database pool, Redis); close them or Jest never exits.
    await app.close().catch(() => undefined);
    throw error;
  }
  return { app, config, http: request(app.getHttpServer()), close: () => app.close() };
}

/** Appends the spec's csrf parameters (000 §7) to a path. */
export function withCsrf(path: string, secret: string, timestamp = String(Date.now())): string {
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}_t=${Date.now()}&csrfTimestamp=${timestamp}&csrfToken=${csrfToken(timestamp, secret)}`;
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
