// Target standards (spec 001 §3 "Target standard", "Target card", §7 "Target-standard service", §9), under
// /api/herm-znfx: the libraries as cards, their copy and sync jobs, the indicator catalogue, the quality-point
// definitions, the grants and the spreadsheet of points; and the lookups of /api/user the library form needs.
import { z } from 'zod';
import { WarningRuleSchema } from './warnings.js';
import { id, integer, numberFromText, optionalText, PAGE_QUERY, requiredText, text } from './input.js';
import {
  TARGET_LEVELS, CARD_MODES, ACCESS_TYPES, VALUE_TYPES, COLLECT_METHODS, DISPLAY_MODES, SAMPLING_PERIODS, SUBJECT_TYPES, POINT_LIMITS, POINT_COPY_MAX,
  CYCLE_VALUE_MAX, INDICATOR_NAME_MAX, LIBRARY_NAME_MAX, TREE_LEVEL_MAX,
} from './limits.js';

// ---------------------------------------------------------------------------------------------
// enums (their values and limits are in limits.ts)

export const TargetLevelSchema = z.enum(TARGET_LEVELS);
export type TargetLevel = z.infer<typeof TargetLevelSchema>;

export const CardModeSchema = z.enum(CARD_MODES);
export type CardMode = z.infer<typeof CardModeSchema>;

export const AccessSchema = z.enum(ACCESS_TYPES);
export type Access = z.infer<typeof AccessSchema>;

export const ValueTypeSchema = z.enum(VALUE_TYPES);
export type ValueType = z.infer<typeof ValueTypeSchema>;

export const CollectMethodSchema = z.enum(COLLECT_METHODS);
export type CollectMethod = z.infer<typeof CollectMethodSchema>;
export const DisplayModeSchema = z.enum(DISPLAY_MODES);
export type DisplayMode = z.infer<typeof DisplayModeSchema>;

export const SamplingPeriodSchema = z.enum(SAMPLING_PERIODS);
export type SamplingPeriod = z.infer<typeof SamplingPeriodSchema>;

export const SubjectTypeSchema = z.enum(SUBJECT_TYPES);
export type SubjectType = z.infer<typeof SubjectTypeSchema>;

// ---------------------------------------------------------------------------------------------
// libraries

/** Whether the person may create libraries (新增, 复制): administrators and roles with the 目标标准 menu with write. */
export const LibraryCreateRightsSchema = z
  .object({ createsLibraries: z.boolean() })
  .meta({ id: 'LibraryCreateRights' });
export type LibraryCreateRights = z.infer<typeof LibraryCreateRightsSchema>;

/** A library as the card list carries it (the spec's Target standard and Target card, with the card's buttons). */
export const TargetLibrarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    cycleTypeId: z.string().nullable(),
    cycleValue: z.string(),
    targetLevelId: TargetLevelSchema,
    dimensionId: z.string().nullable(),
    dimensionName: z.string().nullable(),
    creator: z.string(),
    creatorName: z.string().nullable(),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    createdTime: z.string().describe('yyyy-MM-dd'),
    treeLevel: z.number().int(),
    targetType: z.string(),
    parentId: z.string().nullable(),
    parentName: z.string().nullable(),
    child: z.boolean().describe('it has children'),
    childCount: z.number().int(),
    pointCount: z.number().int(),
    canEdit: z.boolean().describe('the creator (or an administrator): edit and delete'),
    access: AccessSchema,
    rights: z
      .object({
        read: z.boolean(),
        write: z.boolean().describe('catalogue, points, sync into children, inherit'),
        addChild: z.boolean().describe('may be chosen as the parent (父库) of a new or edited library'),
        grant: z.boolean().describe('list and change its grants'),
        manage: z.boolean().describe('edit, delete, recover, purge'),
      })
      .describe("the person's rights on the library (the server's LIBRARY_RIGHTS_OF): the card's buttons read them"),
    deleteTime: z.string().nullable(),
  })
  .meta({ id: 'TargetLibrary' });
