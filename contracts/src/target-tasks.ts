// Target tasks (目标任务, spec 001 §2, §3, §4, §7 items 13–17): the tasks under a year target, their list by page type
// and the moves of their life (the transitions: backend/src/modules/target-tasks/domain/transitions.ts).
import { z } from 'zod';
import { batchIds, batchIdsQuery } from './batch.js';
import { AttachmentSchema } from './files.js';
import { id, numberFromText, optionalText, PAGE_QUERY, queryBoolean, requiredText, text } from './input.js';
import { PROGRESS_AUDITS, PROGRESS_REPORT_TYPES, RWJD_STATES, SCHEDULE_STATUSES, TARGET_TASK_REASON_MAX, TASK_EVIDENCE_MAX, URGE_STATES, URGE_STATUSES } from './limits.js';
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

/**
 * The last word against a task that still stands (issue 34: a card shows it): its last progress report rejected
 * (驳回进度, until the owner reports again) or its submission failed (审核不通过, until it is submitted again).
 */
export const TaskRejectionSchema = z
  .object({
    kind: z.enum(['report', 'audit']).describe('report: the last progress report was rejected; audit: the submission failed'),
    reason: z.string(),
    at: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    byName: z.string().nullable().describe('who rejected'),
  })
  .meta({ id: 'TaskRejection' });
export type TaskRejection = z.infer<typeof TaskRejectionSchema>;

/** The task's last urge (督办/催办) while its owner has not accepted it. */
export const TaskOpenUrgeSchema = z
  .object({
    message: z.string().nullable(),
    at: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    fromName: z.string().nullable().describe('who urged'),
  })
  .meta({ id: 'TaskOpenUrge' });
export type TaskOpenUrge = z.infer<typeof TaskOpenUrgeSchema>;

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
    rejection: TaskRejectionSchema.nullable().describe('a rejection still standing, with its reason; null: none'),
    openUrge: TaskOpenUrgeSchema.nullable().describe('an urge the owner has not accepted; null: none'),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'TargetTask' });
export type TargetTask = z.infer<typeof TargetTaskSchema>;

/** targetTask/detail: the task, the moves the person may make on it now (the buttons) and whether they change its files. */
export const TargetTaskDetailSchema = TargetTaskSchema.extend({
  actions: z.array(z.enum(TASK_MOVE_ACTIONS)),
  canWriteFiles: z.boolean().describe("whether the person adds, changes and removes the task's files now (targetTask/file/*)"),
}).meta({ id: 'TargetTaskDetail' });
export type TargetTaskDetail = z.infer<typeof TargetTaskDetailSchema>;

const YEARS = /^\d{4}(,\d{4})*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const YEARS_MESSAGE = '任务年份须为逗号分隔的四位年份';
/** A day yyyy-MM-dd that exists; every broken rule (missing, wrong type, format) answers `message`. */
const day = (message: string) =>
  requiredText(10, { missing: message, wrongType: message, tooLong: message })
    .regex(DATE, { error: message })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: message })
    .describe('yyyy-MM-dd');

/**
 * targetTask/add: a task under a year target (under a parent task when parentId is given). The server checks the
 * references (year target, parent, departments, people) and that the end is not before the start.
 */
export const TargetTaskInputSchema = z
  .object({
    rwmc: requiredText(TARGET_TASK_LIMITS.rwmc, { missing: '请填写任务名称' }).describe('task name'),
    rwlx: z.enum(TASK_TYPE_CODES, { error: '请选择任务类型' }),
    rwnf: requiredText(100, { missing: YEARS_MESSAGE, wrongType: YEARS_MESSAGE, tooLong: YEARS_MESSAGE }).regex(YEARS, { error: YEARS_MESSAGE }).describe('comma-separated years'),
    kssj: day('请填写开始时间（yyyy-MM-dd）'),
    jssj: day('请填写结束时间（yyyy-MM-dd）'),
    examType: z.enum(['score', 'level'], { error: '考核方式须为分数或等级' }).optional().describe('score when left out'),
    targetUnit: optionalText(TARGET_TASK_LIMITS.targetUnit).optional(),
    yearTargetId: id('年度目标不存在'),
    parentId: optionalText(64).optional(),
    chargeDepartId: id('请选择责任部门'),
    ownerId: id('请选择任务负责人'),
    auditorId: optionalText(64).optional(),
    jkr: optionalText(64).optional().describe('supervisor id'),
    coopDepartIds: z.array(id()).optional(),
  })
  .meta({ id: 'TargetTaskInput' });
