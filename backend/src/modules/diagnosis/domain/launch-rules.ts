import {
  AUDITOR_RULES, LAUNCH_MESSAGES, OWNER_RULES,
  type AuditorRule, type LaunchAction, type LaunchLevel, type LaunchScope, type LaunchState, type OwnerRule,
} from '@zhengai/contracts';
import { cycleKindOf } from '../../../shared/kernel/cycle-kind.js';

export type { AuditorRule, LaunchAction, LaunchLevel, LaunchScope, LaunchState, OwnerRule };

/** Who launches a diagnosis (诊断任务下发): administrators and year-target publishers (the 质量办), by role code. */
export const LAUNCH_ROLES: readonly string[] = ['admin', 'yearTargetPublisher'];

export const mayLaunch = (roleCodes: readonly string[]): boolean => roleCodes.some((c) => LAUNCH_ROLES.includes(c));

/**
 * The one table of what may be done with a launch in each state (the page's buttons read `launchActionsOf`): urge
 * and close while its tasks run, retry a launch whose job failed for good; a closed launch is history.
 */
export const LAUNCH_ACTIONS_IN: Readonly<Record<LaunchState, readonly LaunchAction[]>> = {
  launching: [],
  running: ['urge', 'close'],
  failed: ['retry', 'close'],
  closed: [],
};

export function launchActionsOf(roleCodes: readonly string[], state: LaunchState): LaunchAction[] {
  return mayLaunch(roleCodes) ? [...LAUNCH_ACTIONS_IN[state]] : [];
}

/** The answer of the options: launch when the person may. */
export const optionActionsOf = (roleCodes: readonly string[]): LaunchAction[] => (mayLaunch(roleCodes) ? ['launch'] : []);

// ---------------------------------------------------------------------------------------------
// cycles (spec 000 §3–4): 学期 cycles for courses and students, 年度 for the rest

export { cycleKindOf, type CycleKind } from '../../../shared/kernel/cycle-kind.js';

/** Whether a cycle type (by its name, lxmc) is the level's. */
export const cycleTypeFits = (level: LaunchLevel, cycleTypeName: string): boolean => cycleTypeName.trim() === cycleKindOf(level);

/** A task's name: `<object name><cycle>年度质量诊断` (学期质量诊断 for semester cycles), cut to fit 200 characters. */
export function taskSuffixOf(level: LaunchLevel, cycleValue: string): string {
  return `${cycleValue}${cycleKindOf(level)}质量诊断`;
}
export const TASK_NAME_MAX = 200;

// ---------------------------------------------------------------------------------------------
// owners and auditors of each object's task

/** Owner rules a level offers: the teacher or student themself only at those levels. */
export function ownerRulesOf(level: LaunchLevel): OwnerRule[] {
  return OWNER_RULES.filter((r) => r !== 'self' || level === 'teacher' || level === 'student');
}
export const auditorRulesOf = (): AuditorRule[] => [...AUDITOR_RULES];

/** What an object brings to its task's parties. */
export interface LaunchObject {
  responsibleId: string | null;
  userId: string | null;
  /** its department, or its upper object's (a course's or student's major) */
  departmentId: string | null;
}

/** The task's owner by the rule: the responsible person, the person themself, or the chosen one (null: nobody named). */
export function ownerOf(rule: OwnerRule, object: LaunchObject, chosen: string | null): string | null {
  switch (rule) {
    case 'responsible': return object.responsibleId;
    case 'self': return object.userId;
    case 'chosen': return chosen;
  }
}

/** The task's auditor by the rule: the head of the object's department, or the chosen one. */
export function auditorOf(rule: AuditorRule, departmentHeadId: string | null, chosen: string | null): string | null {
  return rule === 'chosen' ? chosen : departmentHeadId;
}

/** An object's department: its own, else its upper object's (course → major, student → major). */
export const departmentOf = (own: string | null, upper: string | null): string | null => own ?? upper;

// ---------------------------------------------------------------------------------------------
// what a launch must hold before its job runs

export interface LaunchChoice {
  level: LaunchLevel;
  cycleTypeName: string | null;
  cycleValue: string;
  library: { level: string; cycleValue: string; cycleTypeId: string | null; points: number; deleted: boolean; closed: boolean } | null;
  cycleTypeId: string;
  scope: LaunchScope;
  scopeIds: readonly string[];
  ownerRule: OwnerRule;
  ownerId: string | null;
  auditorRule: AuditorRule;
  auditorId: string | null;
  startDate: string;
  endDate: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-MM-dd. */
export function isDay(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The dates' rules: real days, the start not after the end, the end not before today (yyyy-MM-dd). */
export function dateProblem(startDate: string, endDate: string, today: string): string | null {
  if (!isDay(startDate)) return '开始日期不正确';
  if (!isDay(endDate)) return '结束日期不正确';
  if (startDate > endDate) return '开始日期不能晚于结束日期';
  if (endDate < today) return '结束日期不能早于今天';
  return null;
}

/** The first broken rule of a launch (a Chinese message), or null: the cycle, the library, the objects, the rules, the dates. */
export function launchProblem(c: LaunchChoice, today: string): string | null {
  if (c.cycleTypeName === null) return '周期类型不存在';
  if (!cycleTypeFits(c.level, c.cycleTypeName)) return `${LEVEL_WORDS[c.level]}层面按${cycleKindOf(c.level)}诊断，请选择${cycleKindOf(c.level)}周期`;
  if (!c.library || c.library.deleted) return '目标标准不存在';
  if (c.library.level !== c.level) return '目标标准不是所选层面的';
  if (c.library.cycleValue !== c.cycleValue || (c.library.cycleTypeId !== null && c.library.cycleTypeId !== c.cycleTypeId)) return '目标标准不是所选周期的';
  if (c.library.points === 0) return '目标标准还没有质控点';
  if (c.library.closed) return '该目标标准的诊断周期已关闭';
  if (c.scope !== 'all' && c.scopeIds.length === 0) return c.scope === 'departments' ? '请选择部门' : '请选择诊断对象';
  if (!ownerRulesOf(c.level).includes(c.ownerRule)) return '只有教师和学生层面可以由本人负责';
  if (c.ownerRule === 'chosen' && !c.ownerId) return '请选择任务负责人';
  if (c.auditorRule === 'chosen' && !c.auditorId) return '请选择审核人';
  return dateProblem(c.startDate, c.endDate, today);
}

const LEVEL_WORDS: Record<LaunchLevel, string> = { school: '学校', major: '专业', course: '课程', teacher: '教师', student: '学生' };

// ---------------------------------------------------------------------------------------------
// a closed cycle

/** A task of a closed launch refuses edits, submissions and audits, each with its message; its results stay. */
export const CLOSED_MESSAGES = { edit: LAUNCH_MESSAGES.closed, submit: LAUNCH_MESSAGES.closedSubmit, audit: LAUNCH_MESSAGES.closedAudit } as const;

/** Overdue: past its end (yyyy-MM-dd, before today) and not submitted (draft or refused: the owner's turn). */
export const isOverdue = (endDate: string | null, auditState: string, today: string): boolean =>
  endDate !== null && endDate < today && (auditState === 'draft' || auditState === 'refused');
