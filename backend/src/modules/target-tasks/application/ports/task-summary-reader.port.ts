import type { ProgressBucket, Rwjd, SelectedSchool, SummaryDepartment } from '@zhengai/contracts';

/** Whose tasks a summary counts: the person's own (owned or coop-owned), one charge department's, all, or none (no department to show). */
export type SummaryScope = { kind: 'my'; userId: string } | { kind: 'department'; departmentId: string } | { kind: 'global' } | { kind: 'none' };

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
  /** The departments that charge at least one task, in the departments' order. */
  abstract chargeDepartments(): Promise<SummaryDepartment[]>;
  /** The school's own entry (school_profile). */
  abstract schools(): Promise<SelectedSchool[]>;
}
