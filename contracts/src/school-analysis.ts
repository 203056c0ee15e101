// School analysis (智能分析, issue 16; 000 §2–§7, §9): schools and their national indicator values, a person's
// school screening settings and history, rival analysis (trend, rank, average, two schools), indicator data,
// operation monitoring, portraits (cards, menus, screens with permissions keyed by cm), the data screen and the
// personal dashboards. Base /api/herm-znfx. The indicator catalogue and school catalogues are in school-indicators.ts.
// Requests are read through the *Query / *Input / *Ref schemas (the backend's @ZodBody and @ZodQuery); the bounds of
// a selection, the catalogues and what exists are the services' to judge, with SCHOOL_ANALYSIS_MESSAGES.
import { z } from 'zod';
import { round2 } from './format.js';
import { pageSchema } from './common.js';
import { id, integer, optionalText, queryInt, requiredText, text } from './input.js';
import { PORTRAYAL_CM_PATTERN, PORTRAYAL_LIMITS } from './limits.js';
import { CENTRE_LEVELS } from './development-centres.js';
import { NamedValueSchema } from './reports.js';
import { SCHOOL_SELECTION } from './school-indicators.js';

/** Messages of this area (the spec names none beyond the selection hint; these follow its tone). */
export const SCHOOL_ANALYSIS_MESSAGES = {
  selectionBounds: `查询单位时，至少选择${SCHOOL_SELECTION.min}所、最多选择${SCHOOL_SELECTION.max}所学校`,
  unknownSchool: '学校不存在',
  unknownIndicator: '指标不存在',
  yearRange: '开始年份不能晚于结束年份',
  rankRange: '排名范围不正确',
  twoSchools: '请选择两所学校进行对比',
  noOwnSchool: '尚未设置本校',
  portrayalNotFound: '画像不存在',
  portrayalHasChildren: '请先删除下级画像',
  cmTaken: '权限标识已存在',
  importRefused: '导入失败，请按提示修改后重新导入',
  dashboardTooMany: '仪表盘最多放置12张卡片',
  cmInvalid: '权限标识只能包含字母、数字和下划线',
} as const;

/** The footer hint of the school-selection modal (000 §2). */
export function selectionHint(min: number = SCHOOL_SELECTION.min, max: number = SCHOOL_SELECTION.max): string {
  return `查询单位时，至少选择${min}所、最多选择${max}所学校`;
}

/** A school's code (school.code). */
const schoolCode = () => requiredText(20);
/**
 * A school code list in a query: comma-joined codes (blanks between commas dropped). Its bounds (SCHOOL_SELECTION,
 * repeats removed) are the service's, with selectionBounds; the text is bounded well above them.
 */
const codeList = () =>
  text(1000)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    // (the message given: the field's template would look for the code in the text sent, not in the list read)
    .pipe(z.array(requiredText(20, { tooLong: '{label}最多20个字符' })))
    .describe('comma-joined school codes');
/** A year of the national data, in a query or a body (a number, or its text). */
const year = () => queryInt({ min: 1990, max: 2100 });
/** The catalogue lists a screening may hold (SCHOOL_LEVELS, SCHOOL_NATURES, SCHOOL_PROVINCES, with room). */
const SETTINGS_MAX = { schoolLevel: 20, schoolNature: 10, schoolProvince: 40 } as const;

// ---------------------------------------------------------------------------------------------
// Schools and the person's screening (schoolScreen/*)

export const DOUBLE_HIGH_KINDS = ['school', 'major'] as const;
export const DOUBLE_HIGH_KIND_LABELS: Record<(typeof DOUBLE_HIGH_KINDS)[number], string> = { school: '高水平学校', major: '高水平专业群' };

export const SchoolSchema = z
  .object({
    schoolCode: z.string(),
    schoolName: z.string(),
    schoolProvince: z.string(),
    schoolNature: z.string(),
    schoolLevel: z.string(),
    /** 双高 kind, or null when the school is not on the list */
    doubleHigh: z.enum(DOUBLE_HIGH_KINDS).nullable(),
    doubleHighGrade: z.string().nullable().describe('A–C'),
    doubleHighYear: z.number().int().nullable(),
    /** true for the platform's own school */
    own: z.boolean(),
    /** true for rows of the generated demo set (never a real school) */
    generated: z.boolean(),
    selected: z.boolean().describe('in the person\'s current selection'),
  })
  .meta({ id: 'School' });
