// Diagnosis and improvement (spec 001 §3, §7 "Diagnosis and target-standard catalogue"), under /api/herm-znfx: an
// object's diagnosis tasks, their quality-point table, the rows' cause analysis and improvement measures, grades,
// the audit of a task and the upper and lower objects' tasks.
import { z } from 'zod';
import { id, optionalText, PAGE_QUERY, text } from './input.js';
import { CalRuleSchema, CollectMethodSchema, DisplayModeSchema, ValueTypeSchema } from './standard.js';
import { analysisText, DetailGroupSchema, PointWarningRuleSchema, WarningRecordSchema } from './warnings.js';
import { OBJECT_TYPES, AUDIT_STATES, AUDIT_ACTIONS, GRADES, QUALITY_VALUE_MAX, CYCLE_VALUE_MAX, DIAGNOSIS_TEXT_MAX } from './limits.js';

export const ObjectTypeSchema = z.enum(OBJECT_TYPES);
export type ObjectType = z.infer<typeof ObjectTypeSchema>;

export const AuditStateSchema = z.enum(AUDIT_STATES);
export type AuditState = z.infer<typeof AuditStateSchema>;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const GradeSchema = z.enum(GRADES);
export type Grade = z.infer<typeof GradeSchema>;

// ---------------------------------------------------------------------------------------------
// tasks and the quality-point table

/** Task state (001 §4 "Task state"), read from the audit state. */
export const TASK_STATES = ['normal', 'pause', 'finished'] as const;
export const TaskStateSchema = z.enum(TASK_STATES).meta({ id: 'TaskState' });
export type TaskState = z.infer<typeof TaskStateSchema>;

/** An object's diagnosis task (task select; the table's task): the documents' card fields (rwmc, jkrmc, zqz, rwzt, kssj, jssj) and the clearer names the screens read. */
export const DiagnosisTaskSchema = z
  .object({
    id: z.string(),
    libraryId: z.string(),
    libraryName: z.string(),
    rwmc: z.string(),
    objectType: z.string().describe('school, department, major, course, teacher or student'),
    objectCode: z.string(),
    objectName: z.string(),
    objectId: z.string().nullable().describe('the diagnosed object (its portrait in its level\'s centre); null for a task made before objects existed'),
    cycleValue: z.string(),
    departmentId: z.string().nullable(),
    ownerId: z.string().nullable(),
    ownerName: z.string().nullable(),
    auditorId: z.string().nullable(),
    auditorName: z.string().nullable(),
    auditState: AuditStateSchema,
    auditStateName: z.string().describe('未提交 | 待审核 | 审核通过 | 审核不通过'),
    score: z.number().nullable().describe('the share of graded points reaching their target, in percent; null before grading'),
    jkrmc: z.string().nullable().describe("the supervisor: the task's auditor (auditorName)"),
    zqz: z.string().describe('the cycle (cycleValue)'),
    rwzt: TaskStateSchema.describe('normal: in work (draft or refused); pause: submitted, waiting for the audit; finished: audit passed'),
    kssj: z.string().nullable().describe('the start, yyyy-MM-dd'),
    jssj: z.string().nullable().describe('the end, yyyy-MM-dd'),
    cycleClosed: z.boolean().describe('its launch closed the cycle: no more edits, submissions or audits (results kept)'),
    urgeCount: z.number().int().describe('催办 of its owner so far'),
    lastUrgedAt: z.string().nullable().describe('the last 催办, yyyy-MM-dd HH:mm:ss'),
    canHandleWarnings: z.boolean().optional().describe("whether the person may handle the task's warnings (owner, department head, administrators; any state) — task select only"),
  })
  .meta({ id: 'DiagnosisTask' });
export type DiagnosisTask = z.infer<typeof DiagnosisTaskSchema>;

/**
 * GET task/select: the tasks the person may open, paged (pageSize 0: all; total counts every task the filters keep).
 * The filters only narrow what the person reads: objectType is the level of a centre's 诊断改进 and 监测预警 (issue 33),
 * auditState and keyword (part of the task's or the object's name) the cards' filters.
 */
export const DiagnosisTaskQuerySchema = z
  .object({
    ...PAGE_QUERY,
    libraryId: text(64).optional(),
    cycleValue: text(CYCLE_VALUE_MAX).optional(),
    objectType: z.enum(OBJECT_TYPES, { error: '诊断对象类型不正确' }).optional(),
    auditState: z.enum(AUDIT_STATES, { error: '审核状态不正确' }).optional(),
    keyword: optionalText(60),
  })
  .meta({ id: 'DiagnosisTaskQuery' });
