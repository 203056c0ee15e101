import { CYCLE_YEAR_MAX, CYCLE_YEAR_MIN, YEAR_TARGET_MESSAGES } from './year-target-rules.js';

/**
 * Copying a year target with its whole task tree into another year (issue 13, "year target copy to the next year as a
 * job with status polling, like the libraries"). Pure: the task id a person polls, the year the copy goes to, the
 * stages and how far a copy is, and the refusals' messages.
 */

/** The stages of a copy, one set-based statement each, in order. */
export const YEAR_COPY_STAGES = ['target', 'tasks', 'cooperations', 'history'] as const;
export type YearCopyStage = (typeof YEAR_COPY_STAGES)[number];

const STAGE_LABELS: Record<YearCopyStage, string> = {
  target: '复制年度目标',
  tasks: '复制目标任务',
  cooperations: '复制协同部门',
  history: '记录任务历史',
};

export const YEAR_COPY_STEP_WAITING = '排队中';
export const YEAR_COPY_STEP_DONE = '完成';
export const YEAR_COPY_STEP_FAILED = '失败';

export interface YearCopyProgress {
  done: number;
  total: number;
  step: string;
  reason?: string;
}

/** A copy about to run a stage. */
export function yearCopyStageProgress(stage: YearCopyStage): YearCopyProgress {
  return { done: YEAR_COPY_STAGES.indexOf(stage), total: YEAR_COPY_STAGES.length, step: STAGE_LABELS[stage] };
}

export function yearCopyFinished(): YearCopyProgress {
  return { done: YEAR_COPY_STAGES.length, total: YEAR_COPY_STAGES.length, step: YEAR_COPY_STEP_DONE };
}

export function yearCopyFailedAt(last: YearCopyProgress | null, reason: string): YearCopyProgress {
  return { done: last?.done ?? 0, total: YEAR_COPY_STAGES.length, step: YEAR_COPY_STEP_FAILED, reason };
}

export const YEAR_COPY_MESSAGES = {
  sourceMissing: '要复制的年度目标不存在',
  /** A job that threw (a fault, not a refusal): never the exception's own text. */
  failed: '复制年度目标失败，请稍后重试',
  taskUnknown: '任务不存在或已过期',
  taskIdInvalid: '任务编号不正确',
  sameYear: '目标年度与原年度相同，请选择其他年度',
} as const;

/** The refusal when the target year holds a target of the same name. */
export const nameTakenIn = (year: string, name: string) => `${year}年已有同名的年度目标「${name}」，不能复制`;

/**
 * The year a copy goes to: the one asked for (four digits, 2000–2100, not the source's own), else the year after the
 * source's. Answers the year or the refusal's message.
 */
export function copyYearOf(sourceYear: string, asked: unknown): { ok: true; year: string } | { ok: false; message: string } {
  const raw = typeof asked === 'number' ? String(asked) : typeof asked === 'string' ? asked.trim() : '';
  const year = raw === '' && (asked === undefined || asked === null || asked === '') ? String(Number(sourceYear) + 1) : raw;
  if (!/^[0-9]{4}$/.test(year) || Number(year) < CYCLE_YEAR_MIN || Number(year) > CYCLE_YEAR_MAX) return { ok: false, message: YEAR_TARGET_MESSAGES.yearInvalid };
  if (year === sourceYear) return { ok: false, message: YEAR_COPY_MESSAGES.sameYear };
  return { ok: true, year };
}

const SAFE = /^[A-Za-z0-9_-]{1,64}$/;
const PREFIX = 'ytcopy-';

/** The id a person polls: ytcopy-<new target id> (the id is made before enqueueing, so a repeat runs once). */
export function yearCopyTaskId(yearTargetId: string): string {
  if (!SAFE.test(yearTargetId)) throw new RangeError(`year target id "${yearTargetId}" cannot make a task id`);
  return `${PREFIX}${yearTargetId}`;
}

/** The new target's id a copy task id names, or null for anything else. */
export function yearTargetOfTask(taskId: string): string | null {
  if (!taskId.startsWith(PREFIX)) return null;
  const id = taskId.slice(PREFIX.length);
  return SAFE.test(id) ? id : null;
}
