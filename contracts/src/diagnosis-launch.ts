// 诊断任务下发 (issue 32), under /api/herm-znfx/launch/*: a publisher or administrator launches the diagnosis of one
// level's objects against an audited library of that level and cycle; a job makes one task an object. The launch's
// page counts its tasks by department and audit state, lists the overdue ones, urges their owners and closes the cycle.
import { z } from 'zod';
import { id, PAGE_QUERY, text } from './input.js';

export const LAUNCH_LEVELS = ['school', 'major', 'course', 'teacher', 'student'] as const;
export const LaunchLevelSchema = z.enum(LAUNCH_LEVELS, { error: '请选择诊断层面' });
export type LaunchLevel = z.infer<typeof LaunchLevelSchema>;
export const LAUNCH_LEVEL_NAMES: Record<LaunchLevel, string> = { school: '学校', major: '专业', course: '课程', teacher: '教师', student: '学生' };

/** Which objects: every live object of the level, those of chosen departments, or chosen objects. */
export const LAUNCH_SCOPES = ['all', 'departments', 'picked'] as const;
export const LaunchScopeSchema = z.enum(LAUNCH_SCOPES, { error: '请选择诊断对象范围' });
export type LaunchScope = z.infer<typeof LaunchScopeSchema>;
export const LAUNCH_SCOPE_NAMES: Record<LaunchScope, string> = { all: '本层面全部对象', departments: '按部门选择', picked: '指定对象' };

/** Who owns each task: the object's responsible person, the teacher or student themself, or one chosen person. */
export const OWNER_RULES = ['responsible', 'self', 'chosen'] as const;
export const OwnerRuleSchema = z.enum(OWNER_RULES, { error: '请选择任务负责人规则' });
export type OwnerRule = z.infer<typeof OwnerRuleSchema>;
export const OWNER_RULE_NAMES: Record<OwnerRule, string> = { responsible: '对象负责人', self: '教师或学生本人', chosen: '指定人员' };

/** Who audits each task: the head of the object's department, or one chosen person. */
export const AUDITOR_RULES = ['departmentHead', 'chosen'] as const;
export const AuditorRuleSchema = z.enum(AUDITOR_RULES, { error: '请选择审核人规则' });
export type AuditorRule = z.infer<typeof AuditorRuleSchema>;
export const AUDITOR_RULE_NAMES: Record<AuditorRule, string> = { departmentHead: '对象所在部门负责人', chosen: '指定人员' };

export const LAUNCH_STATES = ['launching', 'running', 'failed', 'closed'] as const;
export const LaunchStateSchema = z.enum(LAUNCH_STATES);
export type LaunchState = z.infer<typeof LaunchStateSchema>;
export const LAUNCH_STATE_NAMES: Record<LaunchState, string> = { launching: '下发中', running: '进行中', failed: '下发失败', closed: '已关闭' };

/** What a person may do: launch (the options' answer), and on one launch urge, close, retry. */
export const LAUNCH_ACTIONS = ['launch', 'urge', 'close', 'retry'] as const;
export const LaunchActionSchema = z.enum(LAUNCH_ACTIONS);
export type LaunchAction = z.infer<typeof LaunchActionSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (missing: string) => z.string({ error: missing }).trim().min(1, { error: missing }).regex(DATE, { error: '日期格式应为yyyy-MM-dd' });

// ---------------------------------------------------------------------------------------------
// options

/** GET launch/options: level (default school), cycleTypeId (its values), cycleValue (the libraries), keyword (people, objects). */
export const LaunchOptionsQuerySchema = z
  .object({
    level: LaunchLevelSchema.optional(),
    cycleTypeId: text(64).optional(),
    cycleValue: text(40).optional(),
    keyword: text(60).optional(),
  })
  .meta({ id: 'LaunchOptionsQuery' });
export type LaunchOptionsQuery = z.infer<typeof LaunchOptionsQuerySchema>;

