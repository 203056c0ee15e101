// Data collection (数据采集, issue 15; 000 §2, §5, §9; 001 §4, §7 data collection service): form directories and
// forms (designed, published in versions), constants, collection tasks and their allocations, fill tasks with
// commit, audit and rollback, and the data. All under /api/herm-sjgl. The rules a cell is checked by are in
// collection-rules.ts.
import { z } from 'zod';
import { pageSchema } from './common.js';
import { COMPONENT_TYPES, FILL_STATES, FORM_STATES, FORM_TYPES, PUBLISH_STATES } from './collection-rules.js';

/** A yes/no query parameter: 'true' / 'false' (z.coerce.boolean would read 'false' as true). */
const queryFlag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

/** pageNum (1-based) and pageSize of a paged query. */
const PAGING = {
  pageNum: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
};

// ---------------------------------------------------------------------------------------------
// Form directories (formDirectorys)

/** GET formDirectorys/tree: the directories as a tree; formCount counts the directory's own forms. */
export interface FormDirectoryNode {
  id: string;
  name: string;
  parentId: string | null;
  sort: number;
  formCount: number;
  children: FormDirectoryNode[];
}
export const FormDirectoryNodeSchema: z.ZodType<FormDirectoryNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      name: z.string(),
      parentId: z.string().nullable(),
      sort: z.number().int(),
      formCount: z.number().int(),
      children: z.array(FormDirectoryNodeSchema),
    }),
  )
  .meta({ id: 'FormDirectoryNode' });

/** formDirectorys/add (parentId absent: a top directory) and, with id, formDirectorys/update (name and sort only). */
export const FormDirectoryInputSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().trim().min(1).max(60),
    parentId: z.string().nullable().optional(),
    sort: z.number().int().optional(),
  })
  .meta({ id: 'FormDirectoryInput' });
export type FormDirectoryInput = z.infer<typeof FormDirectoryInputSchema>;

// ---------------------------------------------------------------------------------------------
// Forms and their fields

/** A field of a form: its column in the data centre (key), its label, component and validations. */
export const FormFieldSchema = z
  .object({
    key: z.string().describe('column name: lower-case letters, digits, underscores (IDENTIFIER_PATTERN)'),
    label: z.string().describe('the column title the filler sees'),
    component: z.enum(COMPONENT_TYPES),
    validations: z.object({
      require: z.boolean(),
      unique: z.boolean().describe('no two rows of one collection task share the value, across all fillers'),
      custom: z.object({ pattern: z.string(), message: z.string() }).nullable().describe('a regular expression and its message'),
    }),
    maxLength: z.number().int().nullable().describe('at most COMPONENT_MAX_LENGTH of the component; null takes that'),
    constantTypeId: z.string().nullable().describe('options of inputSelect, select and multiSelect: a constant type'),
    placeholder: z.string().nullable(),
    width: z.number().int().nullable().describe('column width in px on the fill screen'),
  })
  .meta({ id: 'FormField' });
export type FormField = z.infer<typeof FormFieldSchema>;

/** A published version of a form: what a collection task pins, so later changes leave its data readable. */
export const FormVersionSchema = z
  .object({
    formId: z.string(),
    version: z.number().int(),
    formType: z.enum(FORM_TYPES),
    fields: z.array(FormFieldSchema),
    fixedRows: z.array(z.string()).describe('fixed forms: the row labels, one row each; floating: empty'),
    publishedAt: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    publisherName: z.string().nullable(),
  })
  .meta({ id: 'FormVersion' });
export type FormVersion = z.infer<typeof FormVersionSchema>;

/** A form in lists (GET forms/list). */
export const FormSummarySchema = z
  .object({
    id: z.string(),
    directoryId: z.string(),
    directoryName: z.string(),
    name: z.string(),
    code: z.string().describe('the data-centre table sjzx.<code>'),
    formType: z.enum(FORM_TYPES),
    publishState: z.enum(PUBLISH_STATES),
    version: z.number().int().describe('the newest published version; 0 before the first publish'),
    changed: z.boolean().describe('the design differs from the newest published version'),
    fieldCount: z.number().int(),
    taskCount: z.number().int().describe('collection tasks that use it (a form in use cannot be deleted)'),
    description: z.string().nullable(),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'FormSummary' });
export type FormSummary = z.infer<typeof FormSummarySchema>;

