// Monitoring and warnings (spec 001 §2 warning table, drawer tabs 2–3, sampling modal; §3; §7 items 2, 11, 12),
// under /api/herm-znfx: a point's samples, the warnings its rule opened and their handling, the counts, the
// person's open warnings, the scan an administrator starts, the lookups of the point form (algorithms, a trial SQL
// query); and the subscription store under /api/herm-sjgl.
import { z } from 'zod';
import { id, optionalText, text } from './input.js';
import { WARNING_MODES, CONDITIONS, WARNING_PERIODS, WARNING_GRADES, DIAGNOSIS_TEXT_MAX, DIAGNOSIS_TEXT_MESSAGES, SQL_PARAMETER_MAX, type SQL_PARAMETERS } from './limits.js';

/**
 * A cause analysis, improvement or handling measure (yyfx, gjcs, clcs) as the server reads it: multi-line text. Whether
 * it is there and its DIAGNOSIS_TEXT_MAX characters (code points, as the editor counts them) are the server's domain
 * rule, answered 此项必填 / 最多只能输入500个字符 with the field in data; the schema bounds the text at twice that many
 * UTF-16 units, so every text within the rule passes.
 */
export function analysisText() {
  return text(DIAGNOSIS_TEXT_MAX * 2, { multiline: true, tooLong: DIAGNOSIS_TEXT_MESSAGES.tooLong }).nullable().optional();
}

// ---------------------------------------------------------------------------------------------
// the warning rule

export const WarningModeSchema = z.enum(WARNING_MODES);
export type WarningMode = z.infer<typeof WarningModeSchema>;
export const ConditionSchema = z.enum(CONDITIONS);
export type Condition = z.infer<typeof ConditionSchema>;
export const WarningPeriodSchema = z.enum(WARNING_PERIODS);
export type WarningPeriod = z.infer<typeof WarningPeriodSchema>;
export const WarningGradeSchema = z.enum(WARNING_GRADES);
export type WarningGrade = z.infer<typeof WarningGradeSchema>;

/** A point's warning rule: warn when the value (or its grade) stands in relation tj to yjz, once per yjzq. */
export const WarningRuleSchema = z
  .object({ yjlx: WarningModeSchema, tj: ConditionSchema, yjz: z.string(), yjzq: WarningPeriodSchema })
  .meta({ id: 'WarningRule' });
export type WarningRule = z.infer<typeof WarningRuleSchema>;

/** The rule as the detail drawer shows it, with its period's label (每月 …). */
export const PointWarningRuleSchema = WarningRuleSchema.extend({ yjzqmc: z.string() }).meta({ id: 'PointWarningRule' });
export type PointWarningRule = z.infer<typeof PointWarningRuleSchema>;

// ---------------------------------------------------------------------------------------------
// samples and warnings

/** One sampled value (001 §3 "Sampling record"); sj is 'YYYY-MM-DD HH:mm:ss'. */
export const SamplingRecordSchema = z
  .object({ sj: z.string(), cjz: z.string().nullable(), zlx: z.string().describe('the point\'s value type (have, whether, percent, integer, float, text)') })
  .meta({ id: 'SamplingRecord' });
export type SamplingRecord = z.infer<typeof SamplingRecordSchema>;

/** The query of the warning table (warningflow/list): the object task. */
export const WarningTaskQuerySchema = z
  .object({ objTaskId: id('缺少诊断任务').describe('the object task (gzdxid / dxrwid)') })
  .meta({ id: 'WarningTaskQuery' });

/** warningflow/history and trend: a point of the task. */
export const WarningPointQuerySchema = WarningTaskQuerySchema.extend({ zgzkdid: id('缺少质控点').describe('the quality point') }).meta({ id: 'WarningPointQuery' });

/** warningflow/counts: one task's, or (absent or empty) those of every task the person may read. */
export const WarningCountsQuerySchema = z
  .object({ objTaskId: text(64).optional().describe('the object task; all visible tasks when absent') })
  .meta({ id: 'WarningCountsQuery' });