export type TargetTaskInput = z.infer<typeof TargetTaskInputSchema>;

/** targetTask/update: the fields of add, all of them again; the task's year target and parent stay. */
export const TargetTaskUpdateInputSchema = TargetTaskInputSchema.omit({ yearTargetId: true, parentId: true })
  .extend({ id: id('缺少目标任务') })
  .meta({ id: 'TargetTaskUpdateInput' });
export type TargetTaskUpdateInput = z.infer<typeof TargetTaskUpdateInputSchema>;

/** A task named by its id: targetTask/detail, situation (query) and delete (body). */
export const TargetTaskRefSchema = z.object({ id: id('缺少目标任务') }).meta({ id: 'TargetTaskRef' });

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
    cycleYear: z.string().optional().describe("target cycle: the year target's cycleYear"),
    warningType: z.enum(['process', 'expired']).optional().describe('tasks with an open warning of this kind'),
    chargeDepartId: z.string().optional(),
    leafName: z.string().optional().describe('last-level task name contains (department summary page)'),
    leafOwner: z.string().optional().describe('last-level task owner name contains (department summary page)'),
    leafOnly: z.boolean().optional().describe('last-level tasks only (no children), without a name or owner too'),
    waiting: z.enum(['audit', 'todo']).optional().describe("what waits for the person: audit (待审核) or todo (待办任务), the home page's counters"),
  })
  .meta({ id: 'TargetTaskQuery' });
export type TargetTaskQuery = z.infer<typeof TargetTaskQuerySchema>;

/** How the server reads GET targetTask/list (TargetTaskQuery's fields, with the paging defaults and the limits). */
export const TargetTaskListQuerySchema = z
  .object({
    pageType: z.enum(TASK_PAGE_TYPES, { error: '页面类型不正确' }),
    ...PAGE_QUERY,
    year: text(4, { tooLong: '年份须为四位年份' }).optional().describe('task year (one of rwnf)'),
    yearTargetId: text(64).optional(),
    name: text(TARGET_TASK_LIMITS.rwmc).optional().describe('task name or department name contains'),
    taskState: z.enum(['normal', 'pause', 'finished'], { error: '任务状态不正确' }).optional(),
    rwjd: z.enum(RWJD_STATES, { error: '任务节点状态不正确' }).optional(),
    rwlx: z.enum(TASK_TYPE_CODES, { error: '任务类型不正确' }).optional(),
    sort: z.enum(['asc', 'desc'], { error: '排序方式不正确' }).optional().describe('time sort (end date)'),
    // 001 §4: in the target-task context `final` is a synonym of overdue (expired)
    warningType: z
      .enum(['process', 'expired', 'final'], { error: '预警类型不正确' })
      .transform((type) => (type === 'final' ? 'expired' : type))
      .optional()
      .describe('tasks with an open warning of this kind (final: the same as expired)'),
    cycleYear: text(4, { tooLong: '目标周期须为四位年份' }).optional().describe("target cycle: the year target's cycleYear (yyyy)"),
    chargeDepartId: text(64).optional(),
    leafName: text(TARGET_TASK_LIMITS.rwmc).optional().describe('last-level task (no children) whose name contains'),
    leafOwner: text(50).optional().describe("last-level task (no children) whose owner's name contains"),
    leafOnly: queryBoolean().optional().describe('last-level tasks only (no children)'),
    waiting: z.enum(['audit', 'todo']).optional().describe("what waits for the person: audit (待审核) or todo (待办任务), the home page's counters"),
  })
  .meta({ id: 'TargetTaskListQuery' });