/** The query as a caller writes it: every field may be left out (page 1 of 10 then). */
export type DiagnosisTaskQuery = Partial<z.infer<typeof DiagnosisTaskQuerySchema>>;

/** GET task/cycles: the cycles of the tasks the person may open (of one level), newest first — the cards' cycle filter. */
export const DiagnosisTaskCyclesQuerySchema = z
  .object({ objectType: z.enum(OBJECT_TYPES, { error: '诊断对象类型不正确' }).optional() })
  .meta({ id: 'DiagnosisTaskCyclesQuery' });
export const DiagnosisTaskCyclesSchema = z.object({ cycles: z.array(z.string()) }).meta({ id: 'DiagnosisTaskCycles' });
export type DiagnosisTaskCycles = z.infer<typeof DiagnosisTaskCyclesSchema>;

/** An attachment as the table carries it. */
export const QualityFileSchema = z
  .object({ id: z.string(), fileId: z.string(), fileName: z.string(), fileType: z.string(), stage: z.string(), url: z.string() })
  .meta({ id: 'QualityFile' });
export type QualityFile = z.infer<typeof QualityFileSchema>;

/** A data source of a row (datasourceVos): dataType and sjlx are the value type, calRule and jsgz the rule's text. */
export const DatasourceSchema = z
  .object({
    dataType: z.string(),
    sjlx: z.string(),
    calRule: z.string().nullable(),
    jsgz: z.string().nullable(),
    cjfs: CollectMethodSchema,
    xsfs: DisplayModeSchema,
  })
  .meta({ id: 'Datasource' });
export type Datasource = z.infer<typeof DatasourceSchema>;

/** A row of the quality-point table (001 §3 "Quality point row"). Values travel as the text people entered. */
export const QualityRowSchema = z
  .object({
    id: z.string().describe("the point's id (the row key)"),
    zkdid: z.string().describe("the point's code"),
    zkdmc: z.string(),
    nh: z.string().nullable(),
    zdbz: z.string().nullable(),
    bzz: z.string().nullable(),
    mbz: z.string().nullable(),
    xzmbz: z.string().nullable(),
    jgz: z.string().nullable(),
    xzjgz: z.string().nullable(),
    jgdj: GradeSchema.nullable(),
    sljsz: z.string().nullable().describe("last cycle's result"),
    sldj: GradeSchema.nullable().describe("last cycle's grade"),
    yyfx: z.string().nullable(),
    gjcs: z.string().nullable(),
    qualityFileList: z.array(QualityFileSchema),
    lb: z.string().nullable().describe("the level-1 indicator's display name"),
    indicatorPath: z.array(z.string()).describe('display names of the indicators, level 1 first'),
    gzdxid: z.string(),
    dxrwid: z.string(),
    fsdl: z.number().int(),
    fsjzxz: z.number().int().describe('1: the revised target and result may be entered'),
    zlx: ValueTypeSchema,
    ration: z.string().nullable(),
    calRule: CalRuleSchema,
    datasourceVos: z.array(DatasourceSchema),
    unfin: z.boolean(),
    dis: z.boolean(),
  })
  .meta({ id: 'QualityRow' });
export type QualityRow = z.infer<typeof QualityRowSchema>;

/** quality/select: the whole table of a task, no paging. */
export const QualityTableSchema = z
  .object({
    task: DiagnosisTaskSchema,
    levelTitles: z.array(z.string()).describe("一级指标 … as deep as the task's indicators go"),
    isedit: z.boolean().describe('edit mode (001 §2): the person may edit this task now'),
    canAudit: z.boolean(),
    canHandleWarnings: z.boolean().describe("whether the person may handle this task's warnings (the server's rule)"),
    canRecalculate: z.boolean().describe('whether the person may use obj/calScore and obj/refreshTarget (计算得分, 刷新目标)'),
    canManageGrants: z.boolean().describe("whether the person may set the task's grants (obj/authority: the owner, administrators)"),
    rows: z.array(QualityRowSchema),
  })
  .meta({ id: 'QualityTable' });
export type QualityTable = z.infer<typeof QualityTableSchema>;

/** quality/selectbyid: one row with its task and object names and its monitoring data (001 §3 "Quality-point detail"). */
export const QualityPointDetailSchema = QualityRowSchema.extend({
  rwmc: z.string(),
  gzdxmc: z.string(),
  detailValue: z.array(DetailGroupSchema).describe("the latest sample's detail rows, one group a data source"),
  warningVo: PointWarningRuleSchema.nullable().describe("the point's warning rule; null when it raises none"),
  warningFlowVos: z.array(WarningRecordSchema).describe("the point's warnings in this task, newest first"),
  sharePos: z.array(z.object({ gxrmc: z.string().nullable().optional() })),
}).meta({ id: 'QualityPointDetail' });
export type QualityPointDetail = z.infer<typeof QualityPointDetailSchema>;