const DATE_MESSAGE = '日期格式应为 YYYY-MM-DD';

/** GET quality/selectCollect: a point's samples in a date range (YYYY-MM-DD; the last 7 days by default). */
export const SamplingQuerySchema = z
  .object({
    zgzkdid: id('缺少质控点').describe('the quality point'),
    objTaskId: id('缺少诊断任务').describe('the object task'),
    startDate: text(10, { tooLong: DATE_MESSAGE }).optional().describe('YYYY-MM-DD, default 6 days before endDate'),
    endDate: text(10, { tooLong: DATE_MESSAGE }).optional().describe('YYYY-MM-DD, default today'),
  })
  .meta({ id: 'SamplingQuery' });
export type SamplingQuery = z.infer<typeof SamplingQuerySchema>;

/** A row of the warning table (001 §3 "Warning row"): one point of the task with its warnings. */
export const WarningRowSchema = z
  .object({
    zgzkdid: z.string(),
    zkdmc: z.string(),
    zlx: z.string(),
    yjz: z.string(),
    yyfx: z.string().nullable().describe('of the latest handled warning'),
    clcs: z.string().nullable(),
    clrmc: z.string().nullable(),
    allNum: z.number().int(),
    disposeNum: z.number().int(),
    latestId: z.string().describe('the latest warning (handled or not)'),
    open: z.boolean().describe('the latest warning waits for handling'),
  })
  .meta({ id: 'WarningRow' });
export type WarningRow = z.infer<typeof WarningRowSchema>;

/** A warning record of a point (001 §3 "Warning flow record"); handled once clsj is set. Times 'YYYY-MM-DD HH:mm:ss'. */
export const WarningRecordSchema = z
  .object({
    id: z.string(),
    yjsj: z.string(),
    yjlx: z.string().describe("the rule's mode when the warning opened (value, level)"),
    tj: z.string().describe("the rule's condition (<, <=, =, >=, >)"),
    yjz: z.string(),
    jgz: z.string().nullable(),
    zlx: z.string(),
    clsj: z.string().nullable(),
    clcs: z.string().nullable(),
    yyfx: z.string().nullable(),
    clrmc: z.string().nullable(),
  })
  .meta({ id: 'WarningRecord' });
export type WarningRecord = z.infer<typeof WarningRecordSchema>;

export const TrendPointSchema = z.object({ sj: z.string(), jgz: z.string().nullable(), yjz: z.string() }).meta({ id: 'TrendPoint' });
export type TrendPoint = z.infer<typeof TrendPointSchema>;

/** Monitored values (jgz, blue) against warning values (yjz, red), oldest first. */
export const WarningTrendSchema = z.object({ points: z.array(TrendPointSchema) }).meta({ id: 'WarningTrend' });
export type WarningTrend = z.infer<typeof WarningTrendSchema>;

export const WarningCountsSchema = z.object({ allNum: z.number().int(), disposeNum: z.number().int() }).meta({ id: 'WarningCounts' });
export type WarningCounts = z.infer<typeof WarningCountsSchema>;

/** An open warning of the person (GET warningflow/mine). */
export const MyWarningSchema = z
  .object({
    id: z.string(),
    zgzkdid: z.string(),
    objTaskId: z.string(),
    zkdmc: z.string(),
    rwmc: z.string(),
    gzdxmc: z.string(),
    objectType: z.string().describe('the object\'s level (school, department, major, course, teacher, student): the link opens its centre'),
    yjsj: z.string(),
    yjz: z.string(),
    tj: z.string(),
    jgz: z.string().nullable(),
    zlx: z.string(),
    yjlx: z.enum(['value', 'level']).describe('value: yjz and jgz are values; level: yjz is a grade and jgdj the monitored value\'s grade'),
    jgdj: z.string().nullable().describe('the grade of the monitored value under a level rule (A–D, Y/N); null under a value rule'),
  })
  .meta({ id: 'MyWarning' });
export type MyWarning = z.infer<typeof MyWarningSchema>;