/** GET targetTask/export: the list's filters without paging; the workbook holds every row the list shows under them. */
export const TargetTaskExportQuerySchema = TargetTaskListQuerySchema.omit({ pageNum: true, pageSize: true }).meta({ id: 'TargetTaskExportQuery' });
export type TargetTaskExportQuery = z.infer<typeof TargetTaskExportQuerySchema>;

/** The page types as their tabs name them (the export's file name). */
export const TASK_PAGE_TYPE_NAMES: Record<TaskPageType, string> = {
  YEAR_TASK: '全部任务',
  MY_YEAR_TASK: '我发布的',
  DEPARTMENT_TASK: '部门任务',
  DEPARTMENT_COOP_TASK: '协作任务',
  MY_TASK: '我的任务',
  MY_COOP_TASK: '我的协作',
  WARNING_TASK: '预警任务',
};

/**
 * GET targetTask/listCounts (issue 35): the figures beside a task list, counted from the list's own query (the same
 * filters and page type; paging ignored), so every counter counts what the list shows.
 */
export const TaskListCountsSchema = z
  .object({
    total: z.number().int().describe('tasks the list holds (its total)'),
    totalWarningCount: z.number().int().describe('open warnings of those tasks, process plus overdue'),
    processWarningCount: z.number().int().describe('过程预警: open process warnings of those tasks'),
    expiredWarningCount: z.number().int().describe('逾期预警: open overdue warnings of those tasks'),
    chargeDepartments: z
      .array(z.object({ id: z.string(), name: z.string(), headName: z.string().nullable(), tasks: z.number().int() }))
      .describe('the charge departments of those tasks with their heads, most tasks first'),
  })
  .meta({ id: 'TaskListCounts' });
export type TaskListCounts = z.infer<typeof TaskListCountsSchema>;

/**
 * targetTask/move: an action on a task, with what the action needs. Whether the action needs a reason, a date or a
 * target, and the task's state, are the domain's to judge (transitions.ts), with its messages.
 */
export const TargetTaskMoveSchema = z
  .object({
    id: id('缺少目标任务'),
    action: z.enum(TASK_MOVE_ACTIONS, { error: '操作不正确' }),
    reason: text(TARGET_TASK_REASON_MAX, { multiline: true }).nullable().optional(),
    reportType: z.enum(PROGRESS_REPORT_TYPES, { error: '进度类型不正确' }).optional(),
    content: text(TARGET_TASK_LIMITS.content, { multiline: true, tooLong: `进度内容最多${TARGET_TASK_LIMITS.content}个字符` }).nullable().optional().describe('report text'),
    valueReached: numberFromText(z.number({ error: '完成值须为数字' }).min(0, { error: '完成值须为不小于0的数' })).nullable().optional().describe('report: value reached'),
    newEndDate: text(10).nullable().optional().describe('requestDelay: yyyy-MM-dd'),
    target: numberFromText(z.number({ error: '目标值须为数字' })).nullable().optional().describe('define: the quantified target value'),
    fileIds: z
      .array(requiredText(64, { missing: '佐证材料须为文件列表', wrongType: '佐证材料须为文件列表' }), { error: '佐证材料须为文件列表' })
      .max(TASK_EVIDENCE_MAX, { error: `一次最多上传${TASK_EVIDENCE_MAX}个佐证材料` })
      .optional()
      .describe('report: merged files to attach as its evidence (stage process or final)'),
  })
  .meta({ id: 'TargetTaskMove' });
export type TargetTaskMove = z.infer<typeof TargetTaskMoveSchema>;

/** The moves a school makes on many tasks at once (issue 34): 下发 and 督办, which need nothing but the task. */
export const TASK_BATCH_ACTIONS = ['push', 'urge'] as const;
export type TaskBatchAction = (typeof TASK_BATCH_ACTIONS)[number];