/** An editable value cell (a text point's result may hold several lines); its value type is the server's to judge. */
function resultValue() {
  return text(QUALITY_VALUE_MAX, { multiline: true }).nullable().optional();
}

/** disqualified/update: the row's entries. jgz on any point (typed over a sampled one it wins; empty, the latest sample is the result again); xzmbz and xzjgz only when fsjzxz is 1. */
export const RowUpdateSchema = z
  .object({
    id: id('缺少质控点').describe('the point (row id)'),
    gzdxid: id('缺少诊断任务').describe("the object's task"),
    yyfx: analysisText().describe('cause analysis, required, at most 500 characters'),
    gjcs: analysisText().describe('improvement measure, required, at most 500 characters'),
    jgz: resultValue().describe('result; typed over a sampled point it wins, empty lets the latest sample be the result again'),
    xzmbz: resultValue().describe('revised target, where the point allows it (fsjzxz)'),
    xzjgz: resultValue().describe('revised result, where the point allows it (fsjzxz)'),
  })
  .meta({ id: 'RowUpdate' });
export type RowUpdate = z.infer<typeof RowUpdateSchema>;

/** quality/calresult, obj/refreshTarget: how many points got a grade, and the task's score. */
export const GradeResultSchema = z.object({ graded: z.number().int(), score: z.number().nullable() }).meta({ id: 'GradeResult' });
export type GradeResult = z.infer<typeof GradeResultSchema>;

/** obj/calScore */
export const TaskScoreSchema = z.object({ score: z.number().nullable() }).meta({ id: 'TaskScore' });
export type TaskScore = z.infer<typeof TaskScoreSchema>;

// ---------------------------------------------------------------------------------------------
// audit

/** audit/submit, pass, refuse: the task's state afterwards. */
export const AuditResultSchema = z.object({ auditState: AuditStateSchema, auditStateName: z.string() }).meta({ id: 'AuditResult' });
export type AuditResult = z.infer<typeof AuditResultSchema>;

/** The body of audit/submit, pass and refuse (refuse needs the comment; its 500 characters are counted by the server). */
export const AuditInputSchema = z
  .object({
    objTaskId: id('缺少诊断任务'),
    comment: text(DIAGNOSIS_TEXT_MAX * 2, { multiline: true, tooLong: `审核意见最多只能输入${DIAGNOSIS_TEXT_MAX}个字符` })
      .nullable()
      .optional()
      .describe('opinion; required to refuse; at most 500 characters'),
  })
  .meta({ id: 'AuditInput' });
export type AuditInput = z.infer<typeof AuditInputSchema>;