const Option = z.object({ value: z.string(), text: z.string() });
export const LaunchOptionsSchema = z
  .object({
    levels: z.array(Option),
    level: LaunchLevelSchema,
    cycleTypes: z.array(z.object({ id: z.string(), lxmc: z.string() })).describe("the cycle types of the level: 学期 for courses and students, 年度 for the rest"),
    cycleValues: z.array(z.object({ cycleId: z.string(), cycleNumber: z.string(), defaultsStatus: z.number().int() })).describe('the values of cycleTypeId (empty without it)'),
    defaultCycleValue: z.string().nullable().describe("the type's default value (defaultsStatus 1)"),
    libraries: z.array(z.object({ id: z.string(), name: z.string(), cycleValue: z.string(), points: z.number().int() })).describe('audited libraries of the level and cycle: live, with points'),
    departments: z.array(z.object({ id: z.string(), name: z.string(), objects: z.number().int() })).describe("departments with live objects of the level"),
    objects: z.array(z.object({ id: z.string(), code: z.string(), name: z.string(), departmentName: z.string().nullable() })).describe('live objects of the level (keyword filtered, at most 200)'),
    people: z.array(z.object({ userId: z.string(), userName: z.string(), account: z.string(), departmentName: z.string().nullable() })).describe('people to choose as owner or auditor (keyword filtered, at most 200)'),
    ownerRules: z.array(Option).describe("the level's owner rules (本人 for teachers and students only)"),
    auditorRules: z.array(Option),
    scopes: z.array(Option),
    actions: z.array(LaunchActionSchema).describe('launch when the person may launch'),
  })
  .meta({ id: 'LaunchOptions' });
export type LaunchOptions = z.infer<typeof LaunchOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// launching

export const LaunchInputSchema = z
  .object({
    level: LaunchLevelSchema,
    cycleTypeId: id('请选择周期类型'),
    cycleValue: id('请选择周期值', 40),
    libraryId: id('请选择目标标准'),
    scope: LaunchScopeSchema,
    scopeIds: z.array(id()).max(20_000).optional().default([]),
    ownerRule: OwnerRuleSchema,
    ownerId: text(64).nullable().optional(),
    auditorRule: AuditorRuleSchema,
    auditorId: text(64).nullable().optional(),
    startDate: date('请选择开始日期'),
    endDate: date('请选择结束日期'),
  })
  .meta({ id: 'LaunchInput' });
export type LaunchInput = z.input<typeof LaunchInputSchema>;
export type LaunchInputParsed = z.infer<typeof LaunchInputSchema>;

export const LaunchStartSchema = z.object({ launchId: z.string(), taskId: z.string().describe('the job: launch-<launchId>-<run>') }).meta({ id: 'LaunchStart' });
export type LaunchStart = z.infer<typeof LaunchStartSchema>;

export const LaunchIdQuerySchema = z.object({ launchId: id('缺少下发编号') }).meta({ id: 'LaunchIdQuery' });
export const LaunchIdInputSchema = z.object({ launchId: id('缺少下发编号') }).meta({ id: 'LaunchIdInput' });
export type LaunchIdInput = z.infer<typeof LaunchIdInputSchema>;

/** GET launch/progress: polled every 1000 ms; done of total objects, the step, a failure's reason. */
export const LaunchProgressSchema = z
  .object({
    launchId: z.string(),
    taskId: z.string(),
    state: z.enum(['waiting', 'running', 'done', 'failed']),
    done: z.number().int(),
    total: z.number().int(),
    step: z.string().describe('排队中, 创建诊断任务, 完成, 失败'),
    reason: z.string().nullable(),
  })
  .meta({ id: 'LaunchProgress' });
export type LaunchProgress = z.infer<typeof LaunchProgressSchema>;

// ---------------------------------------------------------------------------------------------
// the list and one launch's page

export const LaunchListQuerySchema = z.object({ ...PAGE_QUERY, level: LaunchLevelSchema.optional() }).meta({ id: 'LaunchListQuery' });

