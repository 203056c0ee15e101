// Data collection (数据采集, issue 15; 000 §2, §5, §9; 001 §4, §7 data collection service): form directories and
// forms (designed, published in versions), constants, collection tasks and their allocations, fill tasks with
// commit, audit and rollback, and the data. All under /api/herm-sjgl. The rules a cell is checked by are in
// collection-rules.ts.
//
// Requests (bodies and queries) are read through the *Input / *Query / *Ref schemas here (the backend's @ZodBody and
// @ZodQuery): their types, presence, lengths and characters. What depends on the form design or on stored rows (a
// field's key, a fill's cell values, a code already taken …) is the domain's to judge, with COLLECTION_MESSAGES.
import { z } from 'zod';
import { batchIds, batchIdsQuery } from './batch.js';
import { pageSchema } from './common.js';
import { COMPONENT_TYPES, CONSTANT_LIMITS, FILL_STATES, FORM_LIMITS, FORM_STATES, FORM_TYPES, IDENTIFIER_PATTERN, INPUT_MAX, PUBLISH_STATES } from './collection-rules.js';
import { patternProblem } from './custom-pattern.js';
import { id, ids, integer, optionalText, queryBoolean, queryInt, requiredText, text } from './input.js';

/** Texts of the data-collection refusals and notices. */
export const COLLECTION_MESSAGES = {
  directoryNotEmpty: '该目录下有表单或子目录，不能删除',
  codeTaken: '表单编码已被使用',
  codeInvalid: '表单编码只能包含小写字母、数字和下划线，并以字母开头（2–40个字符）',
  keyInvalid: (label: string) => `字段「${label}」的列名只能包含小写字母、数字和下划线，并以字母开头`,
  keyReserved: (key: string) => `列名「${key}」为系统保留列名`,
  keyRepeated: (key: string) => `列名「${key}」重复`,
  patternInvalid: (label: string) => `字段「${label}」的自定义校验不是有效的正则表达式`,
  patternUnsupported: (label: string) => `字段「${label}」的自定义校验不受支持（不支持反向引用、环视等写法）`,
  patternTooComplex: (label: string) => `字段「${label}」的自定义校验过于复杂（重复次数过多）`,
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

/**
 * Why a field's custom pattern cannot be saved, or null: the designer shows it before saving and the server refuses
 * the save with it (custom-pattern.ts: patterns run on RE2).
 */
export function customPatternRefusal(label: string, pattern: string): string | null {
  const problem = patternProblem(pattern);
  if (problem === 'invalid') return COLLECTION_MESSAGES.patternInvalid(label);
  if (problem === 'unsupported') return COLLECTION_MESSAGES.patternUnsupported(label);
  if (problem === 'tooComplex') return COLLECTION_MESSAGES.patternTooComplex(label);
  return null;
}

/** pageNum (1-based) and pageSize of a paged query: these lists page on the server, at most 1,000 rows a page. */
const PAGING = {
  pageNum: queryInt({ min: 1 }).optional(),
  pageSize: queryInt({ min: 1, max: 1000 }).optional(),
};

/** A sort (directories, constants). */
const sort = () => integer({ min: -CONSTANT_LIMITS.sort, max: CONSTANT_LIMITS.sort });

/** yyyy-MM-dd naming a day of the calendar (2026-02-30 is none: the database would refuse it). */
function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

// ---------------------------------------------------------------------------------------------
// Rows named by their id (the bodies and queries of delete, publish, detail …)

/** { id }: a directory, form, constant type, constant, task, allocation or fill task. */
export const CollectionRefSchema = z.object({ id: id() }).meta({ id: 'CollectionRef' });
export type CollectionRef = z.infer<typeof CollectionRefSchema>;
export const CollectionTaskRefQuerySchema = z.object({ taskId: id() }).meta({ id: 'CollectionTaskRefQuery' });
export const CollectionFormRefSchema = z.object({ formId: id() }).meta({ id: 'CollectionFormRef' });
export const FillTaskRefQuerySchema = z.object({ fillTaskId: id() }).meta({ id: 'FillTaskRefQuery' });
export const ConstantTypeRefQuerySchema = z.object({ typeId: id() }).meta({ id: 'ConstantTypeRefQuery' });

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

/** formDirectorys/add (parentId absent: a top directory; id ignored) and, with id, formDirectorys/update. */
export const FormDirectoryInputSchema = z
  .object({
    id: text(64).optional().describe('absent on add'),
    name: requiredText(FORM_LIMITS.name),
    parentId: optionalText(64).optional().describe('absent or null: a top directory'),
    sort: sort().optional(),
  })
  .meta({ id: 'FormDirectoryInput' });
export type FormDirectoryInput = z.infer<typeof FormDirectoryInputSchema>;

/** formDirectorys/update: the name and sort of a directory (it stays where it is). */
export const FormDirectoryUpdateSchema = FormDirectoryInputSchema.omit({ parentId: true })
  .extend({ id: id() })
  .meta({ id: 'FormDirectoryUpdate' });
export type FormDirectoryUpdate = z.infer<typeof FormDirectoryUpdateSchema>;

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

/**
 * A field as the designer sends it: types and characters. The rules of a design (the key's pattern and reserved
 * names, a label, the texts' lengths, maxLength, options, a custom pattern that compiles) are the domain's, checked
 * on save and publish alike with messages naming the field; the lengths here only bound what is read (twice theirs).
 */
export const FormFieldInputSchema = z
  .object({
    key: text(FORM_LIMITS.code * 2).describe('column name: lower-case letters, digits, underscores (IDENTIFIER_PATTERN)'),
    label: text(INPUT_MAX.default * 2),
    component: z.enum(COMPONENT_TYPES),
    validations: z.object({
      require: z.boolean(),
      unique: z.boolean(),
      custom: z.object({ pattern: text(FORM_LIMITS.pattern * 2), message: text(INPUT_MAX.content * 2) }).nullable(),
    }),
    maxLength: integer().nullable(),
    constantTypeId: text(64).nullable(),
    placeholder: text(INPUT_MAX.default * 2).nullable(),
    width: integer(FORM_LIMITS.width).nullable().describe('column width in px on the fill screen'),
  })
  .meta({ id: 'FormFieldInput' });

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
    directoryId: text(64).optional().describe('its subdirectories included'),
    name: text(FORM_LIMITS.name).optional().describe('name contains'),
    publishState: z.enum(PUBLISH_STATES).optional(),
  })
  .meta({ id: 'FormQuery' });
