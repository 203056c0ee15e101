import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthSchema, type Health } from '@zhengai/contracts';
import { AppError } from '../../shared/errors/app-error.js';
import { Public } from '../../shared/http/access.decorators.js';
import { SkipCsrf } from '../../shared/http/public-route.decorator.js';
import { ApiEnvelope } from '../../shared/http/api-envelope.decorator.js';
import { DatabaseProbe } from '../../infrastructure/database/database-probe.js';
import { JobQueue } from '../../infrastructure/queue/job-queue.port.js';


@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseProbe,
    private readonly queue: JobQueue,
  ) {}

  /** For load balancers and monitors: 200 when the database and the queue answer, 503 otherwise. */
  @Get()
  @SkipCsrf()
  @Public()
  @ApiOperation({ summary: 'Database and queue state' })
  @ApiEnvelope(HealthSchema)
  async check(): Promise<Health> {
    const [db, queue] = await Promise.all([this.database.isHealthy(), this.queue.isHealthy()]);
    const health: Health = { database: db ? 'up' : 'down', queue: queue ? 'up' : 'down', queueBackend: this.queue.backend };
    if (!db) throw new AppError('DATABASE_UNAVAILABLE', undefined, health);
    if (!queue) throw new AppError('QUEUE_UNAVAILABLE', undefined, health);
    return health;
  }
}