export type School = z.infer<typeof SchoolSchema>;

export const OptionItemSchema = z.object({ value: z.string(), text: z.string() }).meta({ id: 'OptionItem' });
export type OptionItem = z.infer<typeof OptionItemSchema>;

/** GET schoolScreen/queryAllList: the option lists and catalogues the screens need. */
export const SchoolOptionsSchema = z
  .object({
    schoolLevel: z.array(OptionItemSchema),
    schoolNature: z.array(OptionItemSchema),
    schoolProvince: z.array(OptionItemSchema),
    indicators: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        unit: z.string(),
        category: z.string(),
        categoryLabel: z.string().describe('000 §9 display rename'),
        higherIsBetter: z.boolean(),
        decimals: z.number().int(),
      }),
    ),
    /** years that hold indicator values, ascending */
    years: z.array(z.number().int()),
    selection: z.object({ min: z.number().int(), max: z.number().int() }),
    ownSchool: SchoolSchema.nullable(),
    /** true when the loaded set is the generated demo set */
    generated: z.boolean(),
  })
  .meta({ id: 'SchoolOptions' });
export type SchoolOptions = z.infer<typeof SchoolOptionsSchema>;

/** GET schoolScreen/querySchoolList: every school matching (the virtual list holds them all, ~1,500 rows). */
export const SchoolListQuerySchema = z
  .object({
    keyword: text(60).trim().optional().describe('part of the name or code'),
    schoolProvince: text(20).trim().optional(),
    schoolLevel: text(400).optional().describe('comma-joined levels; empty: all; absent: the saved settings'),
    schoolNature: text(100).optional().describe('comma-joined natures; empty: all; absent: the saved settings'),
    doubleHigh: z.enum(['school', 'major', 'any']).optional(),
    useSettings: z.enum(['true', 'false']).optional().describe("'false' ignores the saved settings"),
  })
  .meta({ id: 'SchoolListQuery' });
export type SchoolListQuery = z.infer<typeof SchoolListQuerySchema>;

/** The settings dialog: levels, natures and provinces to screen by (empty list = all). */
export const SchoolScreenSettingsSchema = z
  .object({
    schoolLevel: z.array(z.string().max(20)).max(SETTINGS_MAX.schoolLevel),
    schoolNature: z.array(z.string().max(20)).max(SETTINGS_MAX.schoolNature),
    schoolProvince: z.array(z.string().max(20)).max(SETTINGS_MAX.schoolProvince),
  })
  .meta({ id: 'SchoolScreenSettings' });
export type SchoolScreenSettings = z.infer<typeof SchoolScreenSettingsSchema>;

/**
 * POST schoolScreen/updateSchoolScreen: the settings (values of the catalogues, the service checks which), and
 * optionally the selection (bounded by SCHOOL_SELECTION).
 */
export const SchoolScreenUpdateSchema = z
  .object({
    schoolLevel: z.array(text(20)).max(SETTINGS_MAX.schoolLevel).optional(),
    schoolNature: z.array(text(20)).max(SETTINGS_MAX.schoolNature).optional(),
    schoolProvince: z.array(text(20)).max(SETTINGS_MAX.schoolProvince).optional(),
    schoolCodes: z.array(schoolCode()).optional().describe('the selection, 2–10 known codes'),
  })
  .meta({ id: 'SchoolScreenUpdate' });
export type SchoolScreenUpdate = z.infer<typeof SchoolScreenUpdateSchema>;

/** GET schoolScreen/querySchoolScreen: the person's settings and current selection (the own school first when set). */
export const SchoolScreenSchema = SchoolScreenSettingsSchema.extend({
  schools: z.array(SchoolSchema).describe('the selected schools in the order chosen'),
}).meta({ id: 'SchoolScreen' });
export type SchoolScreen = z.infer<typeof SchoolScreenSchema>;

