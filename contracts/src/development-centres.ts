// 发展中心 (issue 33): each level's workspace — 专业发展中心, 课程发展中心, 教师发展中心, 学生发展中心 — with an overview of the
// level's objects in a cycle, an object's portrait across cycles, and whether improvement measures worked (改进成效).
// Routes /api/herm-znfx/centre/*. Who reads which object is the backend's one definition (centre access).
import { z } from 'zod';
import { pageSchema } from './common.js';
import { id, optionalText, PAGE_QUERY } from './input.js';
import { AUDIT_STATES } from './limits.js';

/** The four levels with a centre (the school level's workspace is 内部质量管理). */
export const CENTRE_LEVELS = ['major', 'course', 'teacher', 'student'] as const;
export type CentreLevel = (typeof CENTRE_LEVELS)[number];

/** Each centre: its name, its path (000 §2, spelled so), its portrait's name and its menu key (000 §6). */
export const CENTRES: Record<CentreLevel, { name: string; path: string; portrait: string; menuKey: string; objectName: string }> = {
  major: { name: '专业发展中心', path: '/majorDevelopCenter', portrait: '专业画像', menuKey: 'ly_herm_majorDevelopCenter', objectName: '专业' },
  course: { name: '课程发展中心', path: '/couseDevelopCenter', portrait: '课程画像', menuKey: 'ly_herm_couseDevelopCenter', objectName: '课程' },
  teacher: { name: '教师发展中心', path: '/teachDevelopCenter', portrait: '教师画像', menuKey: 'ly_herm_teachDevelopCenter', objectName: '教师' },
  student: { name: '学生发展中心', path: '/stuDevelopCenter', portrait: '学生画像', menuKey: 'ly_herm_stuDevelopCenter', objectName: '学生' },
};

/**
 * 改进成效 of one improvement measure (a cause analysis and measure on an unmet point in one cycle), judged by the
 * same object's result of that point in the next cycle: effective (now met), improved (better, still unmet),
 * notImproved (same or worse), pending (no result of the next cycle yet).
 */
export const IMPROVEMENT_EFFECTS = ['effective', 'improved', 'notImproved', 'pending'] as const;
export type ImprovementEffect = (typeof IMPROVEMENT_EFFECTS)[number];
export const IMPROVEMENT_EFFECT_NAMES: Record<ImprovementEffect, string> = { effective: '有效', improved: '改善', notImproved: '未改善', pending: '待评估' };

/** The overview's sortable figures. */
export const CENTRE_SORTS = ['code', 'name', 'score', 'lastScore', 'unmet', 'openWarnings', 'improvementRate', 'auditState'] as const;
export type CentreSort = (typeof CENTRE_SORTS)[number];

export const CENTRE_MESSAGES = {
  notFound: '对象不存在或无权查看',
  noCycle: '暂无诊断周期',
} as const;

const levelSchema = z.enum(CENTRE_LEVELS, { error: '层级不正确' });

/** A level's cycles with tasks, newest first, and the one the overview opens with (the newest). */
export const CentreCyclesQuerySchema = z.object({ level: levelSchema });
export const CentreCyclesSchema = z.object({ cycles: z.array(z.string()), current: z.string().nullable() }).meta({ id: 'CentreCycles' });
export type CentreCycles = z.infer<typeof CentreCyclesSchema>;

/** The overview's filters: the cycle (the newest when absent), a department, a major (courses, students), code or name. */
export const CentreOverviewQuerySchema = z.object({
  ...PAGE_QUERY,
  level: levelSchema,
  cycle: optionalText(40),
  departmentId: optionalText(64),
  majorId: optionalText(64).describe("a major's object id: its courses or students"),
  keyword: optionalText(60),
  sort: z.enum(CENTRE_SORTS).optional().default('code'),
  order: z.enum(['asc', 'desc']).optional().default('asc'),
});
export type CentreOverviewQuery = z.infer<typeof CentreOverviewQuerySchema>;

/** Counts of a task's point grades (A–D, and Y/N of yes-or-no points). */
export const GradeCountsSchema = z
  .object({ A: z.number().int(), B: z.number().int(), C: z.number().int(), D: z.number().int(), Y: z.number().int(), N: z.number().int() })
  .meta({ id: 'GradeCounts' });
export type GradeCounts = z.infer<typeof GradeCountsSchema>;

/** One object of the level in the cycle, with its diagnosis task's figures (null without a task). */
export const CentreRowSchema = z
  .object({
    objectId: z.string(),
    code: z.string(),
    name: z.string(),
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    upperId: z.string().nullable(),
    upperName: z.string().nullable().describe("a course's or student's major"),
    responsibleName: z.string().nullable(),
    taskId: z.string().nullable(),
    auditState: z.enum(AUDIT_STATES).nullable(),
    auditStateName: z.string().describe('未下发 without a task'),
    score: z.number().nullable(),
    lastScore: z.number().nullable().describe("the previous cycle's score of the same object"),
    grades: GradeCountsSchema,
    points: z.number().int().describe("the task's quality points"),
    unmet: z.number().int().describe('points 未达标'),
    openWarnings: z.number().int(),
    improvementRate: z.number().nullable().describe('改进有效率 of the measures of the previous cycle, percent 0–100 with 2 decimals; null without one judged'),
  })
  .meta({ id: 'CentreRow' });