/** GET forms/detail: the design being edited (fields, fixedRows) and the versions published. */
export const FormDetailSchema = FormSummarySchema.extend({
  fields: z.array(FormFieldSchema),
  fixedRows: z.array(z.string()),
  versions: z.array(z.object({ version: z.number().int(), publishedAt: z.string(), publisherName: z.string().nullable(), fieldCount: z.number().int() })),
}).meta({ id: 'FormDetail' });
export type FormDetail = z.infer<typeof FormDetailSchema>;

/** GET forms/list: paged; filters directoryId (its subdirectories included), name (contains), publishState. */
export const FormQuerySchema = z
  .object({
    ...PAGING,
    directoryId: z.string().optional(),
    name: z.string().optional(),
    publishState: z.enum(PUBLISH_STATES).optional(),
  })
  .meta({ id: 'FormQuery' });
export type FormQuery = z.infer<typeof FormQuerySchema>;

/** forms/add: a form with no fields yet; code and formType can change until the first publish. */
export const FormCreateInputSchema = z
  .object({
    directoryId: z.string(),
    name: z.string().trim().min(1).max(60),
    code: z.string().trim(),
    formType: z.enum(FORM_TYPES),
    description: z.string().trim().max(200).nullable().optional(),
  })
  .meta({ id: 'FormCreateInput' });
export type FormCreateInput = z.infer<typeof FormCreateInputSchema>;

/** forms/update: the whole design (the designer saves it at once); publishing makes it a version. */
export const FormDesignInputSchema = FormCreateInputSchema.extend({
  id: z.string(),
  fields: z.array(FormFieldSchema).max(60),
  fixedRows: z.array(z.string().trim().min(1).max(60)).max(500),
})
  .meta({ id: 'FormDesignInput' });
export type FormDesignInput = z.infer<typeof FormDesignInputSchema>;

/** GET forms/dataSourceSql ("create a data source"): the SQL a quality point's sql collection reads a column by. */
export const DATA_SOURCE_AGGREGATES = ['sum', 'avg', 'count', 'max', 'min'] as const;
export const DataSourceSqlQuerySchema = z
  .object({
    formId: z.string(),
    field: z.string().describe('a field key; count may take any field'),
    aggregate: z.enum(DATA_SOURCE_AGGREGATES),
    byCycle: queryFlag.optional().describe('only the rows of the sampled task cycle (:zq)'),
    byDepartment: queryFlag.optional().describe('only the rows of the sampled object (:dxmc = department name)'),
  })
  .meta({ id: 'DataSourceSqlQuery' });
export type DataSourceSqlQuery = z.infer<typeof DataSourceSqlQuerySchema>;
export const DataSourceSqlSchema = z.object({ sql: z.string() }).meta({ id: 'DataSourceSql' });
export type DataSourceSql = z.infer<typeof DataSourceSqlSchema>;

// ---------------------------------------------------------------------------------------------
// Constants (constantTypes, constants)

export const ConstantTypeSchema = z
  .object({ id: z.string(), code: z.string(), name: z.string(), constantCount: z.number().int(), description: z.string().nullable() })
  .meta({ id: 'ConstantType' });
export type ConstantType = z.infer<typeof ConstantTypeSchema>;

export const ConstantTypeInputSchema = z
  .object({
    id: z.string().optional(),
    code: z.string().trim().min(1).max(40),
    name: z.string().trim().min(1).max(60),
    description: z.string().trim().max(200).nullable().optional(),
  })
  .meta({ id: 'ConstantTypeInput' });
export type ConstantTypeInput = z.infer<typeof ConstantTypeInputSchema>;

/** A constant: an option of a select field, value (stored code) and text (what the filler sees and the data keeps). */
export const ConstantSchema = z
  .object({ id: z.string(), typeId: z.string(), value: z.string(), text: z.string(), sort: z.number().int() })
  .meta({ id: 'Constant' });
export type Constant = z.infer<typeof ConstantSchema>;

export const ConstantInputSchema = z
  .object({
    id: z.string().optional(),
    typeId: z.string(),
    value: z.string().trim().min(1).max(60),
    text: z.string().trim().min(1).max(60),
    sort: z.number().int().optional(),
  })
  .meta({ id: 'ConstantInput' });
export type ConstantInput = z.infer<typeof ConstantInputSchema>;

/** constants/import: the rows of the template (值, 显示文本, 排序) into one type; any bad row refuses them all. */
export const ConstantImportResultSchema = z.object({ imported: z.number().int() }).meta({ id: 'ConstantImportResult' });
export type ConstantImportResult = z.infer<typeof ConstantImportResultSchema>;

