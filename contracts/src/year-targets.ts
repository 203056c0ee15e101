// Yearly targets (年度目标, spec 001 §3, §7 items 13 and 15) and the task types of target tasks.
import { z } from 'zod';
import { id, PAGE_QUERY, text } from './input.js';

/** Limits of a year target's texts (001 §9: long name and long content). */
export const YEAR_TARGET_LIMITS = { name: 200, description: 1000 } as const;

/** The task types (rwlx) of 001 §2: A key, B routine, C common. */
export const TASK_TYPE_CODES = ['A', 'B', 'C'] as const;

/** A year target: its card shows cycleYear; the option list reads id and name. */
export const YearTargetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    cycleYear: z.string().describe('yyyy'),
    dimensionId: z.string().nullable(),
    dimensionName: z.string().nullable(),
    description: z.string().nullable(),
    creator: z.string().nullable().describe('creator id'),
    cjrmc: z.string().nullable().describe('creator name'),
    fbbmId: z.string().nullable().describe('publishing department id'),
    fbbm: z.string().nullable().describe('publishing department name'),
    taskCount: z.number().int().describe('its target tasks (a target with tasks cannot be deleted)'),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'YearTarget' });
export type YearTarget = z.infer<typeof YearTargetSchema>;

/** GET yearTarget/list: paged, filters name (contains) and cycleYear; the option list asks pageNum 1, pageSize 1000000. */
export const YearTargetQuerySchema = z
  .object({
    pageNum: z.number().int().optional(),
    pageSize: z.number().int().optional(),
    name: z.string().optional().describe('name contains'),
    cycleYear: z.string().optional(),
  })
  .meta({ id: 'YearTargetQuery' });
export type YearTargetQuery = z.infer<typeof YearTargetQuerySchema>;

/** yearTarget/add (and, with id, yearTarget/update): the person becomes the creator, their department the publisher. */
export const YearTargetInputSchema = z
  .object({
    name: z.string(),
    cycleYear: z.string().describe('yyyy'),
    dimensionId: z.string(),
    description: z.string().nullable().optional(),
  })
  .meta({ id: 'YearTargetInput' });
export type YearTargetInput = z.infer<typeof YearTargetInputSchema>;

/**
 * How the server reads yearTarget/add and update: the types and the characters; presence, lengths (trimmed) and the
 * year are the domain's rules (year-target-rules.ts), with its messages. A year may come as a number.
 */
const yearOf = (max: number, tooLong?: string) => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text(max, { tooLong }));
export const YearTargetDraftSchema = z
  .object({
    name: text(YEAR_TARGET_LIMITS.name * 2).nullable().optional(),
    cycleYear: yearOf(20).nullable().optional().describe('yyyy, 2000–2100'),
    dimensionId: text(64).nullable().optional(),
    description: text(YEAR_TARGET_LIMITS.description * 2, { multiline: true }).nullable().optional(),
  })
  .meta({ id: 'YearTargetDraft' });
export const YearTargetUpdateInputSchema = YearTargetDraftSchema.extend({ id: id('缺少年度目标') }).meta({ id: 'YearTargetUpdateInput' });
export const YearTargetRefSchema = z.object({ id: id('缺少年度目标') }).meta({ id: 'YearTargetRef' });
export const YearTargetListQuerySchema = z
  .object({ ...PAGE_QUERY, name: text(YEAR_TARGET_LIMITS.name).optional().describe('name contains'), cycleYear: text(4, { tooLong: '年度须为四位年份' }).optional() })
  .meta({ id: 'YearTargetListQuery' });
/** yearTarget/checkStatus and taskResult: the copy's task id as yearTarget/copy answered. */
export const YearTargetCopyTaskQuerySchema = z.object({ taskId: id('缺少任务编号', 100) }).meta({ id: 'YearTargetCopyTaskQuery' });

/** A task type (rwlx): A 重点任务, B 常规任务, C 一般任务. */
export const TaskTypeSchema = z
  .object({ id: z.enum(TASK_TYPE_CODES), rwlxmc: z.string() })
  .meta({ id: 'TaskType' });
export type TaskType = z.infer<typeof TaskTypeSchema>;

/** yearTarget/copy: a year target and its whole task tree into another year (cycleYear; the next year when absent). */
export const YearTargetCopyInputSchema = z
  .object({ id: id('缺少年度目标'), cycleYear: yearOf(4, '年度须为四位年份').optional().describe('yyyy; the year after the source when absent') })
  .meta({ id: 'YearTargetCopyInput' });
export type YearTargetCopyInput = z.infer<typeof YearTargetCopyInputSchema>;

/** What the person may do under 年度目标任务 (the year-target access table's answer; the screens show only these buttons). */
export const YearTargetRightsSchema = z
  .object({
    writesYearTargets: z.boolean().describe('adds, changes, deletes and copies year targets'),
    writesTasks: z.boolean().describe('adds, changes, decomposes and deletes target tasks'),
  })
  .meta({ id: 'YearTargetRights' });
export type YearTargetRights = z.infer<typeof YearTargetRightsSchema>;

/** A started copy: poll yearTarget/checkStatus or yearTarget/taskResult with taskId; yearTargetId is the copy's id. */
export const YearTargetCopyStartSchema = z
  .object({ taskId: z.string(), yearTargetId: z.string(), cycleYear: z.string() })
  .meta({ id: 'YearTargetCopyStart' });
export type YearTargetCopyStart = z.infer<typeof YearTargetCopyStartSchema>;

/** How far a year target copy is (the libraries' task result, for a year target). */
export const YearTargetCopyProgressSchema = z
  .object({
    taskId: z.string(),
    state: z.enum(['waiting', 'running', 'done', 'failed']),
    done: z.number().int().describe('stages done'),
    total: z.number().int().describe('stages in all (0 while waiting)'),
    step: z.string().describe('排队中, 复制年度目标, 复制目标任务, 复制协同部门, 记录任务历史, 完成, 失败'),
    reason: z.string().nullable().describe('why it failed, in Chinese (null unless failed)'),
    yearTargetId: z.string().describe('the copy'),
  })
  .meta({ id: 'YearTargetCopyProgress' });
export type YearTargetCopyProgress = z.infer<typeof YearTargetCopyProgressSchema>;
