import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OnJob } from '../../shared/jobs/on-job.decorator.js';
import { affected } from '../database/sql.js';
import { JobQueue } from '../queue/job-queue.port.js';

/** Expired sessions are deleted hourly; a BullMQ job scheduler makes it one run per hour across all processes. */
@Injectable()
export class SessionHousekeeping implements OnApplicationBootstrap {
  private readonly logger = new Logger('Sessions');

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.schedule('purge-sessions', 'purge-sessions-hourly', { cron: '17 * * * *' }, {});
  }

  @OnJob('purge-sessions')
  async purgeExpired(): Promise<{ deleted: number }> {
    const deleted = await affected(this.dataSource, 'DELETE FROM user_session WHERE expire <= now()');
    if (deleted > 0) this.logger.log(`purged ${deleted} expired session(s)`);
    return { deleted };
  }
}