/**
 * targetTask/batchMove: one move on each of the tasks, each as targetTask/move would make it (its own transaction,
 * its own refusal); the answer is the BatchResult summary.
 */
export const TargetTaskBatchMoveSchema = z
  .object({
    ids: batchIds(),
    action: z.enum(TASK_BATCH_ACTIONS, { error: '批量操作不正确' }),
  })
  .meta({ id: 'TargetTaskBatchMove' });
export type TargetTaskBatchMove = z.infer<typeof TargetTaskBatchMoveSchema>;

/** targetTask/allowedActions?ids=a,b: the moves the person may make now on each task of a page (the detail's actions). */
export const TaskIdsQuerySchema = z.object({ ids: batchIdsQuery() }).meta({ id: 'TaskIdsQuery' });
export const TaskAllowedActionsSchema = z
  .object({ id: z.string(), actions: z.array(z.enum(TASK_MOVE_ACTIONS)) })
  .meta({ id: 'TaskAllowedActions' });
export type TaskAllowedActions = z.infer<typeof TaskAllowedActionsSchema>;

// ---- The task's full picture (situation) and the year's tree (catalog), 001 §7 yearly target service ----

/** A progress report with its audit and evidence (stage process or final). progress is value / target × 100 (000 §9). */
export const ProgressReportSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PROGRESS_REPORT_TYPES),
    content: z.string(),
    valueReached: z.number().nullable(),
    progress: z.string().describe("'0' … '100.00' (shared kernel progress)"),
    auditState: z.enum(PROGRESS_AUDITS),
    auditReason: z.string().nullable(),
    reporterName: z.string().nullable(),
    reportTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    auditorName: z.string().nullable(),
    auditTime: z.string().nullable(),
    files: z.array(AttachmentSchema),
  })
  .meta({ id: 'ProgressReport' });
export type ProgressReport = z.infer<typeof ProgressReportSchema>;

/** A delay asked by the owner and the auditor's decision. */
export const TaskDelaySchema = z
  .object({
    id: z.string(),
    oldEndDate: z.string().nullable().describe('yyyy-MM-dd'),
    newEndDate: z.string().describe('yyyy-MM-dd'),
    reason: z.string(),
    decision: z.enum(['pending', 'granted', 'refused']),
    decisionReason: z.string().nullable(),
    requesterName: z.string().nullable(),
    requestTime: z.string(),
    deciderName: z.string().nullable(),
    decideTime: z.string().nullable(),
  })
  .meta({ id: 'TaskDelay' });
export type TaskDelay = z.infer<typeof TaskDelaySchema>;

/** An urge (type 0 to do while not accepted, 1 done once accepted). */
export const TaskUrgeSchema = z
  .object({
    id: z.string(),
    urgeType: z.number().int().describe('0 待办, 1 已办'),
    status: z.enum(URGE_STATUSES).nullable(),
    state: z.enum(URGE_STATES),
    message: z.string().nullable(),
    fromName: z.string().nullable(),
    toName: z.string().nullable(),
    createTime: z.string(),
    acceptTime: z.string().nullable(),
  })
  .meta({ id: 'TaskUrge' });
export type TaskUrge = z.infer<typeof TaskUrgeSchema>;

/** A warning of the task: process (a report due in periodKey is missing) or expired (jssj passed, not finished). */
export const TaskWarningSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['process', 'expired']),
    periodKey: z.string(),
    openTime: z.string(),
    closeTime: z.string().nullable(),
  })
  .meta({ id: 'TaskWarning' });
export type TaskWarning = z.infer<typeof TaskWarningSchema>;

/** One change of the task (task_history). */
export const TaskHistorySchema = z
  .object({
    id: z.string(),
    action: z.string().describe('a TaskMoveAction, or add / update'),
    actorName: z.string().nullable(),
    time: z.string(),
    fromState: z.string().nullable(),
    toState: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'TaskHistory' });
export type TaskHistory = z.infer<typeof TaskHistorySchema>;