/** A step of audit/dynamic; createdAt is an ISO 8601 instant. */
export const AuditStepSchema = z
  .object({
    id: z.string(),
    action: AuditActionSchema,
    actionName: z.string(),
    fromState: AuditStateSchema,
    toState: AuditStateSchema,
    toStateName: z.string(),
    comment: z.string().nullable(),
    userId: z.string().nullable(),
    userName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditStep' });
export type AuditStep = z.infer<typeof AuditStepSchema>;

// ---------------------------------------------------------------------------------------------
// upper and lower objects (obj/updownList, updateDownList, updateUpList and their async variants)

/** The body of obj/updateDownList, obj/updateUpList and their async variants. */
export const ObjTaskInputSchema = z.object({ objTaskId: id('缺少诊断任务') }).meta({ id: 'ObjTaskInput' });
export type ObjTaskInput = z.infer<typeof ObjTaskInputSchema>;

/** An upper or lower object's task: same cycle, on the parent or a child library. */
export const LinkedTaskSummarySchema = z
  .object({
    id: z.string(),
    rwmc: z.string(),
    gzdxmc: z.string().describe("the object's name"),
    objectName: z.string(),
    libraryId: z.string(),
    libraryName: z.string(),
    cycleValue: z.string(),
    auditState: AuditStateSchema,
    auditStateName: z.string(),
  })
  .meta({ id: 'LinkedTaskSummary' });
export type LinkedTaskSummary = z.infer<typeof LinkedTaskSummarySchema>;

export const UpDownListSchema = z
  .object({ up: z.array(LinkedTaskSummarySchema), down: z.array(LinkedTaskSummarySchema) })
  .meta({ id: 'UpDownList' });
export type UpDownList = z.infer<typeof UpDownListSchema>;

/**
 * updateDownList: points changed, lower tasks changed, lower tasks left alone: submitted or passed (their state says
 * why), or not the caller's to write (reason 无权修改).
 */
export const DownListResultSchema = z
  .object({
    updated: z.number().int(),
    tasks: z.number().int(),
    skipped: z.array(z.object({ id: z.string(), rwmc: z.string(), auditStateName: z.string(), reason: z.string().optional() })),
  })
  .meta({ id: 'DownListResult' });
export type DownListResult = z.infer<typeof DownListResultSchema>;

/** updateUpList: results changed, and points that had a usable lower result. */
export const UpListResultSchema = z.object({ updated: z.number().int(), points: z.number().int() }).meta({ id: 'UpListResult' });
export type UpListResult = z.infer<typeof UpListResultSchema>;

/** obj/updateDownListAsync, obj/updateUpListAsync: the job; obj/updateListStatus?jobId answers true once done. */
export const ListJobStartSchema = z.object({ jobId: z.string() }).meta({ id: 'ListJobStart' });
export type ListJobStart = z.infer<typeof ListJobStartSchema>;

/** GET obj/updateListStatus: the jobId obj/updateDownListAsync or obj/updateUpListAsync answered. */
export const ListJobQuerySchema = z.object({ jobId: id('缺少任务编号', 100) }).meta({ id: 'ListJobQuery' });

// ---------------------------------------------------------------------------------------------
// task grants (obj/authority, 001 §7 "obj: … authority"): who reads and writes an object's task

export const TASK_GRANT_ACCESS = ['read', 'write'] as const;
export const TaskGrantAccessSchema = z.enum(TASK_GRANT_ACCESS);
export type TaskGrantAccess = z.infer<typeof TaskGrantAccessSchema>;

/** Someone who holds a task by their place in it (owner, auditor, department head), with why. */
export const TaskHolderSchema = z
  .object({
    userId: z.string(),
    userName: z.string(),
    role: z.enum(['owner', 'auditor', 'departmentHead']),
    reason: z.string().describe('任务负责人 | 审核人 | 部门负责人'),
    authorityType: TaskGrantAccessSchema.describe('write for the owner and the department head; read (and audit) for the auditor'),
  })
  .meta({ id: 'TaskHolder' });
export type TaskHolder = z.infer<typeof TaskHolderSchema>;

/** A person granted read or write on the task. */
export const TaskGrantSchema = z
  .object({ id: z.string(), userId: z.string(), userName: z.string(), account: z.string(), authorityType: TaskGrantAccessSchema, createTime: z.string() })
  .meta({ id: 'TaskGrant' });
export type TaskGrant = z.infer<typeof TaskGrantSchema>;

/** obj/authority: the task's implicit holders and its grants; canManage says whether the caller may change the grants. */
export const TaskAuthoritySchema = z
  .object({
    objTaskId: z.string(),
    canManage: z.boolean().describe('administrators and the task owner set grants'),
    holders: z.array(TaskHolderSchema),
    grants: z.array(TaskGrantSchema),
  })
  .meta({ id: 'TaskAuthority' });
export type TaskAuthority = z.infer<typeof TaskAuthoritySchema>;

/** obj/authority/add: grant a person read or write (granting again changes the access). */
export const TaskGrantInputSchema = z
  .object({
    objTaskId: id('缺少诊断任务'),
    userId: id('请选择人员'),
    authorityType: z.enum(TASK_GRANT_ACCESS, { error: 'authorityType 只能是 write 或 read' }),
  })
  .meta({ id: 'TaskGrantInput' });
export type TaskGrantInput = z.infer<typeof TaskGrantInputSchema>;

/** obj/authority/delete: take a person's grant away. */
export const TaskGrantRemoveSchema = z.object({ objTaskId: id('缺少诊断任务'), userId: id('请选择人员') }).meta({ id: 'TaskGrantRemove' });
/** A query naming one object task (obj/authority, quality/select, audit/dynamic …). */
export const ObjTaskQuerySchema = z.object({ objTaskId: id('缺少诊断任务').describe('the object task (gzdxid / dxrwid)') }).meta({ id: 'ObjTaskQuery' });
/** GET quality/selectbyid: one point of the task. */
export const QualityRowQuerySchema = ObjTaskQuerySchema.extend({
  zkdid: id('缺少质控点').describe("the point: the row's zkdid (its code, unique in the task's library); a point id is read too"),
}).meta({ id: 'QualityRowQuery' });
export type TaskGrantRemove = z.infer<typeof TaskGrantRemoveSchema>;
