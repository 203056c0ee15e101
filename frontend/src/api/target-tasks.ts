// The yearly target service's target tasks (spec 001 §2, §3, §7 items 13–17), under /api/herm-znfx.
import type { BatchResult, TargetTask, TargetTaskDetail, TaskAllowedActions, TaskBatchAction, TargetTaskInput, TargetTaskQuery, TaskListCounts, TaskType, TaskWarningCondition, TaskWarningConditionInput } from '@zhengai/contracts';
import { get, getBlob, post, type BlobResult, type GetOptions, type RequestOptions } from './request';
import type { Page } from './types';

export type { TargetTask, TargetTaskDetail, TargetTaskInput, TargetTaskQuery, TaskListCounts, TaskOpenUrge, TaskPageType, TaskRejection, TaskType } from '@zhengai/contracts';
export type { TaskWarningCondition, TaskWarningConditionInput, WarningCadence } from '@zhengai/contracts';
export { TARGET_TASK_LIMITS, TASK_PAGE_TYPES, WARNING_CADENCES, WARNING_GRACE_DAYS_MAX } from '@zhengai/contracts';

const BASE = '/api/herm-znfx';

/** Drops the filters that are not set (null, undefined, blank), so the URL carries only the ones chosen. */
function setFilters(query: TargetTaskQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (typeof value === 'number') params[key] = value;
    // a yes/no filter (leafOnly) is sent when on; off is the same as not sent
    else if (value === true) params[key] = 'true';
    else if (typeof value === 'string' && value.trim() !== '') params[key] = value.trim();
  }
  return params;
}

/**
 * GET /api/herm-znfx/targetTask/list?pageType&pageNum&pageSize&year&cycleYear&yearTargetId&name&rwjd&rwlx&warningType&sort
 * — one call for every page type (YEAR_TASK … WARNING_TASK), scoped by the server to what the person may see.
 */
export function getTargetTasks(query: TargetTaskQuery, opts: GetOptions<Page<TargetTask>> = {}): Promise<Page<TargetTask>> {
  return get<Page<TargetTask>>(`${BASE}/targetTask/list`, setFilters(query), opts);
}

/**
 * GET /api/herm-znfx/targetTask/export?pageType&year&cycleYear&yearTargetId&name&rwjd&rwlx&warningType&sort&waiting —
 * 导出Excel: every row the list shows under the same filters (paging dropped), as .xlsx named after the page type.
 */
export function exportTargetTasks(query: TargetTaskQuery, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  const { pageNum: _pageNum, pageSize: _pageSize, ...filters } = query;
  return getBlob(`${BASE}/targetTask/export`, setFilters({ ...filters }), opts);
}

/**
 * GET /api/herm-znfx/targetTask/listCounts?pageType&… (the list's own filters; paging ignored) — the figures beside the
 * list: its tasks, their open warnings (预警总数, 过程预警, 逾期预警) and their charge departments with their heads.
 */
export function getTaskListCounts(query: TargetTaskQuery, opts: GetOptions<TaskListCounts> = {}): Promise<TaskListCounts> {
  // the same filters as the list; its page and order change nothing counted (the key stays when the page turns)
  return get<TaskListCounts>(`${BASE}/targetTask/listCounts`, setFilters({ ...query, pageNum: undefined, pageSize: undefined, sort: undefined }), opts);
}

/** GET /api/herm-znfx/targetTask/detail?id — the task and the moves the person may make on it now. */
export function getTargetTask(id: string, opts: GetOptions<TargetTaskDetail> = {}): Promise<TargetTaskDetail> {
  return get<TargetTaskDetail>(`${BASE}/targetTask/detail`, { id }, opts);
}

/** POST /api/herm-znfx/targetTask/add — body TargetTaskInput (新增成功); parentId makes it a child (分解). */
export function addTargetTask(input: TargetTaskInput, opts: RequestOptions<TargetTask> = {}): Promise<TargetTask> {
  return post<TargetTask>(`${BASE}/targetTask/add`, input, opts);
}

/** POST /api/herm-znfx/targetTask/update — body { id, …the fields of add } (修改成功); year target and parent stay. */
export function updateTargetTask(id: string, input: TargetTaskInput, opts: RequestOptions<TargetTask> = {}): Promise<TargetTask> {
  return post<TargetTask>(`${BASE}/targetTask/update`, { id, ...input }, opts);
}

/** POST /api/herm-znfx/targetTask/delete — body { id }; refused (409) while the task has children or reports. */
export function deleteTargetTask(id: string, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/targetTask/delete`, { id }, opts);
}

/** GET /api/herm-znfx/NewSummaryAnalysis/getTaskTypeList — the task types { id: A|B|C, rwlxmc }. */
export function getTaskTypes(opts: GetOptions<TaskType[]> = {}): Promise<TaskType[]> {
  return get<TaskType[]>(`${BASE}/NewSummaryAnalysis/getTaskTypeList`, undefined, opts);
}

/**
 * GET /api/herm-znfx/targetTask/warningCondition?yearTargetId — the warning conditions holding for a year target (its
 * own, or the school-wide ones with `inherited`); without yearTargetId, the school-wide ones.
 */
export function getTaskWarningCondition(yearTargetId: string | null, opts: GetOptions<TaskWarningCondition> = {}): Promise<TaskWarningCondition> {
  return get<TaskWarningCondition>(`${BASE}/targetTask/warningCondition`, yearTargetId ? { yearTargetId } : undefined, opts);
}

/**
 * POST /api/herm-znfx/targetTask/warningCondition/update — body { yearTargetId?, cadence, graceDays } (保存成功):
 * a year target's own conditions, or without one the school-wide ones; administrators and year target publishers.
 */
export function updateTaskWarningCondition(input: TaskWarningConditionInput, opts: RequestOptions<TaskWarningCondition> = {}): Promise<TaskWarningCondition> {
  return post<TaskWarningCondition>(`${BASE}/targetTask/warningCondition/update`, input, opts);
}

/** GET /api/herm-znfx/targetTask/allowedActions?ids=a,b — the moves the person may make now on each task (a page's cards). */
export function getTaskAllowedActions(ids: readonly string[], opts: GetOptions<TaskAllowedActions[]> = {}): Promise<TaskAllowedActions[]> {
  return get<TaskAllowedActions[]>(`${BASE}/targetTask/allowedActions`, { ids: ids.join(',') }, opts);
}

/** POST /api/herm-znfx/targetTask/batchMove — body { ids, action: push | urge }: each task moved or refused on its own; the summary. */
export function batchMoveTasks(ids: readonly string[], action: TaskBatchAction, opts: RequestOptions<BatchResult> = {}): Promise<BatchResult> {
  return post<BatchResult>(`${BASE}/targetTask/batchMove`, { ids, action }, opts);
}
