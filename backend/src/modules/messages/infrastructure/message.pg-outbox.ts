import { Injectable } from '@nestjs/common';
import { insertMessagesSelect, newMessageBatchId } from '../../../infrastructure/database/message-insert.sql.js';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { UnitOfWork, type Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { MessageAnnouncer, MessageOutbox, type NewMessage, type SpanningBatch } from '../application/ports/message-outbox.port.js';

/** The outbox on PostgreSQL: one INSERT … SELECT FROM unnest(…) per post, in the caller's transaction. */
@Injectable()
export class MessagePgOutbox extends MessageOutbox {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly announcer: MessageAnnouncer,
  ) {
    super();
  }

  async post(tx: Transaction, messages: NewMessage[]): Promise<void> {
    const rows = messages.flatMap((m) => [...new Set(m.userIds.filter(Boolean))].map((userId) => [userId, m.kind, m.title, m.content, m.objectType, m.objectId, m.link] as const));
    if (rows.length === 0) return;
    const column = (i: number) => rows.map((row) => row[i]);
    const batchId = this.openBatch(tx);
    await insertMessagesSelect(managerOf(tx),
      batchId,
      `SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
      [0, 1, 2, 3, 4, 5, 6].map(column));
  }

  openBatch(tx: Transaction): string {
    const batchId = newMessageBatchId();
    this.uow.afterCommit(tx, () => this.announcer.announce(batchId));
    return batchId;
  }

  openSpanningBatch(): SpanningBatch {
    const batchId = newMessageBatchId();
    return { batchId, announce: () => this.announcer.announce(batchId) };
  }
}