/** POST schoolScreen/saveSchoolHistory: a selection to remember (the common-queries column). */
export const SchoolHistoryInputSchema = z
  .object({ schoolCodes: z.array(schoolCode()).describe('2–10 known codes') })
  .meta({ id: 'SchoolHistoryInput' });
export type SchoolHistoryInput = z.infer<typeof SchoolHistoryInputSchema>;

export const SchoolHistorySchema = z
  .object({ id: z.string(), savedAt: z.string(), schools: z.array(SchoolSchema) })
  .meta({ id: 'SchoolHistory' });
export type SchoolHistory = z.infer<typeof SchoolHistorySchema>;

// ---------------------------------------------------------------------------------------------
// Rival analysis (rivalAnalysis/*)

/** POST rivalAnalysis/querySchoolRival: the schools' values of indicators in a year (the overview table). */
export const RivalQuerySchema = z
  .object({
    schoolCodes: z.array(schoolCode()).describe('2–10 known codes'),
    indicators: z.array(text(40)).max(30).optional().describe('indicator codes; absent: all'),
    year: year().optional().describe('absent: the newest year'),
  })
  .meta({ id: 'RivalQuery' });
export type RivalQuery = z.infer<typeof RivalQuerySchema>;

export const RivalTableSchema = z
  .object({
    year: z.number().int(),
    indicators: z.array(z.string()),
    rows: z.array(
      z.object({
        schoolCode: z.string(),
        schoolName: z.string(),
        own: z.boolean(),
        values: z.record(z.string(), z.number().nullable()),
        /** place among the rows per indicator (1 the best) */
        ranks: z.record(z.string(), z.number().int().nullable()),
      }),
    ),
  })
  .meta({ id: 'RivalTable' });
export type RivalTable = z.infer<typeof RivalTableSchema>;

/** GET queryTrendAnalysis / queryRankAnalysis / queryAVGAnalysis: one indicator, a year range, the schools. */
export const AnalysisQuerySchema = z
  .object({
    indicator: requiredText(40).describe('indicator code'),
    schoolCodes: codeList(),
    startYear: year().optional(),
    endYear: year().optional().describe('absent with a start: the start year'),
    /** rank range (view type 6): keep schools whose place in the end year is within [rankStart, rankEnd] */
    rankStart: queryInt({ min: 1, max: 100_000 }).optional(),
    rankEnd: queryInt({ min: 1, max: 100_000 }).optional(),
  })
  .meta({ id: 'AnalysisQuery' });
export type AnalysisQuery = z.infer<typeof AnalysisQuerySchema>;

const SeriesSchema = z.object({
  schoolCode: z.string(),
  schoolName: z.string(),
  own: z.boolean(),
  /** one per year of `years`, null where the school has no value */
  values: z.array(z.number().nullable()),
});

export const TrendAnalysisSchema = z
  .object({ indicator: z.string(), years: z.array(z.number().int()), series: z.array(SeriesSchema) })
  .meta({ id: 'TrendAnalysis' });
export type TrendAnalysis = z.infer<typeof TrendAnalysisSchema>;

/** Places among the selected schools (competition ranking by the indicator's direction), per year. */
export const RankAnalysisSchema = z
  .object({
    indicator: z.string(),
    years: z.array(z.number().int()),
    series: z.array(SeriesSchema.extend({ ranks: z.array(z.number().int().nullable()) })),
    /** schools ranked in each year */
    totals: z.array(z.number().int()),
  })
  .meta({ id: 'RankAnalysis' });
export type RankAnalysis = z.infer<typeof RankAnalysisSchema>;

/** The group's mean per year (two decimals) against the own school's value (or the first school's without one). */
export const AvgAnalysisSchema = z
  .object({
    indicator: z.string(),
    years: z.array(z.number().int()),
    averages: z.array(z.number().nullable()),
    school: SeriesSchema.nullable(),
    /** the school's value minus the average, per year */
    differences: z.array(z.number().nullable()),
  })
  .meta({ id: 'AvgAnalysis' });
export type AvgAnalysis = z.infer<typeof AvgAnalysisSchema>;

/** GET queryDoubleSchool: two schools side by side on every indicator in a year. */
export const DoubleSchoolQuerySchema = z
  .object({ schoolCodes: codeList().describe('comma-joined, exactly two codes'), year: year().optional() })
  .meta({ id: 'DoubleSchoolQuery' });
