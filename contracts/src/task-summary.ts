// Summary analysis of target tasks (汇总分析, spec 001 §2 summary types, §7 item 17): the numbers the summary pages
// chart — by state, by department, by task type, progress distribution and the overdue trend — for one scope.
import { z } from 'zod';
import { text } from './input.js';
import { RWJD_STATES } from './limits.js';
import { TASK_TYPE_CODES } from './year-targets.js';

/** The summary types of 001 §2: the person's own tasks, one charge department's, the whole school's. */
export const SUMMARY_TYPES = ['mySummaryAnalysis', 'departmentSummaryAnalysis', 'globalSummaryAnalysis'] as const;
export type SummaryType = (typeof SUMMARY_TYPES)[number];
export const SUMMARY_TYPE_NAMES: Record<SummaryType, string> = {
  mySummaryAnalysis: '我的汇总',
  departmentSummaryAnalysis: '部门汇总',
  globalSummaryAnalysis: '全局汇总',
};

/**
 * The progress distribution's buckets: 0, (0,25], (25,50], (50,75], (75,100), 100 — the progress of the task's last
 * passed report (000 §9, value / target × 100, 2 decimals, capped 0–100; '0' without one).
 */
export const PROGRESS_BUCKETS = ['0', '0-25', '25-50', '50-75', '75-100', '100'] as const;
export type ProgressBucket = (typeof PROGRESS_BUCKETS)[number];
export const PROGRESS_BUCKET_NAMES: Record<ProgressBucket, string> = {
  '0': '0%',
  '0-25': '0-25%',
  '25-50': '25-50%',
  '50-75': '50-75%',
  '75-100': '75-100%',
  '100': '100%',
};

/** GET targetTask/summaryAnalysis: the type and the filter bar (year, year target; the department page's department). */
export const TaskSummaryQuerySchema = z
  .object({
    type: z.enum(SUMMARY_TYPES, { error: '汇总类型不正确' }),
    year: text(4, { tooLong: '年份须为四位年份' }).optional().describe('task year (one of rwnf); also the overdue trend\'s year (default: this year)'),
    yearTargetId: text(64).optional(),
    chargeDepartId: text(64).optional().describe('departmentSummaryAnalysis: default the person\'s first charge department'),
  })
  .meta({ id: 'TaskSummaryQuery' });
export type TaskSummaryQuery = z.infer<typeof TaskSummaryQuerySchema>;

/** A charge department as the department summary shows it, with its head (shown 未知 when missing). */
export const SummaryDepartmentSchema = z
  .object({ id: z.string(), name: z.string(), headName: z.string().nullable() })
  .meta({ id: 'SummaryDepartment' });
export type SummaryDepartment = z.infer<typeof SummaryDepartmentSchema>;

/** The summary of one scope. Warning counts are open warnings (not closed), as the cards and warningCount count them. */
export const TaskSummarySchema = z
  .object({
    type: z.enum(SUMMARY_TYPES),
    year: z.string().describe('the overdue trend\'s year'),
    department: SummaryDepartmentSchema.nullable().describe('departmentSummaryAnalysis: the department summarised'),
    totals: z.object({
      total: z.number().int(),
      finished: z.number().int().describe('rwjd hasDone or delayDone'),
      completionRate: z.string().describe("finished / total × 100, 2 decimals ('0' … '100.00')"),
      processWarnings: z.number().int(),
      expiredWarnings: z.number().int(),
    }),
    byState: z.array(z.object({ rwjd: z.enum(RWJD_STATES), name: z.string(), count: z.number().int() })).describe('every rwjd, in catalogue order'),
    byGroup: z.array(z.object({ group: z.enum(['pause', 'normal', 'finished']), name: z.string(), count: z.number().int() })).describe('display groups paused / normal / finished'),
    byDepartment: z
      .array(
        z.object({
          departId: z.string().nullable(),
          departName: z.string().nullable().describe('null: no charge department'),
          total: z.number().int(),
          finished: z.number().int(),
          processWarnings: z.number().int(),
          expiredWarnings: z.number().int(),
        }),
      )
      .describe('by charge department, most tasks first (then by id)'),
    byType: z.array(z.object({ rwlx: z.enum(TASK_TYPE_CODES), rwlxmc: z.string(), total: z.number().int(), finished: z.number().int() })).describe('A, B, C'),
    progress: z.array(z.object({ bucket: z.enum(PROGRESS_BUCKETS), name: z.string(), count: z.number().int() })),
    overdueTrend: z.array(z.object({ month: z.string().describe('yyyy-MM'), count: z.number().int() })).describe('expired warnings opened in each month of the year'),
  })
  .meta({ id: 'TaskSummary' });
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

/** GET targetTask/summaryScopes: the summary types the person may use and the departments they may summarise. */
export const TaskSummaryScopesSchema = z
  .object({
    types: z.array(z.enum(SUMMARY_TYPES)),
    departments: z.array(SummaryDepartmentSchema).describe('the department page\'s selector'),
    defaultDepartId: z.string().nullable().describe('the first charge department'),
  })
  .meta({ id: 'TaskSummaryScopes' });
export type TaskSummaryScopes = z.infer<typeof TaskSummaryScopesSchema>;

/** selectSchool/getSelectedSchoolList: the schools to compare; the school's own entry until school analysis exists. */
export const SelectedSchoolSchema = z
  .object({ id: z.string(), schoolName: z.string(), schoolCode: z.string().nullable() })
  .meta({ id: 'SelectedSchool' });
export type SelectedSchool = z.infer<typeof SelectedSchoolSchema>;
