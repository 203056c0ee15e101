import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { configureHttpApp } from './bootstrap/configure-http-app.js';
import { prepareRuntime } from './bootstrap/runtime.js';
import { closeHttpServer, exitOnUncaught, exitWhenStopped, STOP_GRACE_MS } from './bootstrap/shutdown.js';
import { WorkerChild } from './bootstrap/worker-child.js';
import { EMBEDDED_SQL_READER_PASSWORD } from './infrastructure/database/database-url.js';
import { BullmqJobQueue } from './infrastructure/queue/bullmq-job-queue.js';
import { PinoLogger } from './infrastructure/logging/pino-logger.js';
import { seedDemoData } from './seed/demo-seed.js';
import { ensureInitialAdmin } from './seed/initial-admin.js';

/** The API (and, unless RUN_WORKERS=false, the job workers in a child process) with the built frontend on one port. */
async function main(): Promise<void> {
  const runtime = await prepareRuntime({ allowEmbedded: true });
  // The API itself never runs jobs: with RUN_WORKERS they run in a child process (bootstrap/worker-child.ts).
  const config = { ...runtime.config, runWorkers: false };
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, runtime.databaseUrl), {
    bodyParser: false,
    logger: new PinoLogger(config.logLevel),
  });
  configureHttpApp(app, config);
  await app.init();
  if (config.demoData) await seedDemoData(app.get(DataSource), app);
  await ensureInitialAdmin(app.get(DataSource), config.initialAdminPassword);
  await app.listen(config.port, config.host);
  const logger = new Logger('Main');
  // The child reads the same settings, with the database found here; in zero-setup mode, as the API, it reaches SQL
  // sources through the reader role's local password.
  const zeroSetup = runtime.config.databaseUrl === null ? { SQL_READER_PASSWORD: process.env.SQL_READER_PASSWORD || EMBEDDED_SQL_READER_PASSWORD } : {};
  const workers = runtime.config.runWorkers ? new WorkerChild({ ...process.env, DATABASE_URL: runtime.databaseUrl, ...zeroSetup }, logger) : null;
  workers?.start();
  const url = `http://localhost:${config.port}`;
  logger.log(`listening on ${url}`);
  // A plain line for the person who typed npm start, not only a JSON log event.
  process.stdout.write(`\n  诊改平台 is running at ${url}  (API docs: ${url}/api/docs)\n\n`);

  let stopping = false;
  exitOnUncaught(logger, () => stopping);
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: shutting down`);
    await exitWhenStopped(logger, async () => {
      await closeHttpServer(app.getHttpServer() as Server);
      // Then the job workers' process (RUN_WORKERS: it finishes its running jobs), before the embedded database stops.
      await workers?.stop(STOP_GRACE_MS - 2_000);
      await app.get(BullmqJobQueue).close();
      await app.close();
      await runtime.stop();
    });
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
