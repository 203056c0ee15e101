import { Module } from '@nestjs/common';
import { MessageAnnouncer, MessageOutbox } from './application/ports/message-outbox.port.js';
import { MessagePgOutbox } from './infrastructure/message.pg-outbox.js';
import { NoAnnouncer } from './infrastructure/no-announcer.js';

/**
 * Messages (消息中心): every module that hands work to someone or tells them of a result imports this module and
 * posts to MessageOutbox in its own transaction.
 */
@Module({
  providers: [
    { provide: MessageOutbox, useClass: MessagePgOutbox },
    { provide: MessageAnnouncer, useClass: NoAnnouncer },
  ],
  exports: [MessageOutbox],
})
export class MessagesModule {}
