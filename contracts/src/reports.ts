// Quality reports (质量报告, spec 001 §2 report header and overview, §3 fields, §7 items 15–16; 000 §3, §9; issue 14):
// templates and covers, the self-diagnosis report of one or more scopes and a cycle, its overview and statistics tables
// (computed once, then frozen), the Word document, and the review flow.
import { z } from 'zod';
import { pageSchema } from './common.js';
import { id, text } from './input.js';

// ————————————————————————————————————————————— scopes and overview —————————————————————————————————————————————

/** The levels a report covers (the diagnosed objects' levels); cjmc is the level's name. */
export const REPORT_LEVELS = ['school', 'major', 'course', 'teacher', 'student'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];
export const REPORT_LEVEL_NAMES: Record<ReportLevel, string> = { school: '学校', major: '专业', course: '课程', teacher: '教师', student: '学生' };

/** One scope entry of a report header (reportHeaderVos): the level's name, the object's name and its code. */
export const ReportScopeSchema = z
  .object({
    cjlx: z.enum(REPORT_LEVELS).describe('the level (ours: the documents give its name only)'),
    cjmc: z.string().describe('level name: 学校, 专业, 课程, 教师, 学生'),
    cjname: z.string().describe('the object: 诊改示范职业技术学院, 软件技术 …'),
    cjdmid: z.string().describe('the object code (obj_task.object_code)'),
  })
  .meta({ id: 'ReportScope' });
export type ReportScope = z.infer<typeof ReportScopeSchema>;

/** A named count of a pie or bar. */
export const NamedValueSchema = z.object({ name: z.string(), value: z.number() }).meta({ id: 'NamedValue' });
export type NamedValue = z.infer<typeof NamedValueSchema>;

/**
 * The overview's sections (001 §2): 1 质控点情况, 2 任务完成进度, 3 预警情况, and 4 改进成效 (issue 33: whether the
 * previous cycle's measures worked). A template stored before section 4 reads it unchecked (OVERVIEW_ITEM_CHECKED).
 */
export const OVERVIEW_ITEM_IDS = [1, 2, 3, 4] as const;
export type OverviewItemId = (typeof OVERVIEW_ITEM_IDS)[number];
export const OVERVIEW_ITEM_NAMES: Record<OverviewItemId, string> = { 1: '质控点情况', 2: '任务完成进度', 3: '预警情况', 4: '改进成效' };
/** Whether a section is checked when a template does not name it (section 4 came later: off unless chosen). */
export const OVERVIEW_ITEM_CHECKED: Record<OverviewItemId, boolean> = { 1: true, 2: true, 3: true, 4: false };
const overviewItemId = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** An overview item: shown only when checked (by the template) and num is not zero. */
export const OverviewItemSchema = z
  .object({
    id: overviewItemId,
    name: z.string().describe("the template's heading (default OVERVIEW_ITEM_NAMES)"),
    isChecked: z.boolean(),
    num: z.number().int().describe('1: zkdzsl, 2: target tasks in scope, 3: yjcs, 4: gjcssl'),
    text: z.string().describe("the template's fixed text under the heading ('' for none)"),
  })
  .meta({ id: 'OverviewItem' });
export type OverviewItem = z.infer<typeof OverviewItemSchema>;

/** Attainment names of zkddbqkList; a point without a result value is 未填报. */
export const ATTAINMENT_NAMES = ['达标', '未达标', '未填报'] as const;

// What a grade and 达标 mean (issue 35), said the same on every screen that shows them. The rule itself lives once in
// the backend's kernel (shared/kernel/grade.ts): a result below its standard value is graded 未完成 (未达成), so a
// grade of 优秀, 良好, 一般 or 达成 is always 达标 and 未完成 or 未达成 always 未达标.
/** 本期等级: the result against the target value, floored by the standard value. */
export const GRADE_HELP = '等级：本期结果对照目标值。达到目标值为优秀，达到目标值的一定比例（按计算规则）为良好、一般，否则为未完成；低于标准值一律为未完成。有无、是否类为达成或未达成。';
/** 达标情况: read from the grade. */
export const ATTAINMENT_HELP = '达标：等级为优秀、良好、一般或达成；未达标：等级为未完成或未达成（含低于标准值）；未填报：尚无本期结果。';
/** 质控点等级 beside 质控点达标率: what the slices add up to. */
export const POINT_GRADES_HELP = '各等级的质控点数之和即质控点总数（质控点达标率的分母）。优秀、良好、一般、达成为达标，未完成、未达成为未达标，无等级为文本类等不评等级的质控点。';
/** Handling names of yjqkList. */
export const HANDLING_NAMES = ['已处理', '未处理'] as const;