// ---------------------------------------------------------------------------------------------
// Collection tasks (tasks) and allocations (taskAllocations)

/** A form within a task: the version it pinned at publish, its form state and fills. */
export const TaskFormSchema = z
  .object({
    formId: z.string(),
    formName: z.string(),
    formType: z.enum(FORM_TYPES),
    version: z.number().int().nullable().describe('pinned at task publish; null before'),
    formState: z.enum(FORM_STATES),
    allocated: z.number().int().describe('fill tasks'),
    filled: z.number().int().describe('fill tasks committed (unaudited or finished)'),
    audited: z.number().int().describe('fill tasks finished'),
  })
  .meta({ id: 'TaskForm' });
export type TaskForm = z.infer<typeof TaskFormSchema>;

export const CollectionTaskSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    cycle: z.string().describe('yyyy: the data-centre rows carry it (column cycle)'),
    deadline: z.string().describe('yyyy-MM-dd'),
    description: z.string().nullable(),
    publishState: z.enum(PUBLISH_STATES),
    forms: z.array(TaskFormSchema),
    allocated: z.number().int(),
    filled: z.number().int().describe('the collection rate is filled / allocated'),
    audited: z.number().int(),
    creatorName: z.string().nullable(),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'CollectionTask' });
export type CollectionTask = z.infer<typeof CollectionTaskSchema>;

export const CollectionTaskQuerySchema = z
  .object({
    ...PAGING,
    name: z.string().optional(),
    cycle: z.string().optional(),
    publishState: z.enum(PUBLISH_STATES).optional(),
  })
  .meta({ id: 'CollectionTaskQuery' });
export type CollectionTaskQuery = z.infer<typeof CollectionTaskQuerySchema>;

/** tasks/add and, with id, tasks/update (forms can change until publish). */
export const CollectionTaskInputSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().trim().min(1).max(60),
    cycle: z.string().regex(/^\d{4}$/),
    deadline: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    description: z.string().trim().max(200).nullable().optional(),
    formIds: z.array(z.string()).min(1).max(50),
  })
  .meta({ id: 'CollectionTaskInput' });
export type CollectionTaskInput = z.infer<typeof CollectionTaskInputSchema>;

/** An allocation: one form of a task to a department (its members fill) or a person, and who audits. */
export const AllocationSchema = z
  .object({
    id: z.string(),
    taskId: z.string(),
    formId: z.string(),
    formName: z.string(),
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    auditorId: z.string(),
    auditorName: z.string(),
    fillTaskId: z.string().nullable().describe('made when the task is published'),
    fillState: z.enum(FILL_STATES).nullable(),
    rowCount: z.number().int(),
  })
  .meta({ id: 'Allocation' });
export type Allocation = z.infer<typeof AllocationSchema>;

/** taskAllocations/add: one allocation per department and per person named; an existing one is left as it is. */
export const AllocationInputSchema = z
  .object({
    taskId: z.string(),
    formId: z.string(),
    departmentIds: z.array(z.string()).max(200).optional(),
    userIds: z.array(z.string()).max(200).optional(),
    auditorId: z.string(),
  })
  .meta({ id: 'AllocationInput' });
export type AllocationInput = z.infer<typeof AllocationInputSchema>;

// ---------------------------------------------------------------------------------------------
// Fill tasks (fillTasks) and their history

export const FillTaskSchema = z
  .object({
    id: z.string(),
    taskId: z.string(),
    taskName: z.string(),
    cycle: z.string(),
    deadline: z.string().describe('yyyy-MM-dd'),
    overdue: z.boolean().describe('past the deadline and not committed'),
    formId: z.string(),
    formName: z.string(),
    formType: z.enum(FORM_TYPES),
    version: z.number().int(),
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    auditorId: z.string(),
    auditorName: z.string(),
    state: z.enum(FILL_STATES),
    rowCount: z.number().int(),
    rollbackReason: z.string().nullable(),
    committerName: z.string().nullable(),
    commitTime: z.string().nullable().describe('yyyy-MM-dd HH:mm:ss'),
    auditTime: z.string().nullable().describe('yyyy-MM-dd HH:mm:ss'),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'FillTask' });
export type FillTask = z.infer<typeof FillTaskSchema>;
export const FillTaskPageSchema = pageSchema(FillTaskSchema).meta({ id: 'FillTaskPage' });

