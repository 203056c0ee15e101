import { Module } from '@nestjs/common';
import { MessageOutbox } from './application/ports/message-outbox.port.js';
import { MessagePgOutbox } from './infrastructure/message.pg-outbox.js';

/**
 * Messages (消息中心): every module that hands work to someone or tells them of a result imports this module and
 * posts to MessageOutbox in its own transaction.
 * MessageAnnouncer is bound by the message-push module (global; it queues each batch's delivery).
 */
@Module({
  providers: [
    { provide: MessageOutbox, useClass: MessagePgOutbox },
  ],
  exports: [MessageOutbox],
})
export class MessagesModule {}