export type DoubleSchoolQuery = z.infer<typeof DoubleSchoolQuerySchema>;

export const DoubleSchoolSchema = z
  .object({
    year: z.number().int(),
    schools: z.array(SchoolSchema).length(2),
    rows: z.array(
      z.object({
        indicator: z.string(),
        name: z.string(),
        unit: z.string(),
        category: z.string(),
        values: z.array(z.number().nullable()).length(2),
        /** 0 or 1: the better school's index; null on a tie or a missing value */
        better: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'DoubleSchool' });
export type DoubleSchool = z.infer<typeof DoubleSchoolSchema>;

// ---------------------------------------------------------------------------------------------
// Indicator data, double-high

/** POST indicatorDataShow: one year's values of indicators for the schools (default: the selection or own school). */
export const IndicatorDataQuerySchema = z
  .object({
    year: year(),
    indicators: z.array(text(40)).max(30).optional(),
    category: text(20).optional().describe('a category or its display label'),
    schoolCodes: z.array(schoolCode()).max(50).optional().describe("absent: the person's selection"),
  })
  .meta({ id: 'IndicatorDataQuery' });
export type IndicatorDataQuery = z.infer<typeof IndicatorDataQuerySchema>;

export const IndicatorDataSchema = z
  .object({
    year: z.number().int(),
    schools: z.array(SchoolSchema),
    rows: z.array(
      z.object({
        indicator: z.string(),
        name: z.string(),
        unit: z.string(),
        category: z.string(),
        categoryLabel: z.string(),
        values: z.array(z.number().nullable()).describe('one per school'),
        /** the median of every school with a value that year */
        nationalMedian: z.number().nullable(),
        previous: z.array(z.number().nullable()).describe('the year before, one per school'),
      }),
    ),
  })
  .meta({ id: 'IndicatorData' });
export type IndicatorData = z.infer<typeof IndicatorDataSchema>;

/** GET doubleHigh/getHighSchoolCode (query year, kind): the 双高 list. */
export const DoubleHighQuerySchema = z
  .object({ year: year().optional(), kind: z.enum(DOUBLE_HIGH_KINDS).optional() })
  .meta({ id: 'DoubleHighQuery' });

// ---------------------------------------------------------------------------------------------
// Import of national data (Excel or CSV, the same shape as the generated set)

/** One refused line of an import: its line number in the file and why. */
export const SchoolImportProblemSchema = z.object({ row: z.number().int(), reason: z.string() }).meta({ id: 'SchoolImportProblem' });
export const SchoolImportResultSchema = z
  .object({ schools: z.number().int(), values: z.number().int(), problems: z.array(SchoolImportProblemSchema) })
  .meta({ id: 'SchoolImportResult' });
export type SchoolImportResult = z.infer<typeof SchoolImportResultSchema>;

/** The columns of the import sheet: school columns, then one per indicator code; one line per school and year. */
export const SCHOOL_IMPORT_COLUMNS = ['学校代码', '学校名称', '省份', '办学性质', '办学层次', '年份'] as const;

/** POST schools/own: the platform's own school. */
export const OwnSchoolInputSchema = z.object({ schoolCode: schoolCode() }).meta({ id: 'OwnSchoolInput' });

// ---------------------------------------------------------------------------------------------
// Operation monitoring and the data screen (the platform's own live figures)

/**
 * Progress of a value against its target (000 §9): value/target*100 capped 0–100 with 2 decimals, as text; '0' when
 * either is zero or missing (text that is not a finite number counts as missing). The one copy of the rule: the
 * frontend's formatters re-export it, the monitoring figures and card data use it.
 */
export function progressValue(value: number | string | null | undefined, target: number | string | null | undefined): string {
  const amount = (x: number | string | null | undefined): number | null => {
    if (x === null || x === undefined || (typeof x === 'string' && x.trim() === '')) return null;
    const n = typeof x === 'number' ? x : Number(x);
    return Number.isFinite(n) ? n : null;
  };
  const v = amount(value);
  const t = amount(target);
  if (!v || !t) return '0';
  const share = Math.min(100, Math.max(0, (v / t) * 100));
  return round2(share).toFixed(2);
}

export const MonitoringFigureSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    value: z.number(),
    target: z.number(),
    /** value/target*100 capped 0–100 with 2 decimals, '0' when either is zero or missing (000 §9) */
    progress: z.string(),
  })
  .meta({ id: 'MonitoringFigure' });
export type MonitoringFigure = z.infer<typeof MonitoringFigureSchema>;

/** GET queryOperationMonitoring: collection rate (the ring, label 自动采集率), warnings, task completion, points. */
export const OperationMonitoringSchema = z
  .object({
    at: z.string().describe('when the figures were read, ISO'),
    /** keys: collection (自动采集率), fill (填报完成率), task (任务完成率), warning (预警处理率), point (质控点达标率) */
    figures: z.array(MonitoringFigureSchema),
    pointsByGrade: z.array(NamedValueSchema).describe('every point of the 质控点达标率 figure in one slice: A 优秀, B 良好, C 一般, Y 达成 (达标), D 未完成, N 未达成 (未达标), 无等级 (no grade)'),
    warningsByState: z.array(NamedValueSchema),
    tasksByState: z.array(NamedValueSchema),
    collectionByTask: z.array(z.object({ name: z.string(), value: z.number(), target: z.number() })),
    recentWarnings: z.array(z.object({ id: z.string(), name: z.string(), grade: z.string().nullable(), at: z.string() })),
  })
  .meta({ id: 'OperationMonitoring' });
export type OperationMonitoring = z.infer<typeof OperationMonitoringSchema>;

/** GET dataScreen/overview: the data screen's one call (monitoring plus the own school among its rivals). */
export const DataScreenSchema = z
  .object({
    systemName: z.string(),
    monitoring: OperationMonitoringSchema,
    ownSchool: SchoolSchema.nullable(),
    /** the own school's place among the person's selection per indicator, latest year */
    rivalRanks: z.array(z.object({ indicator: z.string(), name: z.string(), rank: z.number().int().nullable(), total: z.number().int() })),
    /** the own school against the selection's mean on a few headline indicators, over the years */
    trend: z.object({ indicator: z.string(), name: z.string(), years: z.array(z.number().int()), own: z.array(z.number().nullable()), average: z.array(z.number().nullable()) }),
    /**
     * 改进成效 per development-centre level (issue 33), the centres' figures of the objects the person reads in each
     * level's current cycle: the previous cycle's measures judged by it, the effective ones and 改进有效率.
     */
    improvement: z.array(
      z.object({
        level: z.enum(CENTRE_LEVELS),
        name: z.string().describe('专业, 课程, 教师, 学生'),
        cycle: z.string().nullable().describe("the level's current cycle (null: no task yet)"),
        measures: z.number().int(),
        effective: z.number().int(),
        improvementRate: z.number().nullable().describe('effective ÷ judged × 100, 2 decimals; null with none judged'),
      }),
    ),
  })
  .meta({ id: 'DataScreen' });
export type DataScreen = z.infer<typeof DataScreenSchema>;

// ---------------------------------------------------------------------------------------------
// Portraits (portrayal/*): cards, menus and screens; permissions keyed by cm

export const PORTRAYAL_KINDS = ['card', 'menu', 'screen'] as const;
export type PortrayalKind = (typeof PORTRAYAL_KINDS)[number];
export const PORTRAYAL_KIND_LABELS: Record<PortrayalKind, string> = { card: '画像卡片', menu: '画像菜单', screen: '画像大屏' };

/** Portrait levels (the five development centres of 000 §2). */
export const PORTRAYAL_LEVELS = ['school', 'major', 'course', 'teacher', 'student'] as const;
export const PORTRAYAL_LEVEL_LABELS: Record<(typeof PORTRAYAL_LEVELS)[number], string> = {
  school: '学校画像',
  major: '专业画像',
  course: '课程画像',
  teacher: '教师画像',
  student: '学生画像',
};

/** What a card draws: the charts of 000 §2 (line, bar, radar, pie) and a single number. */
export const CARD_CHARTS = ['line', 'bar', 'radar', 'pie', 'number'] as const;
export type CardChart = (typeof CARD_CHARTS)[number];
export const CARD_CHART_LABELS: Record<CardChart, string> = { line: '折线图', bar: '柱状图', radar: '雷达图', pie: '饼图', number: '数字' };

/**
 * Where a card's figures come from: the platform's own live figures, or a national indicator (code after the colon:
 * the own school against the selection's mean over the years, or its place among them).
 */
export const CARD_SOURCES = ['points-by-grade', 'warnings-by-state', 'tasks-by-state', 'collection-by-task', 'monitoring-figures', 'rival-ranks', 'indicator-trend', 'indicator-rank'] as const;
export type CardSource = (typeof CARD_SOURCES)[number];
export const CARD_SOURCE_LABELS: Record<CardSource, string> = {
  'points-by-grade': '质控点等级分布',
  'warnings-by-state': '预警处理情况',
  'tasks-by-state': '任务完成情况',
  'collection-by-task': '数据采集进度',
  'monitoring-figures': '运行监测指标',
  'rival-ranks': '竞争对手排名',
  'indicator-trend': '指标趋势（本校与均值）',
  'indicator-rank': '指标排名',
};

export const PortrayalContentSchema = z
  .object({
    chart: z.enum(CARD_CHARTS),
    source: z.enum(CARD_SOURCES),
    /** the indicator code for indicator-* sources */
    indicator: z.string().max(40).optional(),
  })
  .meta({ id: 'PortrayalContent' });
export type PortrayalContent = z.infer<typeof PortrayalContentSchema>;

/** A portrait record: a card, a menu (holds cards) or a screen (holds cards); children's name is nametwo (000 §3). */
export interface Portrayal {
  id: string;
  kind: PortrayalKind;
  name: string;
  /** the name as a child shows it (000 §3: the child name is renamed nametwo) */
  nametwo: string;
  /** permission key */
  cm: string;
  level: (typeof PORTRAYAL_LEVELS)[number];
  parentId: string | null;
  sort: number;
  description: string | null;
  content: PortrayalContent | null;
  /** roles granted to read it (write: holders of the 画像管理 page) */
  roleIds: string[];
  children: Portrayal[];
}
export const PortrayalSchema: z.ZodType<Portrayal> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      kind: z.enum(PORTRAYAL_KINDS),
      name: z.string(),
      nametwo: z.string(),
      cm: z.string(),
      level: z.enum(PORTRAYAL_LEVELS),
      parentId: z.string().nullable(),
      sort: z.number().int(),
      description: z.string().nullable(),
      content: PortrayalContentSchema.nullable(),
      roleIds: z.array(z.string()),
      children: z.array(PortrayalSchema),
    }),
  )
  .meta({ id: 'Portrayal' });