export type FormQuery = z.infer<typeof FormQuerySchema>;

/** forms/add: a form with no fields yet; code and formType can change until the first publish. */
export const FormCreateInputSchema = z
  .object({
    directoryId: id(),
    name: requiredText(FORM_LIMITS.name),
    code: requiredText(FORM_LIMITS.code, { tooLong: COLLECTION_MESSAGES.codeInvalid })
      .regex(IDENTIFIER_PATTERN, { error: COLLECTION_MESSAGES.codeInvalid })
      .describe('the data-centre table sjzx.<code>: lower-case letters, digits, underscores, a letter first, 2–40'),
    formType: z.enum(FORM_TYPES),
    description: optionalText(FORM_LIMITS.description, { multiline: true }).optional(),
  })
  .meta({ id: 'FormCreateInput' });
export type FormCreateInput = z.infer<typeof FormCreateInputSchema>;

/** forms/update: the whole design (the designer saves it at once); publishing makes it a version. */
export const FormDesignInputSchema = FormCreateInputSchema.extend({
  id: id(),
  fields: z.array(FormFieldInputSchema).max(FORM_LIMITS.fields).describe('the whole design'),
  fixedRows: z.array(requiredText(INPUT_MAX.default)).max(FORM_LIMITS.fixedRows).describe('fixed forms: the row labels'),
})
  .meta({ id: 'FormDesignInput' });
export type FormDesignInput = z.infer<typeof FormDesignInputSchema>;

/** GET forms/version: a published version of a form. */
export const FormVersionQuerySchema = z.object({ id: id(), version: queryInt({ min: 1, max: 1_000_000 }) }).meta({ id: 'FormVersionQuery' });