/**
 * The report overview (001 §3), frozen when the report is built.
 * 1 — points: zkdzsl all points of the scopes' diagnosed tasks in the cycle; zkddbqkList 达标 / 未达标 / 未填报 (未达标 is the
 * quality table's reading: below the standard value or graded D/N against the target); zgQualitiesRankList the grades
 * (A, B, C, D, Y, N and 未评级) with their share zb (percent, 2 decimals); zkdhglList each first-level indicator's 达标率
 * (percent, 2 decimals, of its points with a result); wdbzkd* the 未达标 points: count, names, their second-level indicators.
 * 2 — target tasks of the cycle's year (school: all; another level: charged by the object's department), the summary
 * analysis's scope: wcl completion rate (percent, 2 decimals), zkdwcqkList by display group (已完成 / 正常 / 暂停),
 * wwczkd* the unfinished tasks: count, names, their year targets.
 * 3 — quality-point warnings raised in the cycle on the scopes' points: yjcs count, yjcll handled rate (percent, 2
 * decimals), yjqkList 已处理 / 未处理, zkdmcs / zkdyjcs the ten points warned most and their counts (the bar).
 * 4 — 改进成效 (issue 33): the measures written in each scope's previous cycle (of its level's kind, as the development
 * centres order them) judged by this cycle's results: gjcssl measures, gjcxList 有效 / 改善 / 未改善 / 待评估, gjyxl 改进有效率
 * (effective ÷ judged, percent, 2 decimals; null with none judged) — the centres' figures for the same objects.
 */
export const ReportOverviewSchema = z
  .object({
    items: z.array(OverviewItemSchema).describe('ids 1, 2, 3, 4 in order'),
    zkdzsl: z.number().int(),
    zkddbqkList: z.array(NamedValueSchema),
    zgQualitiesRankList: z.array(z.object({ name: z.string(), value: z.number().int(), zb: z.string() })),
    zkdhglList: z.array(NamedValueSchema),
    wdbzkdsl: z.number().int(),
    wdbzkdmcs: z.array(z.string()),
    wdbzkdejzbs: z.array(z.string()),
    wcl: z.string(),
    zkdwcqkList: z.array(NamedValueSchema),
    wwczkdsl: z.number().int(),
    wwczkdmcs: z.array(z.string()),
    wwczkdejzbs: z.array(z.string()),
    yjcll: z.string(),
    yjqkList: z.array(NamedValueSchema),
    yjcs: z.number().int(),
    zkdmcs: z.array(z.string()),
    zkdyjcs: z.array(z.number().int()),
    gjcssl: z.number().int().describe('section 4: measures of the previous cycle judged by this one'),
    gjcxList: z.array(NamedValueSchema).describe('有效 / 改善 / 未改善 / 待评估 with their counts'),
    gjyxl: z.number().nullable().describe('改进有效率: effective ÷ judged × 100, 2 decimals; null with none judged'),
  })
  .meta({ id: 'ReportOverview' });
export type ReportOverview = z.infer<typeof ReportOverviewSchema>;

/** The statistics tables, each the anchor target of a section (mbjc, wdbzb: section 1; wwcmb: 2; yjjl: 3; gjcx: 4). */
export const REPORT_TABLE_KEYS = ['mbjc', 'wdbzb', 'wwcmb', 'yjjl', 'gjcx'] as const;
export type ReportTableKey = (typeof REPORT_TABLE_KEYS)[number];
export const REPORT_TABLE_NAMES: Record<ReportTableKey, string> = { mbjc: '目标监测统计表', wdbzb: '未达标指标统计表', wwcmb: '未完成目标统计表', yjjl: '预警记录统计表', gjcx: '改进成效统计表' };
export const REPORT_TABLE_SECTION: Record<ReportTableKey, OverviewItemId> = { mbjc: 1, wdbzb: 1, wwcmb: 2, yjjl: 3, gjcx: 4 };