/** GET portrayal/queryCard and queryCardByAuth (paged: pageNum, pageSize; name contains, level). */
export const PortrayalQuerySchema = z
  .object({
    name: text(PORTRAYAL_LIMITS.name).trim().optional().describe('name contains'),
    level: z.enum(PORTRAYAL_LEVELS).optional(),
    pageNum: queryInt({ min: 1 }).optional(),
    pageSize: queryInt({ min: 1, max: 1000 }).optional(),
  })
  .meta({ id: 'PortrayalQuery' });
export type PortrayalQuery = z.infer<typeof PortrayalQuerySchema>;
/** GET portrayal/queryPortrayalByAuth: the menus of a level (all when absent). */
export const PortrayalLevelQuerySchema = z.object({ level: z.enum(PORTRAYAL_LEVELS).optional() }).meta({ id: 'PortrayalLevelQuery' });
/** portrayal/delete: a card, menu or screen. */
export const PortrayalRefSchema = z.object({ id: id() }).meta({ id: 'PortrayalRef' });
/** GET portrayal/cardData: a card, drawn as its own chart or the one given. */
export const CardDataQuerySchema = z
  .object({ id: id().describe('a card id'), chart: z.enum(CARD_CHARTS).optional().describe("the chart to draw it as (default: the card's)") })
  .meta({ id: 'CardDataQuery' });