/** GET forms/dataSourceSql ("create a data source"): the SQL a quality point's sql collection reads a column by. */
export const DATA_SOURCE_AGGREGATES = ['sum', 'avg', 'count', 'max', 'min'] as const;
export const DataSourceSqlQuerySchema = z
  .object({
    formId: id(),
    field: requiredText(64).describe('a field key (any version of the form); count may take any field'),
    aggregate: z.enum(DATA_SOURCE_AGGREGATES),
    byCycle: queryBoolean().optional().describe('only the rows of the sampled task cycle (:zq)'),
    byDepartment: queryBoolean().optional().describe('only the rows of the sampled object (:dxmc = department name)'),
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

/** constantTypes/add (id ignored) and, with id, constantTypes/update. */
export const ConstantTypeInputSchema = z
  .object({
    id: text(64).optional().describe('absent on add'),
    code: requiredText(CONSTANT_LIMITS.typeCode).describe('unique'),
    name: requiredText(INPUT_MAX.default),
    description: optionalText(INPUT_MAX.content, { multiline: true }).optional(),
  })
  .meta({ id: 'ConstantTypeInput' });
export type ConstantTypeInput = z.infer<typeof ConstantTypeInputSchema>;
export const ConstantTypeUpdateSchema = ConstantTypeInputSchema.extend({ id: id() }).meta({ id: 'ConstantTypeUpdate' });

/** A constant: an option of a select field, value (stored code) and text (what the filler sees and the data keeps). */
export const ConstantSchema = z
  .object({ id: z.string(), typeId: z.string(), value: z.string(), text: z.string(), sort: z.number().int() })
  .meta({ id: 'Constant' });
export type Constant = z.infer<typeof ConstantSchema>;

/** constants/add (id ignored) and, with id, constants/update. */
export const ConstantInputSchema = z
  .object({
    id: text(64).optional().describe('absent on add'),
    typeId: id(),
    value: requiredText(INPUT_MAX.default).describe('the stored code, unique in its type'),
    text: requiredText(INPUT_MAX.default).describe('what the filler sees and the data keeps'),
    sort: sort().optional().describe('absent: after the last'),
  })
  .meta({ id: 'ConstantInput' });
export type ConstantInput = z.infer<typeof ConstantInputSchema>;
export const ConstantUpdateSchema = ConstantInputSchema.extend({ id: id() }).meta({ id: 'ConstantUpdate' });

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
    name: text(INPUT_MAX.default).optional().describe('name contains'),
    cycle: text(4).optional(),
    publishState: z.enum(PUBLISH_STATES).optional(),
  })
  .meta({ id: 'CollectionTaskQuery' });
export type CollectionTaskQuery = z.infer<typeof CollectionTaskQuerySchema>;

/** tasks/add (id ignored) and, with id, tasks/update (forms can change until publish). */
export const CollectionTaskInputSchema = z
  .object({
    id: text(64).optional().describe('absent on add'),
    name: requiredText(INPUT_MAX.default),
    cycle: requiredText(4, { tooLong: '{label}须为四位年份' }).regex(/^\d{4}$/, { error: '{label}须为四位年份' }).describe('yyyy'),
    deadline: requiredText(10, { tooLong: '{label}须为yyyy-MM-dd格式的日期' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '{label}须为yyyy-MM-dd格式的日期' })
      .refine(isCalendarDate, { error: '{label}不是有效的日期' })
      .describe('yyyy-MM-dd'),
    description: optionalText(INPUT_MAX.content, { multiline: true }).optional(),
    formIds: ids(50),
  })
  .meta({ id: 'CollectionTaskInput' });
export type CollectionTaskInput = z.infer<typeof CollectionTaskInputSchema>;
export const CollectionTaskUpdateSchema = CollectionTaskInputSchema.extend({ id: id('缺少采集任务') }).meta({ id: 'CollectionTaskUpdate' });

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
    taskId: id(),
    formId: id(),
    departmentIds: z.array(id()).max(200).optional(),
    userIds: z.array(id()).max(200).optional(),
    auditorId: id(),
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

/** The moves on a fill a person may be allowed now (domain fill-flow's moves, with the person's right to each). */
export const FILL_ROW_ACTIONS = ['commit', 'audit', 'rollback'] as const;
export type FillRowAction = (typeof FILL_ROW_ACTIONS)[number];

/** fillTasks/batchAudit: pass each fill as fillTasks/audit would (its own transaction, its own refusal). */
export const FillBatchAuditSchema = z.object({ ids: batchIds() }).meta({ id: 'FillBatchAudit' });
export type FillBatchAudit = z.infer<typeof FillBatchAuditSchema>;

