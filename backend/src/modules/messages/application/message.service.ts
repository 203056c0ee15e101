import { Injectable } from '@nestjs/common';
import type { Message, MessageKind, MessageUnreadCount, Page } from '@zhengai/contracts';
import { MessageRepository, type MessageFilter } from './ports/message-repository.port.js';

/** The message centre: a person reads and marks only their own messages (the repository's every statement is by user). */
@Injectable()
export class MessageService {
  constructor(private readonly messages: MessageRepository) {}

  list(userId: string, filter: MessageFilter): Promise<Page<Message>> {
    return this.messages.list(userId, filter);
  }

  unreadCount(userId: string): Promise<MessageUnreadCount> {
    return this.messages.unreadCount(userId);
  }

  markRead(userId: string, ids: string[]): Promise<number> {
    return this.messages.markRead(userId, [...new Set(ids)]);
  }

  markAllRead(userId: string, kind?: MessageKind): Promise<number> {
    return this.messages.markAllRead(userId, kind);
  }
}