export type TargetLibrary = z.infer<typeof TargetLibrarySchema>;

/** GET target/list: the cards of a mode, paged; child mode needs parentId. */
export const TargetQuerySchema = z
  .object({
    pageNum: z.number().int().optional(),
    pageSize: z.number().int().optional(),
    mode: CardModeSchema.optional(),
    parentId: z.string().optional(),
    targetLevelId: z.string().optional(),
    cycleValue: z.string().optional(),
    name: z.string().optional().describe('name contains'),
  })
  .meta({ id: 'TargetQuery' });
export type TargetQuery = z.infer<typeof TargetQuerySchema>;

/** How the server reads GET target/list (TargetQuery's fields, with the paging defaults and the limits). */
export const LibraryListQuerySchema = z
  .object({
    ...PAGE_QUERY,
    mode: z
      .enum(CARD_MODES, { error: 'mode 只能是 normal、parent、child 或 recycle' })
      .optional()
      .describe("normal: live libraries the person may read; parent: those with children; child: children of parentId; recycle: the person's deleted ones (administrators: all)"),
    parentId: text(64).optional().describe('the parent library (required with mode child)'),
    targetLevelId: text(20).optional(),
    cycleValue: text(CYCLE_VALUE_MAX).optional(),
    name: text(LIBRARY_NAME_MAX).optional().describe('name contains'),
  })
  .meta({ id: 'LibraryListQuery' });

/** A library named by its id: target/detail (query), delete, recover and purge (body). */
export const LibraryRefSchema = z.object({ id: id('缺少目标标准') }).meta({ id: 'LibraryRef' });

/** target/add (and, with id, target/update): the person becomes the creator. */
export const TargetInputSchema = z
  .object({
    name: z.string(),
    cycleValue: z.string(),
    targetLevelId: z.string(),
    dimensionId: z.string().nullable().optional(),
    cycleTypeId: z.string().nullable().optional(),
    treeLevel: z.number().int().optional().describe('1–10, 3 when left out'),
    parentId: z.string().nullable().optional().describe('the parent library this one inherits from (null: none)'),
  })
  .meta({ id: 'TargetInput' });
export type TargetInput = z.infer<typeof TargetInputSchema>;

const TREE_LEVEL_MESSAGE = `指标层级只能是1到${TREE_LEVEL_MAX}`;
/**
 * How the server reads target/add: TargetInput with its rules (the level one of TARGET_LEVELS, treeLevel 1–10, a form
 * may send it as text); the dimension, cycle type and parent library are checked against their tables by the server.
 */
export const LibraryAddInputSchema = z
  .object({
    name: requiredText(LIBRARY_NAME_MAX, { missing: '请输入名称' }),
    cycleValue: requiredText(CYCLE_VALUE_MAX, { missing: '请选择周期' }).describe('the cycle, e.g. 2026'),
    cycleTypeId: optionalText(64).optional().describe('cycle type id (c-year …)'),
    targetLevelId: z.enum(TARGET_LEVELS, { error: '目标层级只能是 school、major、course、teacher 或 student' }),
    dimensionId: optionalText(64).optional().describe('dimension id (dim-zlsc …)'),
    treeLevel: numberFromText(z.int({ error: TREE_LEVEL_MESSAGE }).min(1, { error: TREE_LEVEL_MESSAGE }).max(TREE_LEVEL_MAX, { error: TREE_LEVEL_MESSAGE }))
      .optional()
      .describe('how many indicator levels, 1–10; 3 when left out'),
    parentId: optionalText(64).optional().describe('the parent library this one inherits from (null: none)'),
  })
  .meta({ id: 'LibraryAddInput' });
export type LibraryAddInput = z.infer<typeof LibraryAddInputSchema>;

/** target/update: the fields sent change, those left out stay; null or blank clears an optional one. */
export const LibraryUpdateInputSchema = LibraryAddInputSchema.partial()
  .extend({ id: id('缺少目标标准') })
  .meta({ id: 'LibraryUpdateInput' });
