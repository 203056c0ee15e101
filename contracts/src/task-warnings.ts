// Warnings of target tasks (issue 13, 001 §7 the average-level module's "warning conditions"): when a process report
// is due, and what a scan opened and closed. The rule: backend/src/modules/target-tasks/domain/task-warnings.ts.
import { z } from 'zod';
import { numberFromText, optionalText, text } from './input.js';

/** How often a task in execution owes a progress report: every month, quarter or half year. */
export const WARNING_CADENCES = ['month', 'quarter', 'halfYear'] as const;
export type WarningCadence = (typeof WARNING_CADENCES)[number];
export const WARNING_CADENCE_NAMES: Record<WarningCadence, string> = { month: '每月', quarter: '每季度', halfYear: '每半年' };

/** Days after a period ends before its missing report opens a process warning. */
export const WARNING_GRACE_DAYS_MAX = 90;

/** GET targetTask/warningCondition: the conditions that hold for a year target (its own, or the school's). */
export const TaskWarningConditionSchema = z
  .object({
    yearTargetId: z.string().nullable().describe('null: the school-wide conditions'),
    cadence: z.enum(WARNING_CADENCES).describe('a process report is due once per period'),
    graceDays: z.number().int().describe('days after a period ends before its missing report raises a warning'),
    inherited: z.boolean().describe('true when the year target has no conditions of its own and the school-wide ones hold'),
    updateTime: z.string().nullable().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({ id: 'TaskWarningCondition' });
export type TaskWarningCondition = z.infer<typeof TaskWarningConditionSchema>;

const GRACE_DAYS_MESSAGE = `宽限天数须为0到${WARNING_GRACE_DAYS_MAX}的整数`;

/** GET targetTask/warningCondition?yearTargetId=: a year target's conditions; without one, the school-wide ones. */
export const TaskWarningConditionQuerySchema = z
  .object({ yearTargetId: text(64).optional().describe('a year target; without one, the school-wide conditions') })
  .meta({ id: 'TaskWarningConditionQuery' });

/** POST targetTask/warningCondition/update: a year target's own conditions (or, without one, the school's). */
export const TaskWarningConditionInputSchema = z
  .object({
    yearTargetId: optionalText(64).optional().describe("a year target's own conditions; without one (or blank), the school-wide ones"),
    cadence: z.enum(WARNING_CADENCES, { error: '请选择上报周期（每月、每季度、每半年）' }),
    graceDays: numberFromText(z.int({ error: GRACE_DAYS_MESSAGE }).min(0, { error: GRACE_DAYS_MESSAGE }).max(WARNING_GRACE_DAYS_MAX, { error: GRACE_DAYS_MESSAGE }))
      .describe(`days after a period ends (0–${WARNING_GRACE_DAYS_MAX})`),
  })
  .meta({ id: 'TaskWarningConditionInput' });
export type TaskWarningConditionInput = z.infer<typeof TaskWarningConditionInputSchema>;

/** POST targetTask/warningScan: what one scan changed. */
export const TaskWarningScanSchema = z
  .object({
    opened: z.number().int().describe('warnings opened (process and expired)'),
    closed: z.number().int().describe('open warnings closed as resolved'),
  })
  .meta({ id: 'TaskWarningScan' });
export type TaskWarningScan = z.infer<typeof TaskWarningScanSchema>;
