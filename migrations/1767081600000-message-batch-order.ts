import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A batch's messages in the order push reads them (created_at, id): a webhook's page of a warning scan's tens of
 * thousands of messages is read down this index instead of sorting the whole batch for each page. It replaces the
 * index on batch_id alone, which it also serves.
 */
export class MessageBatchOrder1767081600000 implements MigrationInterface {
  name = 'MessageBatchOrder1767081600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX message_batch_order ON message (batch_id, created_at, id)`);
    await q.query(`DROP INDEX message_batch`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX message_batch ON message (batch_id)`);
    await q.query(`DROP INDEX message_batch_order`);
  }
}
