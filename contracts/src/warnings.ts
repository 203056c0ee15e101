// Monitoring and warnings (spec 001 §2 warning table, drawer tabs 2–3, sampling modal; §3; §7 items 2, 11, 12),
// under /api/herm-znfx: a point's samples, the warnings its rule opened and their handling, the counts, the
// person's open warnings, the scan an administrator starts, the lookups of the point form (algorithms, a trial SQL
// query); and the subscription store under /api/herm-sjgl.
import { z } from 'zod';
import { WARNING_MODES, CONDITIONS, WARNING_PERIODS, WARNING_GRADES, type SQL_PARAMETERS } from './limits.js';

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

/** GET quality/selectCollect: a point's samples in a date range (YYYY-MM-DD; the last 7 days by default). */
export const SamplingQuerySchema = z
  .object({ zgzkdid: z.string(), objTaskId: z.string(), startDate: z.string().optional(), endDate: z.string().optional() })
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

/** warningflow/dispose: cause analysis and measure, each required and at most 500 characters. */
export const DisposalSchema = z.object({ id: z.string(), yyfx: z.string(), clcs: z.string() }).meta({ id: 'Disposal' });
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

/** Values of an SQL source's :dxbm, :dxmc and :zq for a trial run (absent ones run as null). */
export const SqlParameterValuesSchema = z
  .object({ dxbm: z.string().optional(), dxmc: z.string().optional(), zq: z.string().optional() })
  .meta({ id: 'SqlParameterValues' });
export type SqlParameterValues = z.infer<typeof SqlParameterValuesSchema>;

export type SqlParameter = keyof typeof SQL_PARAMETERS;

/** sql/query (administrators): a trial run. */
export const SqlQueryInputSchema = SqlParameterValuesSchema.extend({ sql: z.string() }).meta({ id: 'SqlQueryInput' });
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
