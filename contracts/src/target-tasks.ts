// Target tasks (目标任务, spec 001 §2, §3, §4, §7 items 13–17): the tasks under a year target, their list by page type
// and the moves of their life (the transitions: backend/src/modules/target-tasks/domain/transitions.ts).
import { z } from 'zod';
import { RWJD_STATES } from './limits.js';
import { TASK_TYPE_CODES } from './year-targets.js';

/** Limits of a task's texts (001 §9 long name). */
export const TARGET_TASK_LIMITS = { rwmc: 200, targetUnit: 20, content: 1000 } as const;

/** The page types of 001 §2: one list call, each scoped to what the person may see. */
export const TASK_PAGE_TYPES = ['YEAR_TASK', 'MY_YEAR_TASK', 'DEPARTMENT_TASK', 'DEPARTMENT_COOP_TASK', 'MY_TASK', 'MY_COOP_TASK', 'WARNING_TASK'] as const;
export type TaskPageType = (typeof TASK_PAGE_TYPES)[number];

/** The moves of a task (the domain's TASK_ACTIONS). */
export const TASK_MOVE_ACTIONS = [
  'submitAudit', 'passAudit', 'failAudit', 'push', 'accept', 'sendBack', 'resolve', 'define', 'report', 'passReport',
  'rejectReport', 'requestDelay', 'grantDelay', 'refuseDelay', 'pause', 'resume', 'urge', 'acceptUrge',
] as const;
export type TaskMoveAction = (typeof TASK_MOVE_ACTIONS)[number];

const Named = z.object({ id: z.string(), name: z.string().nullable() });

/** A target task as its cards and detail show it (001 §3 year, department and my task cards). */
export const TargetTaskSchema = z
  .object({
    id: z.string(),
    yearTargetId: z.string(),
    yearTargetName: z.string().nullable(),
    parentId: z.string().nullable(),
    rwmc: z.string().describe('task name'),
    rwlx: z.enum(TASK_TYPE_CODES).describe('task type A/B/C'),
    rwlxmc: z.string().nullable(),
    examType: z.enum(['score', 'level']),
    rwnf: z.string().describe('comma-separated years'),
    kssj: z.string().nullable().describe('yyyy-MM-dd'),
    jssj: z.string().nullable().describe('yyyy-MM-dd'),
    fbbmId: z.string().nullable(),
    fbbm: z.string().nullable().describe('publishing department'),
    chargeDepartId: z.string().nullable(),
    chargeDepartName: z.string().nullable(),
    ownerId: z.string().nullable(),
    ownerName: z.string().nullable(),
    auditorId: z.string().nullable(),
    auditorName: z.string().nullable(),
    jkr: z.string().nullable().describe('supervisor id'),
    jkrmc: z.string().nullable().describe('supervisor name'),
    creator: z.string().nullable(),
    cjrmc: z.string().nullable().describe('creator name'),
    targetValue: z.number().nullable(),
    targetUnit: z.string().nullable(),
    rwjd: z.enum(RWJD_STATES).describe('task node state'),
    taskState: z.enum(['normal', 'pause', 'finished']),
    auditState: z.number().int().nullable().describe('0 pending, 1 audited, 2 failed; null before the first submission'),
    childCount: z.number().int(),
    coopDepartments: z.array(Named),
    processWarningCount: z.number().int(),
    expiredWarningCount: z.number().int(),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'TargetTask' });
export type TargetTask = z.infer<typeof TargetTaskSchema>;

/** targetTask/detail: the task and the moves the person may make on it now (the buttons). */
export const TargetTaskDetailSchema = TargetTaskSchema.extend({ actions: z.array(z.enum(TASK_MOVE_ACTIONS)) }).meta({ id: 'TargetTaskDetail' });
export type TargetTaskDetail = z.infer<typeof TargetTaskDetailSchema>;

/** targetTask/add (and, with id, targetTask/update). */
export const TargetTaskInputSchema = z
  .object({
    yearTargetId: z.string(),
    parentId: z.string().nullable().optional(),
    rwmc: z.string(),
    rwlx: z.enum(TASK_TYPE_CODES),
    examType: z.enum(['score', 'level']).optional(),
    rwnf: z.string().describe('comma-separated years'),
    kssj: z.string().describe('yyyy-MM-dd'),
    jssj: z.string().describe('yyyy-MM-dd'),
    chargeDepartId: z.string(),
    ownerId: z.string(),
    auditorId: z.string().nullable().optional(),
    jkr: z.string().nullable().optional(),
    coopDepartIds: z.array(z.string()).optional(),
    targetUnit: z.string().nullable().optional(),
  })
  .meta({ id: 'TargetTaskInput' });
export type TargetTaskInput = z.infer<typeof TargetTaskInputSchema>;

/** GET targetTask/list: one call for every page type, paged; filters of 001 §2. */
export const TargetTaskQuerySchema = z
  .object({
    pageType: z.enum(TASK_PAGE_TYPES),
    pageNum: z.number().int().optional(),
    pageSize: z.number().int().optional(),
    year: z.string().optional().describe('task year (one of rwnf)'),
    yearTargetId: z.string().optional(),
    name: z.string().optional().describe('task name or department name contains'),
    taskState: z.enum(['normal', 'pause', 'finished']).optional(),
    rwjd: z.enum(RWJD_STATES).optional(),
    rwlx: z.enum(TASK_TYPE_CODES).optional(),
    sort: z.enum(['asc', 'desc']).optional().describe('time sort (end date)'),
  })
  .meta({ id: 'TargetTaskQuery' });
export type TargetTaskQuery = z.infer<typeof TargetTaskQuerySchema>;

/** targetTask/move: an action on a task, with what the action needs. */
export const TargetTaskMoveSchema = z
  .object({
    id: z.string(),
    action: z.enum(TASK_MOVE_ACTIONS),
    reason: z.string().nullable().optional(),
    reportType: z.enum(['process', 'final']).optional(),
    content: z.string().nullable().optional().describe('report text'),
    valueReached: z.number().nullable().optional().describe('report: value reached'),
    newEndDate: z.string().nullable().optional().describe('requestDelay: yyyy-MM-dd'),
    target: z.number().nullable().optional().describe('define: the quantified target value'),
  })
  .meta({ id: 'TargetTaskMove' });
export type TargetTaskMove = z.infer<typeof TargetTaskMoveSchema>;