export const ReportTablesSchema = z
  .object({
    mbjc: z.array(
      z.object({ cjname: z.string(), yjzb: z.string(), ejzb: z.string(), zkdmc: z.string(), mbz: z.string(), jgz: z.string(), jgdj: z.string(), dbqk: z.string() }),
    ).describe('target monitoring: every point, its target, result, grade and attainment'),
    wdbzb: z.array(
      z.object({ cjname: z.string(), ejzb: z.string(), zkdmc: z.string(), bzz: z.string(), mbz: z.string(), jgz: z.string(), yyfx: z.string(), gjcs: z.string() }),
    ).describe('unmet indicators: the 未达标 points with their cause analysis and measure'),
    wwcmb: z.array(
      z.object({ rwmc: z.string(), yearTargetName: z.string(), chargeDepartName: z.string(), ownerName: z.string(), jssj: z.string(), rwjdmc: z.string(), progress: z.string() }),
    ).describe('unfinished targets: the unfinished target tasks'),
    yjjl: z.array(
      z.object({ cjname: z.string(), zkdmc: z.string(), yjsj: z.string(), yjz: z.string(), jgz: z.string(), clsj: z.string(), clcs: z.string(), yyfx: z.string() }),
    ).describe('warning records (yyyy-MM-dd HH:mm:ss times; clsj empty while unhandled)'),
    gjcx: z.array(
      z.object({ cjname: z.string(), zkdmc: z.string(), sqzq: z.string(), sqjg: z.string(), bqjg: z.string(), mbz: z.string(), gjcs: z.string(), cxmc: z.string() }),
    ).describe("improvement effects: each measure of the previous cycle (sqzq) with that cycle's result, this cycle's, the target and its effect"),
  })
  .meta({ id: 'ReportTables' });
export type ReportTables = z.infer<typeof ReportTablesSchema>;

// ————————————————————————————————————————————— templates and covers —————————————————————————————————————————————

/** A template: which sections (items 1–4, checked or not, their headings and fixed texts) and the opening and closing texts. */
export const ReportTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    items: z.array(z.object({ id: overviewItemId, isChecked: z.boolean(), name: z.string(), text: z.string() })).describe('ids 1–4 in order (a template stored with three reads section 4 unchecked)'),
    preface: z.string().describe('text before section 1'),
    closing: z.string().describe('text after the last section'),
    isDefault: z.boolean(),
    creatorName: z.string(),
    createTime: z.string().describe('yyyy-MM-dd'),
  })
  .meta({ id: 'ReportTemplate' });
export type ReportTemplate = z.infer<typeof ReportTemplateSchema>;

export const ReportTemplateInputSchema = z
  .object({
    id: z.string().optional().describe('update only'),
    name: z.string().trim().min(1).max(60),
    items: z
      .array(z.object({ id: overviewItemId, isChecked: z.boolean(), name: z.string().trim().min(1).max(60), text: z.string().max(1000) }))
      .min(3)
      .max(4)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { message: '报告栏目不能重复' })
      .describe('sections 1–4; without section 4 (a client of before it) the template keeps its stored one'),
    preface: z.string().max(1000),
    closing: z.string().max(1000),
  })
  .meta({ id: 'ReportTemplateInput' });
export type ReportTemplateInput = z.infer<typeof ReportTemplateInputSchema>;

/** Where the title sits on a cover and how it looks (the image is the background). */
export const CoverLayoutSchema = z
  .object({
    titleTop: z.number().int().min(5).max(90).describe('the title block\'s top, percent of the page height'),
    titleSize: z.number().int().min(16).max(72).describe('px at 794 × 1123 (A4 at 96 dpi)'),
    titleColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    align: z.enum(['left', 'center']),
  })
  .meta({ id: 'CoverLayout' });
export type CoverLayout = z.infer<typeof CoverLayoutSchema>;

export const ReportCoverSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    layout: CoverLayoutSchema,
    imageUrl: z.string().describe('GET the background image'),
    previewUrl: z.string().describe('GET the composed cover (background and a sample title) as PNG'),
    isDefault: z.boolean(),
    creatorName: z.string(),
    createTime: z.string(),
  })
  .meta({ id: 'ReportCover' });
export type ReportCover = z.infer<typeof ReportCoverSchema>;

