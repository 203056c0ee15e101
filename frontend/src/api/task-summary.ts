// Summary analysis of target tasks (issue 13; 001 §2 summary types, §7 item 17), under /api/herm-znfx.
import type { SelectedSchool, SummaryType, TaskSummary, TaskSummaryScopes } from '@zhengai/contracts';
import { get, type GetOptions } from './request';

export type { SelectedSchool, SummaryDepartment, SummaryType, TaskSummary, TaskSummaryScopes } from '@zhengai/contracts';
export { PROGRESS_BUCKET_NAMES, SUMMARY_TYPE_NAMES, SUMMARY_TYPES } from '@zhengai/contracts';

const BASE = '/api/herm-znfx';

/** The filter bar as the page holds it: null means none (the department only on the department tab). */
export interface TaskSummaryFilter {
  type: SummaryType;
  year: string | null;
  yearTargetId: string | null;
  chargeDepartId: string | null;
}

/** GET /api/herm-znfx/targetTask/summaryScopes — the tabs the person may use and the department selector's options. */
export function getSummaryScopes(opts: GetOptions<TaskSummaryScopes> = {}): Promise<TaskSummaryScopes> {
  return get<TaskSummaryScopes>(`${BASE}/targetTask/summaryScopes`, undefined, opts);
}

/** GET /api/herm-znfx/targetTask/summaryAnalysis?type&year&yearTargetId&chargeDepartId — the summary of one scope. */
export function getTaskSummary(filter: TaskSummaryFilter, opts: GetOptions<TaskSummary> = {}): Promise<TaskSummary> {
  const { type, year, yearTargetId, chargeDepartId } = filter;
  return get<TaskSummary>(
    `${BASE}/targetTask/summaryAnalysis`,
    { type, year: year || undefined, yearTargetId: yearTargetId || undefined, chargeDepartId: type === 'departmentSummaryAnalysis' ? chargeDepartId || undefined : undefined },
    opts,
  );
}

/** GET /api/herm-znfx/selectSchool/getSelectedSchoolList — the school's own entry until school analysis exists. */
export function getSelectedSchools(opts: GetOptions<SelectedSchool[]> = {}): Promise<SelectedSchool[]> {
  return get<SelectedSchool[]>(`${BASE}/selectSchool/getSelectedSchoolList`, undefined, opts);
}