/** warningflow/dispose: cause analysis and measure, each required and at most 500 characters (the server's rule). */
export const DisposalSchema = z
  .object({
    id: id('请选择预警').describe('warning flow record id'),
    yyfx: analysisText().describe('cause analysis, required, at most 500 characters'),
    clcs: analysisText().describe('handling measure, required, at most 500 characters'),
  })
  .meta({ id: 'Disposal' });
export type Disposal = z.infer<typeof DisposalSchema>;

/** The detail rows of one data source of the latest sample (quality/selectbyid detailValue). */
export const DetailGroupSchema = z
  .object({
    datasourceId: z.string().nullable(),
    cjfs: z.string(),
    xsfs: z.string(),
    rows: z.array(z.record(z.string(), z.unknown())),
  })
  .meta({ id: 'DetailGroup' });
export type DetailGroup = z.infer<typeof DetailGroupSchema>;

/** warning/scan: the scan job; warning/scanStatus?jobId answers true once it is done. */
export const ScanStartSchema = z.object({ jobId: z.string() }).meta({ id: 'ScanStart' });
export type ScanStart = z.infer<typeof ScanStartSchema>;

/** GET warning/scanStatus: the jobId warning/scan answered. */
export const ScanStatusQuerySchema = z.object({ jobId: id('缺少任务编号', 100) }).meta({ id: 'ScanStatusQuery' });

// ---------------------------------------------------------------------------------------------
// lookups of the point form

/** A value an algorithm reads from the object's task. */
export const AlgorithmInputSchema = z.object({ name: z.string(), description: z.string() }).meta({ id: 'AlgorithmInput' });
export type AlgorithmInput = z.infer<typeof AlgorithmInputSchema>;

/** A named, versioned calculation an algorithm source may name (config { algorithmId, version }). */
export const AlgorithmSchema = z
  .object({
    id: z.string(),
    version: z.number().int(),
    name: z.string(),
    description: z.string(),
    formula: z.string(),
    inputs: z.array(AlgorithmInputSchema),
  })
  .meta({ id: 'Algorithm' });
export type Algorithm = z.infer<typeof AlgorithmSchema>;

export const AlgorithmDetailSchema = z.object({ algoRithmDetails: z.array(AlgorithmSchema) }).meta({ id: 'AlgorithmDetail' });
export type AlgorithmDetail = z.infer<typeof AlgorithmDetailSchema>;

/** The Type an algorithm detail fetch names (001 §7 item 11). */
export const ALGORITHM_DETAIL_TYPE = '详情算法';

/** GET algorithm/detail: the spec's capitalised parameter names. */
export const AlgorithmDetailQuerySchema = z
  .object({
    Id: text(100, { missing: '缺少算法编号', wrongType: '缺少算法编号', tooLong: '算法编号不正确' }).min(1, { error: '缺少算法编号' }).describe('algorithm id, e.g. attachment-count'),
    Version: text(20, { missing: '缺少算法版本', wrongType: '缺少算法版本', tooLong: '算法版本不正确' }).min(1, { error: '缺少算法版本' }).describe('algorithm version, e.g. 1'),
    Type: z.enum([ALGORITHM_DETAIL_TYPE], { error: `Type 只能是 ${ALGORITHM_DETAIL_TYPE}` }),
  })
  .meta({ id: 'AlgorithmDetailQuery' });

/** A value of :dxbm, :dxmc or :zq in a trial run; its limit is the task's (SQL_PARAMETER_MAX). */
const sqlParameter = (name: keyof typeof SQL_PARAMETER_MAX, label: string) =>
  text(SQL_PARAMETER_MAX[name], { wrongType: `${label}应为文本`, tooLong: `${label}最多只能输入${SQL_PARAMETER_MAX[name]}个字符` })
    .nullable()
    .optional()
    .describe(`the value of :${name} (${label}) for this try; null when absent or empty`);

