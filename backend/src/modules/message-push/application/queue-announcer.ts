import { Injectable, Logger } from '@nestjs/common';
import { JobQueue } from '../../../infrastructure/queue/job-queue.port.js';
import { MessageAnnouncer } from '../../messages/application/ports/message-outbox.port.js';

/**
 * The messages module's announcer, bound here: after an event's transaction commits, its batch is handed to the
 * queue as `deliver-messages` (job id deliver-<batchId>: a batch announced twice is delivered once). Only the queue
 * add runs on the caller's path; planning and sending run in the worker. A queue that cannot take it is logged, never
 * thrown: the event has happened and its in-app messages stand.
 */
@Injectable()
export class QueueMessageAnnouncer extends MessageAnnouncer {
  private readonly logger = new Logger('MessagePush');

  constructor(private readonly queue: JobQueue) {
    super();
  }

  async announce(batchId: string): Promise<void> {
    try {
      await this.queue.enqueue('deliver-messages', { batchId }, { jobId: `deliver-${batchId}` });
    } catch (error) {
      this.logger.warn(`batch ${batchId} not queued for push: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