/** GET fillTasks/mine (what I fill) and fillTasks/toAudit (what I audit): paged, filters state, taskId, name. */
export const FillTaskQuerySchema = z
  .object({
    ...PAGING,
    state: z.enum(FILL_STATES).optional(),
    taskId: z.string().optional(),
    name: z.string().optional().describe('task or form name contains'),
  })
  .meta({ id: 'FillTaskQuery' });
export type FillTaskQuery = z.infer<typeof FillTaskQuerySchema>;

/** A row of collected data. Fixed forms: label is the row's fixed label. */
export const DataRowSchema = z
  .object({
    id: z.string(),
    rowNo: z.number().int().describe('1-based, the order the filler sees'),
    label: z.string().nullable(),
    values: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.null()])),
    fillTaskId: z.string(),
    departmentName: z.string().nullable(),
    updaterName: z.string().nullable(),
    updateTime: z.string(),
  })
  .meta({ id: 'DataRow' });
export type DataRow = z.infer<typeof DataRowSchema>;

/** GET fillTasks/detail: the fill task, the form version it fills, its rows, the options and what the reader may do. */
export const FillTaskDetailSchema = z
  .object({
    fillTask: FillTaskSchema,
    form: FormVersionSchema,
    rows: z.array(DataRowSchema),
    options: z.record(z.string(), z.array(z.string())).describe('field key → the texts its constant type offers'),
    mayEdit: z.boolean().describe('a filler, while uncommitted or rolled back'),
    mayAudit: z.boolean().describe('the auditor (or a manager), while unaudited; rollback also when finished'),
  })
  .meta({ id: 'FillTaskDetail' });
export type FillTaskDetail = z.infer<typeof FillTaskDetailSchema>;

/** The rows a filler sends: id keeps a stored row; values by field key. The set replaces the fill's rows. */
export const RowInputSchema = z.object({
  id: z.string().nullable().optional(),
  label: z.string().nullable().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), z.null()])),
});
export type RowInput = z.infer<typeof RowInputSchema>;

/** datas/updateOrInsert (save, every rule but require) and fillTasks/commit (rows optional: save and commit at once). */
export const RowsInputSchema = z
  .object({ fillTaskId: z.string(), rows: z.array(RowInputSchema).max(20_000) })
  .meta({ id: 'RowsInput' });
export type RowsInput = z.infer<typeof RowsInputSchema>;

export const CommitInputSchema = z
  .object({ id: z.string(), rows: z.array(RowInputSchema).max(20_000).optional() })
  .meta({ id: 'CommitInput' });
export type CommitInput = z.infer<typeof CommitInputSchema>;

/** fillTasks/rollback: the reason is required (the filler reads it). */
export const RollbackInputSchema = z
  .object({ id: z.string(), reason: z.string().trim().min(1).max(500) })
  .meta({ id: 'RollbackInput' });
export type RollbackInput = z.infer<typeof RollbackInputSchema>;

/** The refusal's data when rows break rules: every broken cell (the message names the first). */
export const CellErrorSchema = z
  .object({ row: z.number().int(), field: z.string(), label: z.string(), message: z.string() })
  .meta({ id: 'CellError' });

export const FILL_ACTIONS = ['save', 'import', 'commit', 'audit', 'rollback'] as const;
export type FillAction = (typeof FILL_ACTIONS)[number];
export const FILL_ACTION_LABELS: Record<FillAction, string> = { save: '保存', import: '导入', commit: '提交', audit: '审核通过', rollback: '退回' };

/** GET fillTasks/history: every change, newest first. */
export const FillHistorySchema = z
  .object({
    id: z.string(),
    action: z.enum(FILL_ACTIONS),
    actorName: z.string(),
    time: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    reason: z.string().nullable(),
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    rowCount: z.number().int().describe('rows after the change'),
    changes: z
      .array(z.object({ rowNo: z.number().int(), field: z.string(), label: z.string(), before: z.string().nullable(), after: z.string().nullable() }))
      .describe('the first 200 changed cells of a save or import'),
  })
  .meta({ id: 'FillHistory' });
export type FillHistory = z.infer<typeof FillHistorySchema>;

// ---------------------------------------------------------------------------------------------
// Data (datas)

/** GET datas/query: one fill's rows (fillTaskId) or, for a manager, a task's form across fills (taskId + formId). */
export const DataQuerySchema = z
  .object({
    ...PAGING,
    fillTaskId: z.string().optional(),
    taskId: z.string().optional(),
    formId: z.string().optional(),
    departmentId: z.string().optional(),
    keyword: z.string().optional().describe('any cell contains'),
    finishedOnly: queryFlag.optional().describe('only audited fills'),
  })
  .meta({ id: 'DataQuery' });