export type LibraryUpdateInput = z.infer<typeof LibraryUpdateInputSchema>;

/** target/copy: a copy of a library the person may read, under a new name (and cycle). */
export const TargetCopyInputSchema = z
  .object({
    id: id('缺少目标标准'),
    name: requiredText(LIBRARY_NAME_MAX, { missing: '请输入名称' }).describe("the copy's name"),
    cycleValue: optionalText(CYCLE_VALUE_MAX).optional().describe("the copy's cycle (default: the source's)"),
  })
  .meta({ id: 'TargetCopyInput' });
export type TargetCopyInput = z.infer<typeof TargetCopyInputSchema>;

/** quality/sync: a parent's catalogue and points into its children (childId: one child inherits). */
export const SyncInputSchema = z
  .object({
    parentId: id('缺少上级目标标准').describe('the parent library'),
    childId: optionalText(64).optional().describe('only this child ("inherit from parent" on a child card)'),
  })
  .meta({ id: 'SyncInput' });
export type SyncInput = z.infer<typeof SyncInputSchema>;

/** A started copy or sync job; target/checkStatus answers for its taskId. */
export const JobStartSchema = z
  .object({
    taskId: z.string(),
    libraryId: z.string().optional().describe("the copy's library (copy only)"),
  })
  .meta({ id: 'JobStart' });
export type JobStart = z.infer<typeof JobStartSchema>;

/** target/checkStatus and quality/taskResult: the taskId that copy, sync or quality/copy answered. */
export const LibraryTaskQuerySchema = z.object({ taskId: id('缺少任务编号', 300) }).meta({ id: 'LibraryTaskQuery' });

/**
 * quality/taskResult (the documents' "async task result"): how far a copy, a sync or a copy of points is. The
 * documents' poll, target/checkStatus, still answers true once done; this call adds the progress and the reason.
 */
export const TaskProgressSchema = z
  .object({
    taskId: z.string(),
    state: z.enum(['waiting', 'running', 'done', 'failed']),
    done: z.number().int().describe('units done: stages of a copy, children of a sync'),
    total: z.number().int().describe('units in all (0 while waiting)'),
    step: z.string().describe('the step it is at: 排队中, 复制指标, 复制质控点, 复制数据源, 同步质控点, 完成, 失败 …'),
    reason: z.string().nullable().describe('why it failed, in Chinese (null unless failed)'),
    libraryId: z.string().nullable().describe("a library copy's new library"),
    renamed: z
      .array(z.object({ from: z.string(), to: z.string() }))
      .describe('a copy of points: codes the target library held already, and the new codes they took'),
  })
  .meta({ id: 'TaskProgress' });
export type TaskProgress = z.infer<typeof TaskProgressSchema>;

/** quality/copy: chosen points of one library into an indicator of another the person may write. */
const POINT_ID = '质控点编号不正确';
export const PointCopyInputSchema = z
  .object({
    sourceLibraryId: id('请选择来源目标标准').describe('the library the points come from'),
    pointIds: z
      .array(requiredText(64, { missing: POINT_ID, wrongType: POINT_ID, tooLong: POINT_ID }), { error: '请选择质控点' })
      .min(1, { error: '请选择质控点' })
      .max(POINT_COPY_MAX, { error: `一次最多复制${POINT_COPY_MAX}个质控点` })
      .describe(`points of the source library, 1 to ${POINT_COPY_MAX}`),
    indicatorId: id('请选择目标指标').describe('an indicator of the target library'),
  })
  .meta({ id: 'PointCopyInput' });
export type PointCopyInput = z.infer<typeof PointCopyInputSchema>;

// ---------------------------------------------------------------------------------------------
// catalogue

/** A node of the indicator catalogue; name is the display name (人才培养 reads 计分卡). */
export const IndicatorNodeSchema = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    storedName: z.string(),
    level: z.number().int(),
    levelTitle: z.string().describe('一级指标 … 十级指标'),
    sortOrder: z.number(),
    originId: z.string().nullable(),
    pointCount: z.number().int(),
    get children() {
      return z.array(IndicatorNodeSchema);
    },
  })
  .meta({ id: 'IndicatorNode' });
