import { Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JOB_CATALOGUE, JOB_CATALOGUE_TOKEN, type JobCatalogue } from '../../shared/jobs/job-catalogue.js';
import { DATABASE_URL } from '../database/database-url.js';
import { BullmqJobQueue } from './bullmq-job-queue.js';
import { JobHandlerRegistry } from './job-handler-registry.js';
import { JobQueue } from './job-queue.port.js';
import { JobSchedulesKeeper } from './job-schedules-keeper.js';

/** Binds the JobQueue port to BullMQ and, where this process runs workers, starts them once every module is ready. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    { provide: JOB_CATALOGUE_TOKEN, useValue: JOB_CATALOGUE },
    JobHandlerRegistry,
    {
      provide: BullmqJobQueue,
      inject: [APP_CONFIG, DATABASE_URL, JOB_CATALOGUE_TOKEN],
      useFactory: (config: AppConfig, databaseUrl: string, catalogue: JobCatalogue) =>
        new BullmqJobQueue({ redisUrl: config.redisUrl, databaseUrl, prefix: config.queuePrefix }, catalogue),
    },
    { provide: JobQueue, useExisting: BullmqJobQueue },
    JobSchedulesKeeper,
  ],
  exports: [JobQueue],
})
export class QueueModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: BullmqJobQueue,
    private readonly registry: JobHandlerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.runWorkers) this.queue.startWorkers(this.registry);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
