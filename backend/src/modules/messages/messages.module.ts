import { Module } from '@nestjs/common';
import { MessageService } from './application/message.service.js';
import { MessageOutbox } from './application/ports/message-outbox.port.js';
import { MessageRepository } from './application/ports/message-repository.port.js';
import { MessageController } from './http/message.controller.js';
import { MessagePgOutbox } from './infrastructure/message.pg-outbox.js';
import { MessagePgRepository } from './infrastructure/message.pg-repository.js';

/**
 * Messages (消息中心): every module that hands work to someone or tells them of a result imports this module and
 * posts to MessageOutbox in its own transaction.
 * MessageAnnouncer is bound by the message-push module (global; it queues each batch's delivery).
 */
@Module({
  controllers: [MessageController],
  providers: [
    MessageService,
    { provide: MessageRepository, useClass: MessagePgRepository },
    { provide: MessageOutbox, useClass: MessagePgOutbox },
  ],
  exports: [MessageOutbox],
})
export class MessagesModule {}