export type IndicatorNode = z.infer<typeof IndicatorNodeSchema>;

export const CatalogSchema = z.object({ treeLevel: z.number().int(), nodes: z.array(IndicatorNodeSchema) }).meta({ id: 'Catalog' });
export type Catalog = z.infer<typeof CatalogSchema>;

/** What catalog/delete refuses with (409) unless cascade. */
export const CatalogInUseSchema = z.object({ children: z.number().int(), points: z.number().int() }).meta({ id: 'CatalogInUse' });
export type CatalogInUse = z.infer<typeof CatalogInUseSchema>;

/** catalog/add and catalog/update: the indicator and the level it sits on. */
export const IndicatorSavedSchema = z.object({ id: z.string(), level: z.number().int() }).meta({ id: 'IndicatorSaved' });
export type IndicatorSaved = z.infer<typeof IndicatorSavedSchema>;

/** An indicator's name: the messages name it 指标名称 (the field is name). */
const indicatorName = requiredText(INDICATOR_NAME_MAX, {
  missing: '请输入指标名称',
  wrongType: '指标名称必须是文本',
  tooLong: `指标名称最多${INDICATOR_NAME_MAX}个字符`,
});

/** catalog/add: a first-level indicator without parentId. */
export const IndicatorInputSchema = z
  .object({
    libraryId: id('缺少目标标准'),
    name: indicatorName,
    parentId: optionalText(64).optional().describe('the parent indicator; none for a first-level one'),
    sortOrder: integer().optional().describe('position among siblings (default: last)'),
  })
  .meta({ id: 'IndicatorInput' });
export type IndicatorInput = z.infer<typeof IndicatorInputSchema>;

/** catalog/update: parentId null moves to the first level; absent keeps it. */
export const IndicatorUpdateSchema = z
  .object({
    id: id('缺少指标'),
    name: indicatorName.optional().describe('new name'),
    parentId: optionalText(64).optional().describe('move under this indicator; null moves it to the first level; absent keeps it'),
    sortOrder: integer().optional(),
  })
  .meta({ id: 'IndicatorUpdate' });
export type IndicatorUpdate = z.infer<typeof IndicatorUpdateSchema>;

/** catalog/delete: one with lower indicators or points only with cascade. */
export const IndicatorDeleteSchema = z
  .object({ id: id('缺少指标'), cascade: z.boolean().optional().describe('also delete its lower indicators and points (default false)') })
  .meta({ id: 'IndicatorDelete' });

// ---------------------------------------------------------------------------------------------
// quality-point definitions

/** How a numeric result is graded against its target: more or less is better; b and c are shares of the target. */
export const CalRuleSchema = z
  .object({ direction: z.enum(['higher', 'lower']), b: z.number(), c: z.number() })
  .meta({ id: 'CalRule' });
export type CalRule = z.infer<typeof CalRuleSchema>;

/**
 * How a data source is read, by its collection method: sql { sql }; interface { url, valuePath, rowsPath?,
 * timeoutMs? }; algorithm { algorithmId, version }; report none.
 */
export const DatasourceConfigSchema = z
  .looseObject({
    sql: z.string().optional(),
    url: z.string().optional(),
    valuePath: z.string().optional(),
    rowsPath: z.string().optional(),
    timeoutMs: z.number().int().optional(),
    algorithmId: z.string().optional(),
    version: z.union([z.number(), z.string()]).optional(),
  })
  .meta({ id: 'DatasourceConfig' });
export type DatasourceConfig = z.infer<typeof DatasourceConfigSchema>;

/** A data source of a point definition. */
export const DatasourceDefSchema = z
  .object({
    id: z.string(),
    sjlx: ValueTypeSchema,
    jsgz: z.string().nullable(),
    cjfs: CollectMethodSchema,
    xsfs: DisplayModeSchema,
    config: DatasourceConfigSchema.nullable(),
  })
  .meta({ id: 'DatasourceDef' });
