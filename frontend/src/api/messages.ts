// The message centre (消息中心, issue 34), under /api/message: the person's own messages only.
import type { Message, MessageKind, MessageReadResult, MessageUnreadCount } from '@zhengai/contracts';
import { get, post, type GetOptions, type RequestOptions } from './request';
import type { Page } from './types';

export type { Message, MessageKind, MessageReadResult, MessageUnreadCount } from '@zhengai/contracts';
export { MESSAGE_KINDS, MESSAGE_KIND_NAMES } from '@zhengai/contracts';

const BASE = '/api/message';

export interface MessageFilter {
  pageNum: number;
  pageSize: number;
  kind?: MessageKind | null;
  unreadOnly?: boolean;
}

/** GET /api/message/list?pageNum&pageSize&kind&unreadOnly — unread first, then newest. */
export function getMessages(filter: MessageFilter, opts: GetOptions<Page<Message>> = {}): Promise<Page<Message>> {
  const { pageNum, pageSize, kind, unreadOnly } = filter;
  return get<Page<Message>>(`${BASE}/list`, { pageNum, pageSize, kind: kind || undefined, unreadOnly: unreadOnly || undefined }, opts);
}

/** GET /api/message/unreadCount — the bell's figure, by kind, and the newest message's id and time. */
export function getUnreadCount(opts: GetOptions<MessageUnreadCount> = {}): Promise<MessageUnreadCount> {
  return get<MessageUnreadCount>(`${BASE}/unreadCount`, {}, opts);
}

/** POST /api/message/read — body { ids }: the person's own messages become read. */
export function markMessagesRead(ids: string[], opts: RequestOptions<MessageReadResult> = {}): Promise<MessageReadResult> {
  return post<MessageReadResult>(`${BASE}/read`, { ids }, opts);
}

/** POST /api/message/readAll — body { kind? }: every unread message (of the kind) becomes read. */
export function markAllMessagesRead(kind?: MessageKind | null, opts: RequestOptions<MessageReadResult> = {}): Promise<MessageReadResult> {
  return post<MessageReadResult>(`${BASE}/readAll`, { kind: kind || undefined }, opts);
}
