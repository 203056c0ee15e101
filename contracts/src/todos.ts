// 我的待办 (issue 34): everything waiting for the person, across modules, and the home page's three counts of it.
import { z } from 'zod';
import { pageSchema } from './common.js';
import { PAGE_QUERY } from './input.js';
import { TodoCountsSchema } from './user.js';

/**
 * The home page's counters, each a group of the list: audits 待审核 = every audit, review or publish item;
 * warnings 待处理预警 = open quality-point warnings; tasks 待办任务 = the rest (fill, submit, accept, decompose,
 * report, rebuild, accept an urge, chase late owners).
 */
export const TODO_GROUPS = ['tasks', 'warnings', 'audits'] as const;
export type TodoGroup = (typeof TODO_GROUPS)[number];
export const TODO_GROUP_NAMES: Record<TodoGroup, string> = { tasks: '待办任务', warnings: '待处理预警', audits: '待审核' };

/** The kind of object an item waits on (one source module each). */
export const TODO_KINDS = ['targetTask', 'diagnosisTask', 'fillTask', 'qualityReport', 'warning', 'diagnosisLaunch'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];
export const TODO_KIND_NAMES: Record<TodoKind, string> = {
  targetTask: '目标任务',
  diagnosisTask: '诊断任务',
  fillTask: '填报任务',
  qualityReport: '质量报告',
  warning: '质量预警',
  diagnosisLaunch: '诊断下发',
};

export const TodoLinkSchema = z
  .object({
    /** the frontend path of the page where the action is */
    path: z.string(),
    /** its query (e.g. task=<id>), opening the object there */
    query: z.record(z.string(), z.string()),
  })
  .meta({ id: 'TodoLink' });
export type TodoLink = z.infer<typeof TodoLinkSchema>;

export const TodoItemSchema = z
  .object({
    /** unique in the list: kind, object and what is asked */
    id: z.string(),
    kind: z.enum(TODO_KINDS),
    group: z.enum(TODO_GROUPS),
    /** what is asked, in Chinese (审核目标任务, 提交进度, 评审报告 …) */
    asked: z.string(),
    /** the object's name */
    objectName: z.string(),
    /** since when it waits (ISO 8601) */
    since: z.string(),
    /** the deadline (yyyy-MM-dd), null when there is none */
    deadline: z.string().nullable(),
    /** the deadline has passed */
    overdue: z.boolean(),
    link: TodoLinkSchema,
  })
  .meta({ id: 'TodoItem' });
export type TodoItem = z.infer<typeof TodoItemSchema>;

/** GET /api/todo/list: one group or kind, paged (000 §9); the oldest first. */
export const TodoListQuerySchema = z
  .object({ ...PAGE_QUERY, group: z.enum(TODO_GROUPS, { error: '待办分组不正确' }).optional(), kind: z.enum(TODO_KINDS, { error: '待办类型不正确' }).optional() })
  .meta({ id: 'TodoListQuery' });
export type TodoListQuery = z.infer<typeof TodoListQuerySchema>;

/** The page, the counts of every group (the home counters: unfiltered) and of every kind within the group asked. */
export const TodoListSchema = pageSchema(TodoItemSchema)
  .extend({ counts: TodoCountsSchema, kinds: z.record(z.enum(TODO_KINDS), z.number().int()) })
  .meta({ id: 'TodoList' });
export type TodoList = z.infer<typeof TodoListSchema>;