export const LaunchSummarySchema = z
  .object({
    id: z.string(),
    level: LaunchLevelSchema,
    levelName: z.string(),
    cycleTypeName: z.string().nullable(),
    cycleValue: z.string(),
    libraryId: z.string(),
    libraryName: z.string(),
    scope: LaunchScopeSchema,
    scopeName: z.string(),
    ownerRule: OwnerRuleSchema,
    ownerRuleName: z.string(),
    ownerName: z.string().nullable(),
    auditorRule: AuditorRuleSchema,
    auditorRuleName: z.string(),
    auditorName: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    state: LaunchStateSchema,
    stateName: z.string(),
    failReason: z.string().nullable(),
    objectCount: z.number().int().nullable(),
    createdCount: z.number().int().nullable().describe('tasks this launch made (objects with a task already were left)'),
    tasks: z.number().int().describe('tasks of this launch now'),
    creatorName: z.string().nullable(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
    actions: z.array(LaunchActionSchema),
  })
  .meta({ id: 'LaunchSummary' });
export type LaunchSummary = z.infer<typeof LaunchSummarySchema>;

const StateCounts = { draft: z.number().int(), submitted: z.number().int(), passed: z.number().int(), refused: z.number().int(), total: z.number().int(), overdue: z.number().int() };

export const LaunchTaskSchema = z
  .object({
    id: z.string(),
    rwmc: z.string(),
    objectCode: z.string(),
    objectName: z.string(),
    departmentName: z.string().nullable(),
    ownerName: z.string().nullable(),
    auditorName: z.string().nullable(),
    auditState: z.enum(['draft', 'submitted', 'passed', 'refused']),
    auditStateName: z.string(),
    kssj: z.string().nullable(),
    jssj: z.string().nullable(),
    overdue: z.boolean(),
    urgeCount: z.number().int(),
    lastUrgedAt: z.string().nullable(),
  })
  .meta({ id: 'LaunchTask' });
export type LaunchTask = z.infer<typeof LaunchTaskSchema>;

export const LaunchDetailSchema = z
  .object({
    launch: LaunchSummarySchema,
    totals: z.object(StateCounts),
    byDepartment: z.array(z.object({ departmentId: z.string().nullable(), departmentName: z.string(), ...StateCounts })),
    overdue: z.array(LaunchTaskSchema).describe('tasks past their end not yet submitted (未提交, 已退回), at most 500'),
  })
  .meta({ id: 'LaunchDetail' });
export type LaunchDetail = z.infer<typeof LaunchDetailSchema>;

/** GET launch/tasks: one launch's tasks (paged), by department and audit state when given. */
export const LaunchTasksQuerySchema = z
  .object({
    ...PAGE_QUERY,
    launchId: id('缺少下发编号'),
    departmentId: text(64).optional(),
    auditState: z.enum(['draft', 'submitted', 'passed', 'refused']).optional(),
    overdue: z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? undefined : v), z.boolean().optional()),
  })
  .meta({ id: 'LaunchTasksQuery' });

/** POST launch/urge: one task's owner (objTaskId), or every overdue task's owner of the launch. */
export const LaunchUrgeInputSchema = z.object({ launchId: id('缺少下发编号'), objTaskId: text(64).nullable().optional() }).meta({ id: 'LaunchUrgeInput' });
export type LaunchUrgeInput = z.infer<typeof LaunchUrgeInputSchema>;
export const LaunchUrgeResultSchema = z.object({ urged: z.number().int() }).meta({ id: 'LaunchUrgeResult' });
export type LaunchUrgeResult = z.infer<typeof LaunchUrgeResultSchema>;

export const LAUNCH_MESSAGES = {
  cannotLaunch: '只有管理员或年度目标发布者可以下发诊断任务',
  notFound: '诊断任务下发记录不存在',
  closed: '诊断周期已关闭，不能修改',
  closedSubmit: '诊断周期已关闭，不能提交',
  closedAudit: '诊断周期已关闭，不能审核',
  nothingToUrge: '没有需要催办的任务',
} as const;
