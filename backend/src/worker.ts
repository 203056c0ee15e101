import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { prepareRuntime } from './bootstrap/runtime.js';
import { exitOnUncaught, exitWhenStopped } from './bootstrap/shutdown.js';
import { BullmqJobQueue } from './infrastructure/queue/bullmq-job-queue.js';
import { PinoLogger } from './infrastructure/logging/pino-logger.js';

/** A process that only runs job workers and schedules (docker compose's worker service); the API sets RUN_WORKERS=false. */
async function worker(): Promise<void> {
  const runtime = await prepareRuntime({ allowEmbedded: false });
  const config = { ...runtime.config, runWorkers: true };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, runtime.databaseUrl), {
    logger: new PinoLogger(config.logLevel),
  });
  await app.init();
  const logger = new Logger('Worker');
  logger.log('worker is running');
  let stopping = false;
  // As the API's child in zero-setup mode, the embedded database may go while this process stops.
  exitOnUncaught(logger, () => stopping);
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing running jobs, then stopping`);
    await exitWhenStopped(logger, async () => {
      // The job workers first: Nest's shutdown hooks run module by module and could close the database or the SQL
      // sources' pool under a running job.
      await app.get(BullmqJobQueue).close();
      await app.close();
    });
  };
  // As the API's child (bootstrap/worker-child.ts): a parent gone without stopping it (kill -9) must not leave it behind.
  if (process.send) process.once('disconnect', () => void stop('the API process ended'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

worker().catch((error: unknown) => {
  console.error('worker failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
