// Pure helpers of the home page: the greeting and the warning sums (spec 000 §3, §6).
import type { LoginUser, MenuMap, WarningCount } from '../../api/types';
import { CENTRES } from '../../api/development-centres';
import { menuRedirectPath } from '../../menus/menu-redirect';
import { hasMenu } from '../../menus/menus';
import { centreLevelOf } from '../develop-centre/centre-data';
import { gradeTag } from '../quality-management/improvement/quality-values';
import { warningLimit, warningValue } from '../quality-management/improvement/warning-values';

/** 早上好 / 上午好 / … by the hour of the day. */
export function greetingFor(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export interface TaskWarnings {
  processWarningCount: number;
  expiredWarningCount: number;
  totalWarningCount: number;
}

export interface WarningSummary {
  /** per task id */
  byTask: Record<string, TaskWarnings>;
  /** 过程预警: sum of processMap */
  process: number;
  /** 逾期预警: sum of delayMap */
  expired: number;
  /** 预警总数 */
  total: number;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0);

/** Per task (from the server's task id → count maps) and in sum. */
export function summarizeWarnings(answer: Partial<WarningCount> | null | undefined): WarningSummary {
  const processMap = answer?.processMap ?? {};
  const delayMap = answer?.delayMap ?? {};
  const byTask: Record<string, TaskWarnings> = {};
  let process = 0;
  let expired = 0;
  for (const id of new Set([...Object.keys(processMap), ...Object.keys(delayMap)])) {
    const p = count(processMap[id]);
    const e = count(delayMap[id]);
    byTask[id] = { processWarningCount: p, expiredWarningCount: e, totalWarningCount: p + e };
    process += p;
    expired += e;
  }
  // the server's sums when it sends them (001 §7 item 14); the maps' sums otherwise
  if (typeof answer?.processWarningCount === 'number') process = answer.processWarningCount;
  if (typeof answer?.expiredWarningCount === 'number') expired = answer.expiredWarningCount;
  const total = typeof answer?.totalWarningCount === 'number' ? answer.totalWarningCount : process + expired;
  return { byTask, process, expired, total };
}

export type WarningScope = 'all' | 'personal' | 'department';

export interface WarningQuery {
  scope: WarningScope;
  title: string;
  params: { queryType: 'personal' } | { departmentCondition: string } | Record<string, never>;
}

/**
 * The warning counts the person may see: none unless the configuration turns them on (`warningCountsEnabled` of
 * /api/client-config, 000 §6), then each scope only with its menu (and, for departments, a department).
 */
export function warningQueries(
  user: Pick<LoginUser, 'newChargeDeparmentIdList' | 'chargeDeparmentIdList'> & { menus?: MenuMap },
  enabled = true,
): WarningQuery[] {
  const queries: WarningQuery[] = [];
  if (!enabled) return queries;
  if (hasMenu(user.menus, 'ly_herm_annual_wbs')) queries.push({ scope: 'all', title: '全部任务', params: {} });
  if (hasMenu(user.menus, 'ly_herm_annual_wbs_personal_task')) {
    queries.push({ scope: 'personal', title: '我的任务', params: { queryType: 'personal' } });
  }
  const departments = user.newChargeDeparmentIdList?.length ? user.newChargeDeparmentIdList : (user.chargeDeparmentIdList ?? []);
  // without a department the call would count every task, so it is not made
  if (hasMenu(user.menus, 'ly_herm_annual_wbs_departemnt_task') && departments.length > 0) {
    queries.push({ scope: 'department', title: '部门任务', params: { departmentCondition: departments.join(',') } });
  }
  return queries;
}

/** 预警任务 (the 任务预警 card's list) and the menu that shows it. */
export const WARNING_TASK_PATH = '/qualityManagement/annualWbs/warning';
export const WARNING_TASK_MENU = 'ly_herm_annual_wbs_warning_task';

/** Where 诊断改进 lives, and the menu that shows it. */
export const IMPROVEMENT_PATH = '/qualityManagement/improvement';
export const IMPROVEMENT_MENU = 'ly_herm_improvement';
/** 监测预警: every warning of a task. */
export const WARNING_PATH = '/qualityManagement/warning';
export const WARNING_MENU = 'ly_herm_monitorWarning';

/**
 * An open warning's link: its task's table with the point's drawer open on 预警历史, in the 诊断改进 of its object's
 * level's centre when the person has that page (000 §2's redirect helper; issue 33), else 内部质量管理's.
 */
export function myWarningLink(warning: { objTaskId: string; zgzkdid: string; objectType?: string }, menus?: MenuMap | null): string {
  const search = `?${new URLSearchParams({ task: warning.objTaskId, point: warning.zgzkdid, tab: 'warnings' }).toString()}`;
  const level = centreLevelOf(warning.objectType);
  const inCentre = level && hasMenu(menus, `${CENTRES[level].menuKey}_improvement`) ? menuRedirectPath(menus, `/improvement${search}`, level) : null;
  return inCentre ?? `${IMPROVEMENT_PATH}${search}`;
}

/** A grade as its letter and name: 'D（未完成）'. */
function gradeText(grade: string | null | undefined): string {
  const tag = gradeTag(grade);
  if (!tag) return '';
  const code = String(grade).trim().toUpperCase();
  return tag.text === code || tag.text === String(grade) ? code : `${code}（${tag.text}）`;
}

/**
 * 预警值 and 监测值 of an open warning as 我的预警 shows them: a value rule compares values (`< 85.00%` / `80.00%`),
 * a grade rule compares grades on both sides (`< C` / `D（未完成）`), never a grade beside a raw number.
 */
export function myWarningValues(w: { tj?: string | null; yjz: string; zlx: string; jgz: string | null; yjlx?: string | null; jgdj?: string | null }): {
  limit: string;
  value: string;
} {
  if (w.yjlx === 'level') {
    return { limit: warningLimit({ tj: w.tj ?? '', yjz: w.yjz, zlx: w.zlx, yjlx: 'level' }), value: gradeText(w.jgdj) || '—' };
  }
  return { limit: warningLimit({ tj: w.tj ?? '', yjz: w.yjz, zlx: w.zlx }), value: warningValue(w.zlx, w.jgz) || '—' };
}