/** Cover background images: PNG or JPEG, at most 5 MB. */
export const COVER_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const COVER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// ————————————————————————————————————————————— reports —————————————————————————————————————————————

/**
 * A report's states: building (生成中) → draft (待提交) → submitted (专家评审中) → expertPassed (学校审核中) → published (已发布);
 * an expert or the school rejects back to the author (rejected 已驳回), who rebuilds and submits again; a failed build is failed (生成失败).
 */
export const REPORT_STATES = ['building', 'failed', 'draft', 'submitted', 'expertPassed', 'published', 'rejected'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_STATE_NAMES: Record<ReportState, string> = {
  building: '生成中',
  failed: '生成失败',
  draft: '待提交',
  submitted: '专家评审中',
  expertPassed: '学校审核中',
  published: '已发布',
  rejected: '已驳回',
};

/** A review's result (fhjg): the grade the reviewer gives a report they pass. */
export const REVIEW_RESULTS = ['A', 'B', 'C'] as const;
export type ReviewResult = (typeof REVIEW_RESULTS)[number];
export const REVIEW_RESULT_NAMES: Record<ReviewResult, string> = { A: '优秀', B: '良好', C: '合格' };

/** The moves on a report and who makes them. */
export const REPORT_ACTIONS = ['submit', 'expertReview', 'schoolReview', 'reject', 'rebuild', 'delete', 'share'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_NAMES: Record<ReportAction, string> = {
  submit: '提交评审',
  expertReview: '专家评审',
  schoolReview: '学校审核',
  reject: '驳回',
  rebuild: '重新生成',
  delete: '删除',
  share: '共享',
};

export const ReviewVoSchema = z
  .object({
    fhjg: z.enum(REVIEW_RESULTS),
    fhjgmc: z.string(),
    opinion: z.string(),
    reviewer: z.string().describe('the reviewer\'s name'),
    time: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    stampUrl: z.string().describe('GET the stamp image (PNG)'),
  })
  .meta({ id: 'ReviewVo' });
export type ReviewVo = z.infer<typeof ReviewVoSchema>;

/** A report list row (report/select). cjsj: yyyy-MM-dd. */
export const ReportRowSchema = z
  .object({
    id: z.string(),
    reportName: z.string(),
    cycle: z.string(),
    reportHeaderVos: z.array(ReportScopeSchema),
    state: z.enum(REPORT_STATES),
    stateName: z.string(),
    principal: z.string(),
    authorName: z.string(),
    score: z.string().nullable(),
    cjsj: z.string(),
  })
  .meta({ id: 'ReportRow' });
export type ReportRow = z.infer<typeof ReportRowSchema>;
export const ReportPageSchema = pageSchema(ReportRowSchema)
  .extend({ canManageTemplates: z.boolean().describe('the person manages templates and covers (the server decides: administrators, year-target publishers)') })
  .meta({ id: 'ReportPage' });
export type ReportPage = z.infer<typeof ReportPageSchema>;

export const ReportListQuerySchema = z
  .object({
    current: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(10),
    cycle: z.string().optional(),
    cjlx: z.enum(REPORT_LEVELS).optional(),
    state: z.enum(REPORT_STATES).optional(),
    name: z.string().max(60).optional(),
  })
  .meta({ id: 'ReportListQuery' });
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;

export const ReportHistoryEntrySchema = z
  .object({ action: z.string(), actionName: z.string(), actorName: z.string(), time: z.string(), comment: z.string() })
  .meta({ id: 'ReportHistoryEntry' });
export type ReportHistoryEntry = z.infer<typeof ReportHistoryEntrySchema>;

/** The report page (report/detail): header, reviews, overview and tables as frozen, what the person may do. */
export const ReportDetailSchema = z
  .object({
    id: z.string(),
    reportName: z.string(),
    cycle: z.string(),
    reportHeaderVos: z.array(ReportScopeSchema),
    scopeObjectIds: z.array(z.string().nullable()).describe('each scope\'s diagnosis object (its portrait in its level\'s centre), in reportHeaderVos\' order; null for the school or an object no longer there'),
    principal: z.string().describe('the person in charge (the author unless named)'),
    createTimeFmt: z.string().describe('yyyy-MM-dd HH:mm: when the data was frozen'),
    score: z.string().nullable().describe('the scopes\' diagnosis score (share of graded points at A or Y), shown on the score stamp'),
    state: z.enum(REPORT_STATES),
    stateName: z.string(),
    authorName: z.string(),
    templateName: z.string(),
    coverUrl: z.string().describe('GET the composed cover (PNG)'),
    preface: z.string(),
    closing: z.string(),
    overview: ReportOverviewSchema.nullable().describe('null while building or failed'),
    tables: ReportTablesSchema.nullable(),
    expertReviewVo: ReviewVoSchema.nullable(),
    schoolReviewVo: ReviewVoSchema.nullable(),
    rejectReason: z.string().nullable().describe('the last rejection\'s reason while rejected'),
    failReason: z.string().nullable(),
    actions: z.array(z.enum(REPORT_ACTIONS)).describe('what the person may do now'),
    canDiscuss: z.boolean(),
    history: z.array(ReportHistoryEntrySchema).describe('oldest first'),
  })
  .meta({ id: 'ReportDetail' });
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

/** 生成报告: scopes of one cycle, template and cover (default ones when absent). */
export const ReportGenerateInputSchema = z
  .object({
    reportName: z.string().trim().min(1).max(100),
    cycle: z.string().trim().min(1).max(40),
    scopes: z.array(z.object({ cjlx: z.enum(REPORT_LEVELS), cjdmid: z.string().min(1).max(64) })).min(1).max(20),
    templateId: z.string().optional(),
    coverId: z.string().optional(),
    principal: z.string().trim().max(20).optional().describe('default the author\'s name'),
  })
  .meta({ id: 'ReportGenerateInput' });
export type ReportGenerateInput = z.infer<typeof ReportGenerateInputSchema>;

export const ReportBuildStartSchema = z.object({ taskId: z.string(), reportId: z.string() }).meta({ id: 'ReportBuildStart' });
export type ReportBuildStart = z.infer<typeof ReportBuildStartSchema>;

export const ReportBuildProgressSchema = z
  .object({
    taskId: z.string(),
    reportId: z.string(),
    state: z.enum(['waiting', 'running', 'done', 'failed']),
    done: z.number().int(),
    total: z.number().int(),
    step: z.string().describe('排队中, 统计质控点, 生成Word, 完成, 失败'),
    reason: z.string().nullable(),
  })
  .meta({ id: 'ReportBuildProgress' });
export type ReportBuildProgress = z.infer<typeof ReportBuildProgressSchema>;

/** The scopes a person may report on for a cycle (the diagnosed objects whose tasks they read) and the cycles known. */
export const ReportScopeOptionsSchema = z
  .object({ cycles: z.array(z.string()), scopes: z.array(ReportScopeSchema) })
  .meta({ id: 'ReportScopeOptions' });
export type ReportScopeOptions = z.infer<typeof ReportScopeOptionsSchema>;

export const ReportReviewInputSchema = z
  .object({ id: z.string(), fhjg: z.enum(REVIEW_RESULTS), opinion: z.string().trim().min(1).max(500) })
  .meta({ id: 'ReportReviewInput' });
export type ReportReviewInput = z.infer<typeof ReportReviewInputSchema>;

export const ReportRejectInputSchema = z.object({ id: z.string(), reason: z.string().trim().min(1).max(500) }).meta({ id: 'ReportRejectInput' });
export type ReportRejectInput = z.infer<typeof ReportRejectInputSchema>;

/** A comment of the discussion; mentions are people who may read the report (@name in the text). */
export const ReportCommentSchema = z
  .object({ id: z.string(), content: z.string(), authorName: z.string(), time: z.string(), mentions: z.array(z.object({ userId: z.string(), userName: z.string() })) })
  .meta({ id: 'ReportComment' });
export type ReportComment = z.infer<typeof ReportCommentSchema>;
export const ReportDiscussInputSchema = z
  .object({ id: z.string(), content: z.string().trim().min(1).max(500), mentionIds: z.array(z.string()).max(20).default([]) })
  .meta({ id: 'ReportDiscussInput' });
export type ReportDiscussInput = z.infer<typeof ReportDiscussInputSchema>;

/** Shares: people and departments who may read the report. */
export const ReportShareSchema = z
  .object({ id: z.string(), targetType: z.enum(['user', 'department']), targetId: z.string(), targetName: z.string(), sharedBy: z.string(), time: z.string() })
  .meta({ id: 'ReportShare' });
export type ReportShare = z.infer<typeof ReportShareSchema>;
export const ReportShareInputSchema = z
  .object({ id: z.string(), userIds: z.array(z.string()).max(100).default([]), departmentIds: z.array(z.string()).max(100).default([]) })
  .meta({ id: 'ReportShareInput' });
export type ReportShareInput = z.infer<typeof ReportShareInputSchema>;

/** Messages of the report area (Chinese, shown as they are). */
export const REPORT_MESSAGES = {
  notFound: '报告不存在或已删除',
  noScope: '请选择报告范围',
  scopeNotReadable: '无权查看所选范围的诊改数据',
  noData: '所选范围在该周期没有诊改任务',
  notBuilt: '报告尚未生成完成',
  templateNotFound: '报告模板不存在',
  coverNotFound: '报告封面不存在',
  defaultNotDeletable: '默认模板（封面）不能删除',
  mentionNotReader: '被@的人无权查看该报告，请先共享给他',
  coverImageType: '封面图片只能是PNG或JPG格式',
  coverImageSize: '封面图片不能超过5MB',
  /** wordDownload: the document's job did not finish within the wait (the worker busy or away). */
  documentNotReady: '报告Word文档正在生成，请稍后再下载',
  /** wordDownload: the document's job failed for good (the next download queues it again). */
  documentFailed: '报告Word文档生成失败，请稍后重试',
  /** wordDownload: no stored document and the job queue unreachable. */
  documentQueueDown: '报告Word文档暂时无法生成（任务队列不可用），请稍后重试',
} as const;

/**
 * The sections a report shows, numbered 1., 2., 3. in order: checked by its template and with a non-zero num (001 §2).
 * The page and the Word document both number by this.
 */
export function shownSections(items: readonly OverviewItem[]): Array<OverviewItem & { no: number }> {
  return items.filter((item) => item.isChecked && item.num !== 0).map((item, i) => ({ ...item, no: i + 1 }));
}

/** report/shareOptions?name=: people (at most 50, by name) and departments a report may be shared with or people @mentioned. */
export const ReportShareOptionsSchema = z
  .object({
    users: z.array(z.object({ userId: z.string(), userName: z.string(), departmentName: z.string().nullable() })),
    departments: z.array(z.object({ departmentId: z.string(), departmentName: z.string() })),
  })
  .meta({ id: 'ReportShareOptions' });
export type ReportShareOptions = z.infer<typeof ReportShareOptionsSchema>;

// The queries and bodies of the report routes that name one report, cover, share or build (issue 30).

export const ReportRefSchema = z.object({ id: id('缺少报告') }).meta({ id: 'ReportRef' });
export const ReportCycleQuerySchema = z.object({ cycle: text(40).optional().describe('the newest cycle when absent') }).meta({ id: 'ReportCycleQuery' });
export const ReportNameQuerySchema = z.object({ name: text(60).optional().describe('name contains') }).meta({ id: 'ReportNameQuery' });
export const ReportUnshareInputSchema = z
  .object({
    id: id('缺少报告'),
    targetType: z.enum(['user', 'department'], { error: '共享对象类型不正确' }),
    targetId: id('缺少共享对象'),
  })
  .meta({ id: 'ReportUnshareInput' });
export const ReportStampQuerySchema = z
  .object({ id: id('缺少报告'), kind: z.enum(['expert', 'school'], { error: '印章类型不正确' }) })
  .meta({ id: 'ReportStampQuery' });
export const ReportTaskQuerySchema = z
  .object({ taskId: id('缺少任务编号', 100).describe('report-<reportId>-<n>, as report/generate or report/rebuild answered') })
  .meta({ id: 'ReportTaskQuery' });
/** reportCover/update: name and layout are the cover rules' to judge (the multipart add shares them). */
export const ReportCoverUpdateInputSchema = z
  .object({
    id: id('缺少报告封面'),
    name: z.unknown().optional().describe('at most 60 characters'),
    layout: z.unknown().optional().describe('CoverLayout (object or its JSON text)'),
  })
  .meta({ id: 'ReportCoverUpdateInput' });