export type DataQuery = z.infer<typeof DataQuerySchema>;
export const DataPageSchema = pageSchema(DataRowSchema).meta({ id: 'DataPage' });

/** POST datas/uniqueCheck: which of these values of a unique field other fills of the same task already hold. */
export const UniqueCheckInputSchema = z
  .object({ fillTaskId: z.string(), field: z.string(), values: z.array(z.string()).max(20_000) })
  .meta({ id: 'UniqueCheckInput' });
export type UniqueCheckInput = z.infer<typeof UniqueCheckInputSchema>;
export const UniqueCheckResultSchema = z.object({ duplicates: z.array(z.string()) }).meta({ id: 'UniqueCheckResult' });
export type UniqueCheckResult = z.infer<typeof UniqueCheckResultSchema>;

/** POST datas/sync: rewrites a form's data-centre table from every audited fill. */
export const SyncResultSchema = z.object({ rows: z.number().int(), table: z.string() }).meta({ id: 'SyncResult' });
export type SyncResult = z.infer<typeof SyncResultSchema>;

/** POST datas/import (multipart: file, fillTaskId): rows of the fill's template; any bad row refuses them all. */
export const DataImportResultSchema = z.object({ imported: z.number().int() }).meta({ id: 'DataImportResult' });
export type DataImportResult = z.infer<typeof DataImportResultSchema>;

/** Texts of the data-collection refusals and notices. */
export const COLLECTION_MESSAGES = {
  directoryNotEmpty: '该目录下有表单或子目录，不能删除',
  codeTaken: '表单编码已被使用',
  codeInvalid: '表单编码只能包含小写字母、数字和下划线，并以字母开头（2–40个字符）',
  keyInvalid: (label: string) => `字段「${label}」的列名只能包含小写字母、数字和下划线，并以字母开头`,
  keyReserved: (key: string) => `列名「${key}」为系统保留列名`,
  keyRepeated: (key: string) => `列名「${key}」重复`,
  patternInvalid: (label: string) => `字段「${label}」的自定义校验不是有效的正则表达式`,
  optionsMissing: (label: string) => `字段「${label}」需要选择常量类型`,
  typeChanged: (label: string, kind: string) => `字段「${label}」已发布为${kind}列，不能改为其他类型；请新增字段`,
  noFields: '表单至少需要一个字段',
  fixedRowsMissing: '固定表需要至少一行',
  formInUse: '表单已被采集任务使用，不能删除',
  formNotPublished: (name: string) => `表单「${name}」尚未发布`,
  taskPublished: '采集任务已发布，不能修改',
  noAllocation: (name: string) => `表单「${name}」尚未分配填报人`,
  allocationHasData: '该分配已有填报数据，不能删除',
  notFiller: '您不是该填报任务的填报人',
  notAuditor: '您不是该填报任务的审核人',
  wrongState: (state: string, action: string) => `填报任务处于「${state}」状态，不能${action}`,
  fixedRowsChanged: '固定表的行不能增删',
  rowsRefused: (first: string, count: number) => (count > 1 ? `${first}（共${count}处错误）` : first),
  duplicate: (label: string, value: string) => `「${label}」的值“${value}”已被其他填报人填报`,
  constantTypeInUse: '该常量类型已被表单字段使用，不能删除',
  constantRepeated: (value: string) => `常量值「${value}」重复`,
  // more design refusals (forms/update and publish, dataSourceSql, constant types)
  labelMissing: (key: string) => `列名「${key}」的字段需要标题`,
  fieldTextTooLong: (key: string) => `列名「${key}」的字段标题、提示文字或校验提示过长`,
  maxLengthInvalid: (label: string, max: number) => `字段「${label}」的最大长度应在1到${max}之间`,
  patternTooLong: (label: string, max: number) => `字段「${label}」的自定义校验不能超过${max}个字符`,
  fixedRowRepeated: (label: string) => `固定行「${label}」重复`,
  codeLocked: '表单发布后不能修改编码和表单类型',
  fieldUnknown: (key: string) => `表单没有列「${key}」`,
  fieldNotNumeric: (label: string) => `字段「${label}」不是数值列，只能计数`,
  constantTypeCodeTaken: '常量类型编码已被使用',
  saved: '保存成功',
  committed: '提交成功',
  audited: '审核通过',
  rolledBack: '已退回',
  published: '发布成功',
} as const;
