import type { Message, MessageKind, MessageUnreadCount, Page } from '@zhengai/contracts';

export interface MessageFilter {
  kind?: MessageKind;
  unreadOnly?: boolean;
  pageNum: number;
  pageSize: number;
}

/** A person's own messages: every read and write here is of `userId`'s rows only (nobody reads another's). */
export abstract class MessageRepository {
  /** Unread first, then newest. */
  abstract list(userId: string, filter: MessageFilter): Promise<Page<Message>>;
  abstract unreadCount(userId: string): Promise<MessageUnreadCount>;
  /** Marks those of `ids` that are the person's and unread; answers how many changed (others' ids change nothing). */
  abstract markRead(userId: string, ids: string[]): Promise<number>;
  abstract markAllRead(userId: string, kind?: MessageKind): Promise<number>;
}