/** Values of an SQL source's :dxbm, :dxmc and :zq for a trial run (absent or empty ones run as null). */
export const SqlParameterValuesSchema = z
  .object({ dxbm: sqlParameter('dxbm', '诊断对象编码'), dxmc: sqlParameter('dxmc', '诊断对象名称'), zq: sqlParameter('zq', '诊断周期') })
  .meta({ id: 'SqlParameterValues' });
export type SqlParameterValues = z.infer<typeof SqlParameterValuesSchema>;

export type SqlParameter = keyof typeof SQL_PARAMETERS;

/** The longest SQL a trial run takes (a source's own SQL is shorter, SOURCE_LIMITS.sql). */
export const SQL_TRY_MAX = 20_000;

/** sql/query (administrators): a trial run. */
export const SqlQueryInputSchema = SqlParameterValuesSchema.extend({
  sql: text(SQL_TRY_MAX, { multiline: true, missing: 'SQL 不能为空', wrongType: 'SQL 不能为空', tooLong: `SQL 最多只能输入${SQL_TRY_MAX}个字符` }).describe(
    'one SELECT (or WITH … SELECT) over schema sjzx; runs read-only, 5 s, at most 1000 rows',
  ),
}).meta({ id: 'SqlQueryInput' });
export type SqlQueryInput = z.infer<typeof SqlQueryInputSchema>;

/** What a trial SQL query answered: at most 1,000 rows, as objects by column name. */
export const SqlQueryResultSchema = z
  .object({ columns: z.array(z.string()), rows: z.array(z.record(z.string(), z.unknown())), truncated: z.boolean() })
  .meta({ id: 'SqlQueryResult' });
export type SqlQueryResult = z.infer<typeof SqlQueryResultSchema>;

// ---------------------------------------------------------------------------------------------
// the subscription store (spec 000 §7, /api/herm-sjgl)

/** An item a person follows; times 'YYYY-MM-DD HH:mm:ss'. */
export const SubscriptionSchema = z
  .object({
    sfzid: z.string(),
    sfbb: z.string().nullable(),
    tbsj: z.string().describe('when it was followed'),
    lw: z.string().nullable(),
    sfzsj: z.string().nullable().describe('when it was last seen'),
    type: z.string(),
    sourceId: z.string(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** The most items a person may follow per type and source. */
export const MAX_SUBSCRIPTIONS = 500;

/** GET dynamicYbpDy/query and analysis/dynamicYbpDyquery: by type and source. */
export const SubscriptionQuerySchema = z.object({ type: text(40).optional(), sourceId: text(64).optional() }).meta({ id: 'SubscriptionQuery' });

/** An item of dynamicYbpDy/updateList: the followed object (required), its version, where it was followed, when last seen. */
export const SubscriptionItemInputSchema = z
  .object({
    sfzid: optionalText(64).describe('the followed object (required)'),
    sfbb: optionalText(40),
    lw: optionalText(200),
    sfzsj: optionalText(40).describe('when it was last seen (a date-time; ignored when it is none)'),
  })
  .meta({ id: 'SubscriptionItemInput' });

/** dynamicYbpDy/updateList: the person's followed items of a type and source become exactly list (an item once). */
export const SubscriptionUpdateInputSchema = z
  .object({
    type: optionalText(40).describe("kind of subscription, 'portrayal' when absent or blank"),
    sourceId: id('缺少订阅来源').describe('where the items are followed from'),
    list: z
      .array(SubscriptionItemInputSchema, { error: '订阅列表不正确' })
      .max(MAX_SUBSCRIPTIONS, { error: `最多订阅${MAX_SUBSCRIPTIONS}项` })
      .superRefine((items, ctx) => {
        const missing = items.findIndex((item) => item.sfzid === null);
        if (missing >= 0) ctx.addIssue({ code: 'custom', message: `第${missing + 1}项缺少订阅对象`, path: [missing, 'sfzid'] });
      })
      .describe('[{ sfzid, sfbb, lw, sfzsj }]'),
  })
  .meta({ id: 'SubscriptionUpdateInput' });
export type SubscriptionUpdateInput = z.infer<typeof SubscriptionUpdateInputSchema>;