export const PortrayalPageSchema = pageSchema(PortrayalSchema).meta({ id: 'PortrayalPage' });

/** A card's content as sent (whether a card needs one, and its indicator, the service judges). */
export const PortrayalContentInputSchema = z
  .object({ chart: z.enum(CARD_CHARTS), source: z.enum(CARD_SOURCES), indicator: text(40).optional().describe('the indicator code for indicator-* sources') })
  .meta({ id: 'PortrayalContentInput' });

/** POST portrayal/add (id ignored) and, with id, portrayal/update. */
export const PortrayalInputSchema = z
  .object({
    id: text(64).optional().describe('absent on add'),
    kind: z.enum(PORTRAYAL_KINDS),
    name: requiredText(PORTRAYAL_LIMITS.name),
    nametwo: optionalText(PORTRAYAL_LIMITS.name).optional().describe('the name as a child shows it (default: name)'),
    cm: requiredText(PORTRAYAL_LIMITS.cm)
      .regex(PORTRAYAL_CM_PATTERN, { error: SCHOOL_ANALYSIS_MESSAGES.cmInvalid })
      .describe('permission key, unique: a letter, then letters, digits, underscores'),
    level: z.enum(PORTRAYAL_LEVELS),
    parentId: optionalText(64).optional().describe("a menu's parent menu"),
    sort: integer({ min: 0, max: PORTRAYAL_LIMITS.sort }).optional(),
    description: optionalText(PORTRAYAL_LIMITS.description, { multiline: true }).optional(),
    content: PortrayalContentInputSchema.nullable().optional().describe('a card: { chart, source, indicator? } (required for a card)'),
    roleIds: z.array(id()).max(50).optional().describe('roles granted to read it (absent on update: unchanged)'),
    /** the cards a screen or menu holds, in order (ids of cards) */
    cardIds: z.array(id()).max(30).optional().describe("a menu's or screen's cards in order (absent on update: unchanged)"),
  })
  .meta({ id: 'PortrayalInput' });
