import { Injectable } from '@nestjs/common';
import type { JobMeta, JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob, OnJobFailed, type JobFailure } from '../../../../shared/jobs/on-job.decorator.js';
import { DeliveryService } from '../delivery.service.js';

/** The two push jobs: plan a batch's deliveries, send one. Handlers only delegate. */
@Injectable()
export class PushJobs {
  constructor(private readonly deliveries: DeliveryService) {}

  @OnJob('deliver-messages')
  deliver(payload: JobPayloads['deliver-messages']): Promise<{ queued: number }> {
    return this.deliveries.deliverBatch(payload.batchId);
  }

  @OnJob('push-message')
  push(payload: JobPayloads['push-message'], meta: JobMeta): Promise<{ status: string }> {
    return this.deliveries.push(payload, meta.attempt);
  }

  @OnJobFailed('push-message')
  pushFailed(payload: JobPayloads['push-message'], failure: JobFailure): Promise<void> {
    return this.deliveries.pushFailed(payload, failure.reason);
  }
}
