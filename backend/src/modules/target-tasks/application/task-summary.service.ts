import { Injectable } from '@nestjs/common';
import {
  PROGRESS_BUCKETS,
  PROGRESS_BUCKET_NAMES,
  RWJD_GROUP,
  RWJD_NAMES,
  RWJD_STATES,
  TARGET_TASK_STATE_NAMES,
  TASK_TYPE_CODES,
  type SelectedSchool,
  type SummaryDepartment,
  type SummaryType,
  type TaskSummary,
  type TaskSummaryScopes,
} from '@zhengai/contracts';
import { progress } from '../../../shared/kernel/progress.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { TaskSummaryReader, type SummaryCounts, type SummaryScope } from './ports/task-summary-reader.port.js';
import { seesAll, type TaskStanding } from '../domain/task-access.js';
import { TargetTaskService } from './target-task.service.js';

const YEAR = /^\d{4}$/;
const GROUPS = ['pause', 'normal', 'finished'] as const;

export interface SummaryRequest {
  type: SummaryType;
  year?: string;
  yearTargetId?: string;
  chargeDepartId?: string;
}

/**
 * Summary analysis (001 §2 summary types): who may use which summary (the lists' access table, domain/task-access.ts),
 * and the counts of one scope, completed with the zero rows so every chart has its categories.
 */
@Injectable()
export class TaskSummaryService {
  constructor(
    private readonly tasks: TargetTaskService,
    private readonly reader: TaskSummaryReader,
  ) {}

  /** The types the person may use and the departments the department summary may show (the first is the default). */
  async scopes(userId: string): Promise<TaskSummaryScopes> {
    const standing = await this.tasks.standing(userId);
    const departments = await this.departmentsOf(standing);
    const types: SummaryType[] = ['mySummaryAnalysis'];
    if (seesAll(standing.codes) || departments.length > 0) types.push('departmentSummaryAnalysis');
    if (seesAll(standing.codes)) types.push('globalSummaryAnalysis');
    return { types, departments, defaultDepartId: departments[0]?.id ?? null };
  }

  async summary(userId: string, request: SummaryRequest, now = new Date()): Promise<TaskSummary> {
    const year = request.year?.trim() || undefined;
    if (year !== undefined && !YEAR.test(year)) throw new AppError('VALIDATION', '年份须为四位年份');
    const trendYear = year ?? String(now.getFullYear());
    const standing = await this.tasks.standing(userId);
    let scope: SummaryScope;
    let department: SummaryDepartment | null = null;
    switch (request.type) {
      case 'mySummaryAnalysis':
        scope = { kind: 'my', standing };
        break;
      case 'departmentSummaryAnalysis': {
        department = await this.departmentFor(standing, request.chargeDepartId?.trim() || undefined);
        scope = department ? { kind: 'department', standing, departmentId: department.id } : { kind: 'none' };
        break;
      }
      case 'globalSummaryAnalysis':
        if (!seesAll(standing.codes)) throw new AppError('NO_PERMISSION');
        scope = { kind: 'global', standing };
        break;
    }
    const counts = await this.reader.counts(scope, { year, yearTargetId: request.yearTargetId?.trim() || undefined, trendYear });
    return this.answer(request.type, trendYear, department, counts);
  }

  async schools(): Promise<SelectedSchool[]> {
    return this.reader.schools();
  }

  /** The department asked for, or the first the person may summarise; refused when they may not. */
  private async departmentFor(standing: TaskStanding, asked: string | undefined): Promise<SummaryDepartment | null> {
    const departments = await this.departmentsOf(standing);
    if (asked === undefined) {
      if (departments.length === 0 && !seesAll(standing.codes)) throw new AppError('NO_PERMISSION');
      return departments[0] ?? null;
    }
    const found = departments.find((d) => d.id === asked);
    if (found) return found;
    if (!seesAll(standing.codes)) throw new AppError('NO_PERMISSION');
    const [other] = await this.reader.departments([asked]);
    if (!other) throw new AppError('NOT_FOUND', '部门不存在');
    return other;
  }

  /**
   * The departments the person may summarise, the default first: their own (headed, or audited as the department's
   * auditor) and the charge departments of the tasks 部门任务 lists them (an auditor's, wherever charged; every
   * charging one for the see-all roles). The default is the first of their own that charges a task they see, else
   * the first charging one, else their first own (departments in their sort order).
   */
  private async departmentsOf(standing: TaskStanding): Promise<SummaryDepartment[]> {
    const [own, charging] = await Promise.all([this.reader.departments([...new Set([...standing.headed, ...standing.audited])]), this.reader.chargeDepartments(standing)]);
    const charges = (d: SummaryDepartment) => charging.some((c) => c.id === d.id);
    const all = [...charging, ...own.filter((d) => !charges(d))];
    const first = own.find(charges) ?? charging[0] ?? own[0];
    return first ? [first, ...all.filter((d) => d.id !== first.id)] : all;
  }

  private answer(type: SummaryType, year: string, department: SummaryDepartment | null, counts: SummaryCounts): TaskSummary {
    const state = new Map(counts.byState.map((s) => [s.rwjd, s.count]));
    const byState = RWJD_STATES.map((rwjd) => ({ rwjd, name: RWJD_NAMES[rwjd], count: state.get(rwjd) ?? 0 }));
    const byGroup = GROUPS.map((group) => ({
      group,
      name: TARGET_TASK_STATE_NAMES[group],
      count: byState.filter((s) => RWJD_GROUP[s.rwjd] === group).reduce((sum, s) => sum + s.count, 0),
    }));
    const total = byState.reduce((sum, s) => sum + s.count, 0);
    const finished = byGroup.find((g) => g.group === 'finished')!.count;
    const buckets = new Map(counts.progress.map((b) => [b.bucket, b.count]));
    const months = new Map(counts.overdueTrend.map((m) => [m.month, m.count]));
    const types = new Map(counts.byType.map((t) => [t.rwlx, t]));
    return {
      type,
      year,
      department,
      totals: {
        total,
        finished,
        completionRate: progress(finished, total),
        processWarnings: counts.processWarnings,
        expiredWarnings: counts.expiredWarnings,
      },
      byState,
      byGroup,
      byDepartment: counts.byDepartment,
      byType: TASK_TYPE_CODES.map((rwlx) => ({ rwlx, rwlxmc: types.get(rwlx)?.rwlxmc ?? rwlx, total: types.get(rwlx)?.total ?? 0, finished: types.get(rwlx)?.finished ?? 0 })),
      progress: PROGRESS_BUCKETS.map((bucket) => ({ bucket, name: PROGRESS_BUCKET_NAMES[bucket], count: buckets.get(bucket) ?? 0 })),
      overdueTrend: Array.from({ length: 12 }, (_, i) => {
        const month = `${year}-${String(i + 1).padStart(2, '0')}`;
        return { month, count: months.get(month) ?? 0 };
      }),
    };
  }
}
