import type { ProgressAudit, Rwjd, WarningCadence } from '@zhengai/contracts';
import { isFinished } from './catalogues.js';

/**
 * The warnings of a target task (issue 13 "Warnings for tasks"; the average-level module's warning conditions), as a
 * pure rule. The scan (infrastructure/task-warning.pg-repository.ts) does the same in one set-based statement per
 * kind; the unit test of this file is the table of the README, and the e2e test checks the SQL against it by cases.
 *
 * - A process warning: a task in execution (executeing or delayNotDone) and not paused owes one report (process or
 *   final, not rejected) per cadence period, from the period holding its kssj; a period is due once it ended, plus the
 *   grace days, before today, and ended before jssj (the last stretch is the final report's and the expired warning's).
 *   A due period no report covers opens a warning keyed by the period: '2026-03', '2026-Q1', '2026-H1'.
 * - An expired warning: jssj before today and the task not finished, keyed 'jssj:2026-06-30', so after a granted
 *   delay that passes again, a new one opens.
 * - A report covers a period when it names it (period_key) or is dated from the period's start to its end plus grace.
 * - Closing: an expired warning when the task finishes or jssj moves (to today or later, or to another date); a
 *   process warning when a report covers its period or the task finishes. Pausing closes nothing.
 */

export interface WarningConditions {
  cadence: WarningCadence;
  /** Days after a period ends before its missing report opens a warning. */
  graceDays: number;
}

/** The school-wide conditions the migration seeds. */
export const DEFAULT_WARNING_CONDITIONS: WarningConditions = { cadence: 'quarter', graceDays: 15 };

/** Months in a period of each cadence. */
export const CADENCE_MONTHS: Record<WarningCadence, number> = { month: 1, quarter: 3, halfYear: 6 };

export interface Period {
  key: string;
  /** yyyy-MM-dd, the first day */
  start: string;
  /** yyyy-MM-dd, the last day */
  end: string;
}

export interface WarningReport {
  /** yyyy-MM-dd the report was made */
  date: string;
  /** the period it names, when it names one */
  periodKey: string | null;
  audit: ProgressAudit;
}

export interface WarningTask {
  rwjd: Rwjd;
  paused: boolean;
  kssj: string | null;
  jssj: string | null;
  reports: WarningReport[];
}

export type WarningKind = 'process' | 'expired';

export interface ExpectedWarning {
  kind: WarningKind;
  periodKey: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** date + days, as yyyy-MM-dd (UTC arithmetic on calendar dates). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function keyOf(y: number, firstMonth: number, cadence: WarningCadence): string {
  if (cadence === 'month') return `${y}-${pad(firstMonth)}`;
  if (cadence === 'quarter') return `${y}-Q${(firstMonth - 1) / 3 + 1}`;
  return `${y}-H${(firstMonth - 1) / 6 + 1}`;
}

/** The period of a cadence holding a date. */
export function periodOf(date: string, cadence: WarningCadence): Period {
  const [y, m] = parts(date);
  const n = CADENCE_MONTHS[cadence];
  const first = Math.floor((m - 1) / n) * n + 1;
  const last = first + n - 1;
  return { key: keyOf(y, first, cadence), start: ymd(y, first, 1), end: ymd(y, last, daysIn(y, last)) };
}

/** The period right after one. */
export function nextPeriod(period: Period, cadence: WarningCadence): Period {
  return periodOf(addDays(period.end, 1), cadence);
}

const IN_EXECUTION: readonly Rwjd[] = ['executeing', 'delayNotDone'];

/** The periods a task owes a report for by today (oldest first); none unless it is in execution and not paused. */
export function duePeriods(task: WarningTask, conditions: WarningConditions, today: string): Period[] {
  if (!IN_EXECUTION.includes(task.rwjd) || task.paused || !task.kssj) return [];
  const due: Period[] = [];
  for (let p = periodOf(task.kssj, conditions.cadence); addDays(p.end, conditions.graceDays) < today; p = nextPeriod(p, conditions.cadence)) {
    if (task.jssj !== null && p.end >= task.jssj) break;
    due.push(p);
  }
  return due;
}

/** Whether a report (not rejected) covers the period: it names it, or it is dated from its start to its end plus grace. */
export function covers(report: WarningReport, period: Period, graceDays: number): boolean {
  if (report.audit === 'reject') return false;
  if (report.periodKey !== null) return report.periodKey === period.key;
  return report.date >= period.start && report.date <= addDays(period.end, graceDays);
}

/** The key of the expired warning a task's end date opens. */
export const expiredKey = (jssj: string) => `jssj:${jssj}`;

/** The warnings a scan on `today` opens for the task (those already open stay; see `closes`). */
export function warningsToOpen(task: WarningTask, conditions: WarningConditions, today: string): ExpectedWarning[] {
  const open: ExpectedWarning[] = [];
  for (const p of duePeriods(task, conditions, today)) {
    if (!task.reports.some((r) => covers(r, p, conditions.graceDays))) open.push({ kind: 'process', periodKey: p.key });
  }
  if (task.jssj !== null && task.jssj < today && !isFinished(task.rwjd)) open.push({ kind: 'expired', periodKey: expiredKey(task.jssj) });
  return open;
}

/** Whether an open warning is resolved on `today` (the scan closes it). `period` is the process warning's period. */
export function closes(
  warning: { kind: WarningKind; periodKey: string; period?: Period },
  task: WarningTask,
  conditions: WarningConditions,
  today: string,
): boolean {
  if (isFinished(task.rwjd)) return true;
  if (warning.kind === 'expired') return task.jssj === null || task.jssj >= today || warning.periodKey !== expiredKey(task.jssj);
  const period = warning.period;
  if (!period) return false;
  return task.reports.some((r) => covers(r, period, conditions.graceDays));
}