/** GET targetTask/situation?id=: everything about one task, for its detail page. */
export const TaskSituationSchema = z
  .object({
    task: TargetTaskDetailSchema,
    progress: z.string().describe('of the last passed report'),
    scheduleStatus: z.enum(SCHEDULE_STATUSES),
    path: z.array(z.object({ id: z.string(), rwmc: z.string() })).describe('ancestors, root first'),
    children: z.array(TargetTaskSchema).describe('direct children'),
    reports: z.array(ProgressReportSchema).describe('newest first'),
    delays: z.array(TaskDelaySchema),
    urges: z.array(TaskUrgeSchema),
    warnings: z.array(TaskWarningSchema),
    history: z.array(TaskHistorySchema).describe('oldest first'),
    files: z.array(AttachmentSchema).describe('task files (stage task)'),
  })
  .meta({ id: 'TaskSituation' });
export type TaskSituation = z.infer<typeof TaskSituationSchema>;

/** A node of GET targetTask/catalog?year=: the year's targets, each with its tasks decomposed to any depth. */
export interface TaskCatalogNode {
  id: string;
  kind: 'yearTarget' | 'task';
  name: string;
  rwjd: (typeof RWJD_STATES)[number] | null;
  children: TaskCatalogNode[];
}
export const TaskCatalogNodeSchema: z.ZodType<TaskCatalogNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      kind: z.enum(['yearTarget', 'task']),
      name: z.string(),
      rwjd: z.enum(RWJD_STATES).nullable(),
      children: z.array(TaskCatalogNodeSchema),
    }),
  )
  .meta({ id: 'TaskCatalogNode' });

/** A cooperating department of a task and its cooperation owner (targetTask/coop/list). */
export const TaskCoopSchema = z
  .object({
    taskId: z.string(),
    departmentId: z.string(),
    departmentName: z.string().nullable(),
    ownerId: z.string().nullable(),
    ownerName: z.string().nullable(),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'TaskCoop' });
export type TaskCoop = z.infer<typeof TaskCoopSchema>;

/** GET targetTask/coop/list: the cooperating departments and whether the person may add, change or remove them. */
export const TaskCoopListSchema = z
  .object({
    canManage: z.boolean().describe('the publisher, an administrator or the head of the charge department'),
    coops: z.array(TaskCoopSchema),
  })
  .meta({ id: 'TaskCoopList' });
export type TaskCoopList = z.infer<typeof TaskCoopListSchema>;

/** GET targetTask/catalog?year=: the year targets of that cycle year. */
export const TaskCatalogQuerySchema = z
  .object({
    year: requiredText(4, { missing: '请选择年份', tooLong: '年份须为四位年份' })
      .regex(/^\d{4}$/, { error: '年份须为四位年份' })
      .describe("the year targets' cycleYear (yyyy)"),
  })
  .meta({ id: 'TaskCatalogQuery' });

/** GET targetTask/coop/list?taskId=. */
export const TaskCoopListQuerySchema = z.object({ taskId: id('缺少目标任务') }).meta({ id: 'TaskCoopListQuery' });

/** targetTask/coop/add and coop/update: a cooperating department of the task and its cooperation owner. */
export const TaskCoopInputSchema = z
  .object({
    taskId: id('缺少目标任务'),
    departmentId: id('请选择协同部门').describe('the cooperating department'),
    ownerId: id('请选择协同负责人').describe('the cooperation owner (a person)'),
  })
  .meta({ id: 'TaskCoopInput' });
export type TaskCoopInput = z.infer<typeof TaskCoopInputSchema>;

/** targetTask/coop/delete: no longer a cooperating department. */
export const TaskCoopDeleteSchema = z
  .object({ taskId: id('缺少目标任务'), departmentId: id('请选择协同部门').describe('the cooperating department') })
  .meta({ id: 'TaskCoopDelete' });
export type TaskCoopDelete = z.infer<typeof TaskCoopDeleteSchema>;
