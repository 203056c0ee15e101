// The yearly target service's year targets (spec 001 §7 items 13 and 15), under /api/herm-znfx.
import type { YearTarget, YearTargetCopyProgress, YearTargetCopyStart, YearTargetInput, YearTargetRights } from '@zhengai/contracts';
import { get, post, type GetOptions, type RequestOptions } from './request';
import type { Page } from './types';

export type { YearTarget, YearTargetCopyProgress, YearTargetCopyStart, YearTargetInput, YearTargetRights } from '@zhengai/contracts';
export { YEAR_TARGET_LIMITS } from '@zhengai/contracts';

const BASE = '/api/herm-znfx';

/** The list's filters as the page holds them: null or empty means none. */
export interface YearTargetFilter {
  pageNum: number;
  pageSize: number;
  name?: string | null;
  cycleYear?: string | null;
}

/** GET /api/herm-znfx/yearTarget/list?pageNum&pageSize&name&cycleYear — newest year first. */
export function getYearTargets(filter: YearTargetFilter, opts: GetOptions<Page<YearTarget>> = {}): Promise<Page<YearTarget>> {
  const { pageNum, pageSize, name, cycleYear } = filter;
  return get<Page<YearTarget>>(`${BASE}/yearTarget/list`, { pageNum, pageSize, name: name?.trim() || undefined, cycleYear: cycleYear || undefined }, opts);
}

/** GET /api/herm-znfx/yearTarget/rights — what the person may do here (the buttons of 年度目标 and the task lists). */
export function getYearTargetRights(opts: GetOptions<YearTargetRights> = {}): Promise<YearTargetRights> {
  return get<YearTargetRights>(`${BASE}/yearTarget/rights`, {}, opts);
}

/** POST /api/herm-znfx/yearTarget/add — body { name, cycleYear, dimensionId, description } (新增成功). */
export function addYearTarget(input: YearTargetInput, opts: RequestOptions<YearTarget> = {}): Promise<YearTarget> {
  return post<YearTarget>(`${BASE}/yearTarget/add`, input, opts);
}

/** POST /api/herm-znfx/yearTarget/update — body { id, …the fields of add } (修改成功). */
export function updateYearTarget(id: string, input: YearTargetInput, opts: RequestOptions<YearTarget> = {}): Promise<YearTarget> {
  return post<YearTarget>(`${BASE}/yearTarget/update`, { id, ...input }, opts);
}

/** POST /api/herm-znfx/yearTarget/delete — body { id }; refused (409) while the target has tasks. */
export function deleteYearTarget(id: string, opts: RequestOptions<null> = {}): Promise<null> {
  return post<null>(`${BASE}/yearTarget/delete`, { id }, opts);
}

/** POST /api/herm-znfx/yearTarget/copy — body { id, cycleYear? } (the next year when absent) → { taskId, yearTargetId, cycleYear }; poll getYearTargetCopyResult. */
export function copyYearTarget(id: string, cycleYear?: string, opts: RequestOptions<YearTargetCopyStart> = {}): Promise<YearTargetCopyStart> {
  return post<YearTargetCopyStart>(`${BASE}/yearTarget/copy`, { id, cycleYear }, opts);
}

/** GET /api/herm-znfx/yearTarget/taskResult?taskId= — { state, done, total, step, reason, yearTargetId } of a copy. */
export function getYearTargetCopyResult(taskId: string, opts: GetOptions<YearTargetCopyProgress> = {}): Promise<YearTargetCopyProgress> {
  return get<YearTargetCopyProgress>(`${BASE}/yearTarget/taskResult`, { taskId }, opts);
}
