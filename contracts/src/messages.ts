// Messages (消息中心, issue 34): what an event tells each person it concerns, kept per person with its read state.
import { z } from 'zod';
import { ids, PAGE_QUERY, queryBoolean } from './input.js';

/** The kinds of message, in the order of the message centre's tabs. */
export const MESSAGE_KINDS = ['targetTask', 'diagnosis', 'collection', 'report', 'warning', 'mention'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The Chinese name of each kind (the tabs, the badges). */
export const MESSAGE_KIND_NAMES: Record<MessageKind, string> = {
  targetTask: '目标任务',
  diagnosis: '诊断改进',
  collection: '数据采集',
  report: '质量报告',
  warning: '监测预警',
  mention: '@我的',
};

/** Limits of a message's texts (the table's columns). */
export const MESSAGE_LIMITS = { title: 200, link: 500, objectType: 40, objectId: 64 } as const;

/** One message of the person's. */
export const MessageSchema = z
  .object({
    id: z.string(),
    kind: z.enum(MESSAGE_KINDS),
    title: z.string().describe('e.g. 目标任务已驳回'),
    content: z.string().describe('the object, the actor and the reason'),
    objectType: z.string().nullable().describe('e.g. target-task, warning, quality-report, fill, diagnosis-task'),
    objectId: z.string().nullable(),
    link: z.string().nullable().describe('the frontend address that opens the object where the action is'),
    createdAt: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    readAt: z.string().nullable().describe('yyyy-MM-dd HH:mm:ss; null while unread'),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;

/** GET message/list: the person's own messages, unread first then newest; filters kind and unreadOnly; paged. */
export const MessageListQuerySchema = z
  .object({
    kind: z.enum(MESSAGE_KINDS).optional(),
    unreadOnly: queryBoolean().optional(),
    ...PAGE_QUERY,
  })
  .meta({ id: 'MessageListQuery' });
export type MessageListQuery = z.input<typeof MessageListQuerySchema>;

/** GET message/unreadCount: the bell's figure, per kind (the tabs), and when the newest message came (a change re-reads screens). */
export const MessageUnreadCountSchema = z
  .object({
    total: z.number().int(),
    byKind: z.record(z.enum(MESSAGE_KINDS), z.number().int()),
    latestAt: z.string().nullable().describe('the newest message\'s time (read or not), ISO 8601; null with none'),
    latestId: z.string().nullable().describe('the newest message\'s id'),
  })
  .meta({ id: 'MessageUnreadCount' });
export type MessageUnreadCount = z.infer<typeof MessageUnreadCountSchema>;

/** POST message/read: marks the person's own messages read (ids of others' messages change nothing). */
export const MessageReadInputSchema = z
  .object({ ids: ids(1000, '请选择消息') })
  .meta({ id: 'MessageReadInput' });
export type MessageReadInput = z.infer<typeof MessageReadInputSchema>;

/** POST message/readAll (optionally one kind): how many became read. */
export const MessageReadAllInputSchema = z
  .object({ kind: z.enum(MESSAGE_KINDS).optional() })
  .meta({ id: 'MessageReadAllInput' });
export type MessageReadAllInput = z.infer<typeof MessageReadAllInputSchema>;

export const MessageReadResultSchema = z.object({ updated: z.number().int() }).meta({ id: 'MessageReadResult' });
export type MessageReadResult = z.infer<typeof MessageReadResultSchema>;
