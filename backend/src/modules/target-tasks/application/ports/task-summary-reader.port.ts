import type { ProgressBucket, Rwjd, SelectedSchool, SummaryDepartment } from '@zhengai/contracts';
import type { TaskStanding } from '../../domain/task-access.js';

/**
 * Whose tasks a summary counts, each what a list shows the person (the access table's page predicates): my = 我的任务
 * and 我的协作 (MY_TASK, MY_COOP_TASK), department = 部门任务 (DEPARTMENT_TASK) of one charge department, global =
 * 年度任务 (YEAR_TASK), none = nothing (no department to show). Without a standing (a quality report's overview,
 * which describes the school, not what a reader may open) department and global count every task of the scope.
 */
export type SummaryScope =
  | { kind: 'my'; standing: TaskStanding }
  | { kind: 'department'; standing?: TaskStanding; departmentId: string }
  | { kind: 'global'; standing?: TaskStanding }
  | { kind: 'none' };

/** The filter bar: task year (one of rwnf) and year target; trendYear is the overdue trend's year (yyyy). */
export interface SummaryFilter {
  year?: string;
  yearTargetId?: string;
  trendYear: string;
}

/** The counts of one scope, each one GROUP BY over the scoped tasks (the service fills in the zero rows). */
export interface SummaryCounts {
  byState: Array<{ rwjd: Rwjd; count: number }>;
  byDepartment: Array<{ departId: string | null; departName: string | null; total: number; finished: number; processWarnings: number; expiredWarnings: number }>;
  byType: Array<{ rwlx: string; rwlxmc: string; total: number; finished: number }>;
  progress: Array<{ bucket: ProgressBucket; count: number }>;
  processWarnings: number;
  expiredWarnings: number;
  /** Expired warnings opened in each month (yyyy-MM) of trendYear; months without any are absent. */
  overdueTrend: Array<{ month: string; count: number }>;
}

/** The summary analysis's reads (set-based SQL). */
export abstract class TaskSummaryReader {
  abstract counts(scope: SummaryScope, filter: SummaryFilter): Promise<SummaryCounts>;
  /** These departments with their heads, in the departments' order (unknown ids are left out). */
  abstract departments(ids: string[]): Promise<SummaryDepartment[]>;
  /** The charge departments of the tasks 部门任务 (DEPARTMENT_TASK) lists the person, in the departments' order. */
  abstract chargeDepartments(standing: TaskStanding): Promise<SummaryDepartment[]>;
  /** The school's own entry (school_profile). */
  abstract schools(): Promise<SelectedSchool[]>;
}
