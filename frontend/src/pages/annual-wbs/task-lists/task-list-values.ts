// Pure values of the task list pages (年度任务, 部门任务, 我的任务, 预警任务; spec 001 §2, §3): which page types each
// shows as tabs, what it may do, the filters as a list query, and a card's texts.
import { MY_TASK_RWJD_FILTER, RWJD_GROUP, RWJD_GROUP_COLOURS, RWJD_NAMES, RWJD_STATES, type Rwjd } from '@zhengai/contracts';
import type { TargetTask, TargetTaskQuery, TaskListCounts, TaskPageType, TaskRejection } from '../../../api/target-tasks';
import { UNKNOWN } from '../../../utils/formatters';

/** Cards a page (spec 000 §9: the default page size). */
export const TASKS_PER_PAGE = 10;

export type TaskListKind = 'year' | 'department' | 'my' | 'warning';

export interface TaskListPage {
  title: string;
  /** the menu whose write grant shows 新增 / 编辑 / 删除 / 分解 (the server decides too) */
  menuKey: string;
  tabs: { pageType: TaskPageType; label: string }[];
  /** 新增任务 (a task straight under a year target) */
  adds: boolean;
  /** the charge departments' heads in the toolbar (部门任务) */
  showsHead: boolean;
}

/** 年度任务's page; `?yearTarget=<id>` opens it filtered to that year target's tasks (a year target card's count). */
export const YEAR_TASK_PATH = '/qualityManagement/annualWbs/yearTask';

/** The pages of the 年度目标任务 menus and the page types of each (001 §2). */
export const TASK_LIST_PAGES: Record<TaskListKind, TaskListPage> = {
  year: {
    title: '年度任务',
    menuKey: 'ly_herm_annual_wbs_year_task',
    tabs: [
      { pageType: 'YEAR_TASK', label: '全部任务' },
      { pageType: 'MY_YEAR_TASK', label: '我发布的' },
    ],
    adds: true,
    showsHead: false,
  },
  department: {
    title: '部门任务',
    menuKey: 'ly_herm_annual_wbs_departemnt_task',
    tabs: [
      { pageType: 'DEPARTMENT_TASK', label: '部门任务' },
      { pageType: 'DEPARTMENT_COOP_TASK', label: '协作任务' },
    ],
    adds: false,
    showsHead: true,
  },
  my: {
    title: '我的任务',
    menuKey: 'ly_herm_annual_wbs_personal_task',
    tabs: [
      { pageType: 'MY_TASK', label: '我的任务' },
      { pageType: 'MY_COOP_TASK', label: '我的协作' },
    ],
    adds: false,
    showsHead: false,
  },
  warning: {
    title: '预警任务',
    menuKey: 'ly_herm_annual_wbs_warning_task',
    tabs: [{ pageType: 'WARNING_TASK', label: '预警任务' }],
    adds: false,
    showsHead: false,
  },
};

/** The time sort: none (newest created first, the server's default), then the end date ascending, descending. */
export type TimeSort = 'asc' | 'desc' | null;

/** One click on the time sort: none → ascending → descending → ascending … (001 §2 "toggled by clicking"). */
export function nextSort(sort: TimeSort): 'asc' | 'desc' {
  return sort === 'asc' ? 'desc' : 'asc';
}

export const SORT_LABELS: Record<'none' | 'asc' | 'desc', string> = { none: '时间排序', asc: '结束时间升序', desc: '结束时间降序' };

export const WARNING_TYPE_OPTIONS = [
  { value: 'process', label: '过程预警' },
  { value: 'expired', label: '逾期预警' },
] as const;

/** The filters of the header bar as the page holds them: null means not chosen. */
export interface TaskFilter {
  cycleYear: string | null;
  yearTargetId: string | null;
  name: string | null;
  year: string | null;
  rwjd: Rwjd | null;
  rwlx: 'A' | 'B' | 'C' | null;
  warningType: 'process' | 'expired' | null;
  sort: TimeSort;
  page: number;
}

export const NO_FILTER: TaskFilter = { cycleYear: null, yearTargetId: null, name: null, year: null, rwjd: null, rwlx: null, warningType: null, sort: null, page: 1 };

/** The list call of a tab with the chosen filters; what is not chosen is left out. */
export function taskQuery(pageType: TaskPageType, filter: TaskFilter): TargetTaskQuery {
  const query: TargetTaskQuery = { pageType, pageNum: filter.page, pageSize: TASKS_PER_PAGE };
  if (filter.cycleYear) query.cycleYear = filter.cycleYear;
  if (filter.yearTargetId) query.yearTargetId = filter.yearTargetId;
  if (filter.name) query.name = filter.name;
  if (filter.year) query.year = filter.year;
  if (filter.rwjd) query.rwjd = filter.rwjd;
  if (filter.rwlx) query.rwlx = filter.rwlx;
  if (filter.warningType) query.warningType = filter.warningType;
  if (filter.sort) query.sort = filter.sort;
  return query;
}

/** The home page's counters lead to a list of what waits for the person (search param `waiting`). */
export type Waiting = 'audit' | 'todo';
export const WAITING_LABELS: Record<Waiting, string> = { audit: '待审核', todo: '待办任务' };
export const waitingOf = (value: string | null): Waiting | null => (value === 'audit' || value === 'todo' ? value : null);