/** fillTasks/allowedActions?ids=a,b: what the person may do now on each fill of a page (the batch's selectable rows). */
export const FillIdsQuerySchema = z.object({ ids: batchIdsQuery() }).meta({ id: 'FillIdsQuery' });
export const FillAllowedActionsSchema = z.object({ id: z.string(), actions: z.array(z.enum(FILL_ROW_ACTIONS)) }).meta({ id: 'FillAllowedActions' });
export type FillAllowedActions = z.infer<typeof FillAllowedActionsSchema>;

/** GET fillTasks/mine (what I fill) and fillTasks/toAudit (what I audit): paged, filters state, taskId, name. */
export const FillTaskQuerySchema = z
  .object({
    ...PAGING,
    state: z.enum(FILL_STATES).optional(),
    taskId: text(64).optional(),
    name: text(INPUT_MAX.default).optional().describe('task or form name contains'),
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

/**
 * The rows a filler sends: id keeps a stored row; values by field key. The set replaces the fill's rows. A cell's
 * value is judged by its column's rules (checkRows, against the form version the fill fills); here only its shape.
 */
export const RowInputSchema = z
  .object({
    id: text(64).nullable().optional(),
    label: text(INPUT_MAX.default).nullable().optional().describe('fixed forms: the row\'s label'),
    values: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), z.null()], { error: '数据行的单元格只能是文本、数字、文本列表或空值' })),
  })
  .meta({ id: 'RowInput' });
export type RowInput = z.infer<typeof RowInputSchema>;

/** datas/updateOrInsert (save, every rule but require) and fillTasks/commit (rows optional: save and commit at once). */
export const RowsInputSchema = z
  .object({ fillTaskId: id(), rows: z.array(RowInputSchema).max(FORM_LIMITS.rows).describe('the fill\'s rows after the save') })
  .meta({ id: 'RowsInput' });
export type RowsInput = z.infer<typeof RowsInputSchema>;

export const CommitInputSchema = z
  .object({ id: id(), rows: z.array(RowInputSchema).max(FORM_LIMITS.rows).optional().describe('rows to save first') })
  .meta({ id: 'CommitInput' });
export type CommitInput = z.infer<typeof CommitInputSchema>;

/** fillTasks/rollback: the reason is required (the filler reads it). */
export const RollbackInputSchema = z
  .object({ id: id(), reason: requiredText(INPUT_MAX.audit, { multiline: true }) })
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
    fillTaskId: text(64).optional(),
    taskId: text(64).optional(),
    formId: text(64).optional(),
    departmentId: text(64).optional(),
    keyword: text(INPUT_MAX.default).optional().describe('any cell contains'),
    finishedOnly: queryBoolean().optional().describe('only audited fills'),
  })
  .meta({ id: 'DataQuery' });
export type DataQuery = z.infer<typeof DataQuerySchema>;
export const DataPageSchema = pageSchema(DataRowSchema).meta({ id: 'DataPage' });

/** POST datas/uniqueCheck: which of these values of a unique field other fills of the same task already hold. */
export const UniqueCheckInputSchema = z
  .object({ fillTaskId: id(), field: requiredText(64), values: z.array(text(INPUT_MAX.longContent, { multiline: true })).max(FORM_LIMITS.rows) })
  .meta({ id: 'UniqueCheckInput' });
export type UniqueCheckInput = z.infer<typeof UniqueCheckInputSchema>;
export const UniqueCheckResultSchema = z.object({ duplicates: z.array(z.string()) }).meta({ id: 'UniqueCheckResult' });
export type UniqueCheckResult = z.infer<typeof UniqueCheckResultSchema>;

/** POST datas/sync: rewrites a form's data-centre table from every audited fill. */
export const SyncResultSchema = z.object({ rows: z.number().int(), table: z.string() }).meta({ id: 'SyncResult' });
export type SyncResult = z.infer<typeof SyncResultSchema>;

/** POST datas/import (multipart: file, fillTaskId): rows of the fill's template; any bad row refuses them all. */
export const DataImportQuerySchema = z
  .object({ fillTaskId: text(64).optional().describe('or as the multipart field fillTaskId') })
  .meta({ id: 'DataImportQuery' });
export const DataImportResultSchema = z.object({ imported: z.number().int() }).meta({ id: 'DataImportResult' });
export type DataImportResult = z.infer<typeof DataImportResultSchema>;