export type DatasourceDef = z.infer<typeof DatasourceDefSchema>;

/** A value people typed: JSON may carry it as a number (90), kept as the text. */
const typed = (max: number) => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text(max));

/** A data source as sent: the server checks the values (and answers which is wrong). */
export const DatasourceInputSchema = z
  .object({
    sjlx: text(20).optional().describe("the point's zlx when left out"),
    jsgz: text(POINT_LIMITS.jsgz, { multiline: true }).nullable().optional(),
    cjfs: text(20).optional().describe('report when left out'),
    xsfs: text(20).optional().describe('table when left out'),
    config: DatasourceConfigSchema.nullable().optional(),
  })
  .meta({ id: 'DatasourceInput' });
export type DatasourceInput = z.infer<typeof DatasourceInputSchema>;

/** A quality-point definition of a library's indicator. */
export const PointDefinitionSchema = z
  .object({
    id: z.string(),
    libraryId: z.string(),
    indicatorId: z.string().nullable(),
    zkdid: z.string().describe('the code, unique in the library'),
    zkdmc: z.string(),
    nh: z.string().nullable(),
    zdbz: z.string().nullable(),
    bzz: z.string().nullable(),
    mbz: z.string().nullable(),
    zlx: ValueTypeSchema,
    fsdl: z.number().int(),
    fsjzxz: z.number().int().describe('1: revised targets and results may be entered'),
    ration: z.string().nullable(),
    calRule: CalRuleSchema.nullable(),
    samplingPeriod: SamplingPeriodSchema,
    warningRule: WarningRuleSchema.nullable().describe('null: the point raises no warnings'),
    sortOrder: z.number(),
    originId: z.string().nullable(),
    datasources: z.array(DatasourceDefSchema),
  })
  .meta({ id: 'PointDefinition' });
export type PointDefinition = z.infer<typeof PointDefinitionSchema>;

/** The fields of quality/definitions/add and update; datasources, when sent, replace the old ones as a whole. */
export const PointInputSchema = z
  .object({
    zkdmc: requiredText(POINT_LIMITS.zkdmc, { missing: '请输入质控点名称' }),
    zkdid: typed(POINT_LIMITS.code).nullable().optional().describe('generated (XX-001 …) when empty'),
    nh: text(POINT_LIMITS.nh, { multiline: true }).nullable().optional(),
    zdbz: text(POINT_LIMITS.zdbz, { multiline: true }).nullable().optional(),
    bzz: typed(POINT_LIMITS.value).nullable().optional(),
    mbz: typed(POINT_LIMITS.value).nullable().optional(),
    zlx: ValueTypeSchema,
    fsdl: z.number().int().optional(),
    fsjzxz: z.number().int().optional(),
    ration: typed(POINT_LIMITS.ration).nullable().optional(),
    calRule: CalRuleSchema.nullable().optional(),
    samplingPeriod: SamplingPeriodSchema.optional(),
    warningRule: WarningRuleSchema.nullable().optional(),
    sortOrder: z.number().int().optional(),
    datasources: z.array(DatasourceInputSchema).optional(),
  })
  .meta({ id: 'PointInput' });
export type PointInput = z.infer<typeof PointInputSchema>;

/**
 * How the server reads quality/definitions/add and update: PointInput's types and texts, while the value type, the
 * rules, data sources and configs are the domain's to judge (the spreadsheet import shares those checks and messages).
 */
const judged = z.record(z.string(), z.unknown(), { error: '{label}不正确' });
const pointFields = {
  ...PointInputSchema.shape,
  zlx: text(20).optional().describe(`one of ${VALUE_TYPES.join(', ')}`),
  calRule: judged.nullable().optional(),
  warningRule: judged.nullable().optional(),
  datasources: z.array(DatasourceInputSchema.extend({ config: judged.nullable().optional() })).optional(),
};
export const PointAddInputSchema = z
  .object({ libraryId: id('缺少目标标准'), indicatorId: id('请选择所属指标'), ...pointFields })
  .meta({ id: 'PointAddInput' });