/** The task states the state filter offers: the my-task pages leave out wait-resolve (001 §4 catalogue A). */
export function rwjdOptions(kind: TaskListKind): { value: Rwjd; label: string }[] {
  const states: readonly Rwjd[] = kind === 'my' ? MY_TASK_RWJD_FILTER : RWJD_STATES;
  return states.map((value) => ({ value, label: RWJD_NAMES[value] }));
}

/** rwjd as its tag: the name, coloured by its display group (paused orange, normal blue, finished green). */
export function rwjdTag(rwjd: Rwjd): { text: string; color: string } {
  return { text: RWJD_NAMES[rwjd] ?? rwjd, color: RWJD_GROUP_COLOURS[RWJD_GROUP[rwjd]] ?? 'default' };
}

/** cjrmc as the documents send it (URI-encoded): decoded when it is, kept as it is otherwise (a bare % or plain text). */
export function decodeName(name: string | null | undefined): string {
  if (!name) return '';
  if (!/%[0-9A-Fa-f]{2}/.test(name)) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** rwnf (comma-separated years) shown first ~ last: '2026', '2025 ~ 2027'; empty shows 未知. */
export function yearSpan(rwnf: string | null | undefined): string {
  const years = (rwnf ?? '')
    .split(',')
    .map((y) => y.trim())
    .filter((y) => /^\d{4}$/.test(y))
    .sort();
  if (years.length === 0) return UNKNOWN;
  const first = years[0];
  const last = years[years.length - 1];
  return first === last ? first : `${first} ~ ${last}`;
}

/** kssj ~ jssj, either missing shown 未知. */
export function dateSpan(kssj: string | null | undefined, jssj: string | null | undefined): string {
  return `${kssj?.slice(0, 10) || UNKNOWN} ~ ${jssj?.slice(0, 10) || UNKNOWN}`;
}

/**
 * The year range picker (001 §5): choosing a start year with no end year sets the end to the same year; an end before
 * the start is moved up to it.
 */
export function pickYearRange(range: { start: string | null; end: string | null }, changed: 'start' | 'end'): { start: string | null; end: string | null } {
  const { start, end } = range;
  if (changed === 'start' && start && !end) return { start, end: start };
  if (start && end && end < start) return changed === 'start' ? { start, end: start } : { start: end, end };
  return { start, end };
}

/** rwnf from the picked range: every year from start to end, comma-separated ('2025,2026,2027'). */
export function rwnfOf(start: string, end: string): string {
  const from = Number(start);
  const to = Math.max(from, Number(end));
  const years: string[] = [];
  for (let y = from; y <= to; y += 1) years.push(String(y));
  return years.join(',');
}

/** The range the picker starts with for a task's rwnf: its first and last year. */
export function rangeOf(rwnf: string | null | undefined): { start: string | null; end: string | null } {
  const years = (rwnf ?? '')
    .split(',')
    .map((y) => y.trim())
    .filter((y) => /^\d{4}$/.test(y))
    .sort();
  return { start: years[0] ?? null, end: years[years.length - 1] ?? null };
}

/** What the delete confirmation says: the task by name; one with sub-tasks will be refused. */
export function deleteQuestion(task: Pick<TargetTask, 'rwmc' | 'childCount'>): string {
  const tail = task.childCount > 0 ? `它下面已有${task.childCount}个子任务，需先删除子任务。` : '删除后不可恢复。';
  return `确定删除任务“${task.rwmc}”吗？${tail}`;
}

/** A charge department of the listed tasks and its head (targetTask/listCounts). */
export type ChargeDepartment = TaskListCounts['chargeDepartments'][number];

/**
 * The toolbar's department line of 部门任务, from the charge departments of the tasks the list holds (the server counts
 * them with the list's own query): one department names its head (未知 when it has none); several are counted, their
 * heads named in the detail, so the line never names one head for another department's tasks.
 */
export function departmentLine(departments: readonly ChargeDepartment[] | null | undefined): { label: string; value: string; detail: string | null } {
  // not answered yet, or no task listed: no department to name
  if (!departments || departments.length === 0) return { label: '部门负责人', value: '—', detail: null };
  if (departments.length === 1) return { label: '部门负责人', value: departments[0].headName || UNKNOWN, detail: departments[0].name };
  return {
    label: '责任部门',
    value: `${departments.length}个`,
    detail: departments.map((d) => `${d.name}：${d.headName || UNKNOWN}`).join('；'),
  };
}

/** The tab a URL's `tab` search parameter names, else the page's first. */
export function tabOf(page: TaskListPage, tab: string | null): TaskPageType {
  return page.tabs.find((t) => t.pageType === tab)?.pageType ?? page.tabs[0].pageType;
}

/** The heading of a card's rejection notice: which word against the task still stands. */
export function rejectionText(rejection: Pick<TaskRejection, 'kind'>): string {
  return rejection.kind === 'report' ? '进度被驳回' : '审核不通过';
}

/** The heading of a card's urge notice: an urge (督办) the owner has not accepted yet. */
export const URGE_NOTICE = '督办待接收';