export type CentreRow = z.infer<typeof CentreRowSchema>;

/** The whole level's figures in one cycle (of the objects the person reads). */
export const CentreFiguresSchema = z
  .object({
    cycle: z.string(),
    objects: z.number().int(),
    tasks: z.number().int(),
    submitted: z.number().int().describe('tasks submitted or passed'),
    passed: z.number().int(),
    points: z.number().int(),
    pointsMet: z.number().int(),
    warnings: z.number().int(),
    warningsHandled: z.number().int(),
    measures: z.number().int().describe("measures of the previous cycle's unmet points, judged by this cycle"),
    effective: z.number().int(),
    improvementRate: z.number().nullable(),
  })
  .meta({ id: 'CentreFigures' });
export type CentreFigures = z.infer<typeof CentreFiguresSchema>;

export const CentreOverviewSchema = z
  .object({
    level: levelSchema,
    cycle: z.string().nullable(),
    figures: CentreFiguresSchema.nullable(),
    lastFigures: CentreFiguresSchema.nullable().describe('the same figures of the previous cycle, for comparison'),
    page: pageSchema(CentreRowSchema),
  })
  .meta({ id: 'CentreOverview' });
export type CentreOverview = z.infer<typeof CentreOverviewSchema>;

export const CentrePortraitQuerySchema = z.object({ objectId: id() });

/** One cycle of the object: its task's state, score and grades. */
export const PortraitCycleSchema = z
  .object({ cycle: z.string(), taskId: z.string(), rwmc: z.string(), auditState: z.enum(AUDIT_STATES), auditStateName: z.string(), score: z.number().nullable(), grades: GradeCountsSchema, unmet: z.number().int() })
  .meta({ id: 'PortraitCycle' });

/** One point across the cycles (by its code): value, target and grade of each cycle, in the order of `cycles`. */
export const PortraitPointSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    unit: z.string().nullable(),
    values: z.array(z.object({ cycle: z.string(), value: z.number().nullable(), target: z.number().nullable(), grade: z.string().nullable(), met: z.boolean().nullable() })),
  })
  .meta({ id: 'PortraitPoint' });

/** A cause analysis and improvement measure, with whether it worked. */
export const PortraitMeasureSchema = z
  .object({
    cycle: z.string(),
    nextCycle: z.string().nullable(),
    code: z.string(),
    name: z.string(),
    analysis: z.string().nullable().describe('原因分析 (yyfx)'),
    measure: z.string().describe('改进措施 (gjcs)'),
    value: z.number().nullable(),
    nextValue: z.number().nullable(),
    target: z.number().nullable(),
    effect: z.enum(IMPROVEMENT_EFFECTS),
    effectName: z.string(),
  })
  .meta({ id: 'PortraitMeasure' });
export type PortraitMeasure = z.infer<typeof PortraitMeasureSchema>;

export const PortraitWarningSchema = z
  .object({ id: z.string(), cycle: z.string().nullable(), pointName: z.string(), content: z.string(), state: z.string(), stateName: z.string(), time: z.string().describe('yyyy-MM-dd HH:mm:ss'), handled: z.boolean() })
  .meta({ id: 'PortraitWarning' });

export const PortraitReportSchema = z.object({ id: z.string(), reportName: z.string(), cycle: z.string(), state: z.string(), stateName: z.string() }).meta({ id: 'PortraitReport' });

export const CentrePortraitSchema = z
  .object({
    objectId: z.string(),
    level: levelSchema,
    portraitName: z.string().describe('专业画像 …'),
    code: z.string(),
    name: z.string(),
    departmentName: z.string().nullable(),
    upperId: z.string().nullable(),
    upperName: z.string().nullable(),
    responsibleName: z.string().nullable(),
    retired: z.boolean(),
    cycles: z.array(PortraitCycleSchema).describe('oldest first'),
    points: z.array(PortraitPointSchema),
    lowers: z.array(CentreRowSchema).describe("a major's courses (and students), in the newest cycle"),
    lowerLevel: levelSchema.nullable(),
    warnings: z.array(PortraitWarningSchema),
    reports: z.array(PortraitReportSchema),
    measures: z.array(PortraitMeasureSchema),
    improvementRate: z.number().nullable(),
  })
  .meta({ id: 'CentrePortrait' });
export type CentrePortrait = z.infer<typeof CentrePortraitSchema>;

/**
 * Where a person lands in a centre: their own object (a teacher's or student's), if they have one; afterLogin when
 * they also land there right after logging in (only teachers and students: anyone with a post lands on the home page,
 * where their to-dos are).
 */
export const CentreHomeSchema = z
  .object({ level: levelSchema.nullable(), objectId: z.string().nullable(), afterLogin: z.boolean() })
  .meta({ id: 'CentreHome' });
export type CentreHome = z.infer<typeof CentreHomeSchema>;