export const PointRefSchema = z.object({ id: id('缺少质控点') }).meta({ id: 'PointRef' });

/** A library named in a query (quality/export, quality/import …). */
export const LibraryRefQuerySchema = z.object({ libraryId: id('缺少目标标准') }).meta({ id: 'LibraryRefQuery' });
/** GET quality/definitions: a library's points, or an indicator's and those below it. */
export const DefinitionsQuerySchema = LibraryRefQuerySchema.extend({
  indicatorId: text(64).optional().describe('only the points of this indicator and those below it'),
}).meta({ id: 'DefinitionsQuery' });
/** GET quality/template: the library whose tree level sets the level columns (3 without). */
export const TemplateQuerySchema = z.object({ libraryId: text(64).optional() }).meta({ id: 'TemplateQuery' });

export const PointUpdateInputSchema = z
  .object({
    id: id('缺少质控点'),
    indicatorId: text(64).optional().describe('move to this indicator of the same library'),
    ...z.object(pointFields).partial().shape,
  })
  .meta({ id: 'PointUpdateInput' });

// ---------------------------------------------------------------------------------------------
// grants

/** A grant on a library: write or read, to a role group or a person. */
export const GrantSchema = z
  .object({
    id: z.string(),
    libraryId: z.string(),
    subjectType: SubjectTypeSchema,
    subjectId: z.string(),
    subjectName: z.string().nullable(),
    authorityType: AccessSchema,
    createTime: z.string(),
  })
  .meta({ id: 'Grant' });
export type Grant = z.infer<typeof GrantSchema>;

const SUBJECT_TYPE_MESSAGE = 'subjectType 只能是 role 或 user';
const AUTHORITY_TYPE_MESSAGE = 'authorityType 只能是 write 或 read';
export const GrantInputSchema = z
  .object({
    libraryId: id('缺少目标标准'),
    subjectType: z.enum(SUBJECT_TYPES, { error: SUBJECT_TYPE_MESSAGE }),
    subjectId: id('请选择角色或用户').describe('role id (r-leader …) or user id'),
    authorityType: z.enum(ACCESS_TYPES, { error: AUTHORITY_TYPE_MESSAGE }),
  })
  .meta({ id: 'GrantInput' });
export type GrantInput = z.infer<typeof GrantInputSchema>;

/** authority/update: a grant between write and read. */
export const GrantUpdateSchema = z
  .object({ id: id('缺少权限'), authorityType: z.enum(ACCESS_TYPES, { error: AUTHORITY_TYPE_MESSAGE }) })
  .meta({ id: 'GrantUpdate' });

/** authority/delete */
export const GrantRefSchema = z.object({ id: id('缺少权限') }).meta({ id: 'GrantRef' });

// ---------------------------------------------------------------------------------------------
// the spreadsheet of points

/** quality/import: what was imported. */
export const ImportResultSchema = z.object({ indicators: z.number().int(), points: z.number().int() }).meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** A row the import refused (the refusal's data is a list of them). */
export const ImportProblemSchema = z.object({ row: z.number().int(), reason: z.string() }).meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

// ---------------------------------------------------------------------------------------------
// lookups of /api/user the library form reads

export const CycleTypeSchema = z.object({ id: z.string(), lxmc: z.string() }).meta({ id: 'CycleType' });
export type CycleType = z.infer<typeof CycleTypeSchema>;

export const CycleValueSchema = z
  .object({ cycleId: z.string(), cycleNumber: z.string(), defaultsStatus: z.number().int() })
  .meta({ id: 'CycleValue' });
export type CycleValue = z.infer<typeof CycleValueSchema>;

export const DimensionSchema = z
  .object({ pk_Dimension_Id: z.string(), dimension_Name: z.string(), display_Name: z.string() })
  .meta({ id: 'Dimension' });
export type Dimension = z.infer<typeof DimensionSchema>;