export type PortrayalInput = z.infer<typeof PortrayalInputSchema>;
export const PortrayalUpdateSchema = PortrayalInputSchema.extend({ id: id() }).meta({ id: 'PortrayalUpdate' });

/** The figures a card (or a dashboard tile) draws: categories and up to 5 series (000 §9), already rounded. */
export const CardDataSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    chart: z.enum(CARD_CHARTS),
    categories: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), values: z.array(z.number().nullable()) })).max(5),
    /** a radar's indicator maxima; a number card's unit */
    max: z.array(z.number()).optional(),
    /** the values are places (1 the best): drawn with 1 at the top, or outermost on a radar */
    places: z.boolean().optional(),
    unit: z.string().optional(),
    at: z.string(),
  })
  .meta({ id: 'CardData' });
export type CardData = z.infer<typeof CardDataSchema>;

// ---------------------------------------------------------------------------------------------
// Personal dashboards (/dashboards, 仪表盘自定义)

export const DASHBOARD_MAX_TILES = 12;
export const DashboardTileSchema = z
  .object({
    cardId: z.string().max(64),
    /** the chart the person chose for it (defaults to the card's) */
    chart: z.enum(CARD_CHARTS).optional(),
    /** 1 = half width, 2 = full width */
    width: z.union([z.literal(1), z.literal(2)]).optional(),
  })
  .meta({ id: 'DashboardTile' });
export type DashboardTile = z.infer<typeof DashboardTileSchema>;

export const DashboardSchema = z
  .object({ tiles: z.array(DashboardTileSchema), updatedAt: z.string().nullable() })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof DashboardSchema>;
/** POST dashboard/save: the person's tiles, at most DASHBOARD_MAX_TILES (each a card they may read: the service's). */
export const DashboardInputSchema = z
  .object({
    tiles: z
      .array(
        z.object({
          cardId: id(),
          chart: z.enum(CARD_CHARTS).optional(),
          width: z.union([z.literal(1), z.literal(2)]).optional().describe('1 = half width, 2 = full width'),
        }),
      )
      .max(DASHBOARD_MAX_TILES, { error: SCHOOL_ANALYSIS_MESSAGES.dashboardTooMany }),
  })
  .meta({ id: 'DashboardInput' });
