import { Injectable } from '@nestjs/common';
import type { ReportOverview, ReportTables, ReportTemplate } from '@zhengai/contracts';
import { progress } from '../../../shared/kernel/progress.js';
import { TaskSummaryReader, type SummaryCounts } from '../../target-tasks/application/ports/task-summary-reader.port.js';
import { cycleYears, distinctNames, overviewItems, shownTables, taskGroupList } from '../domain/overview.js';
import { ReportDataReader, type ScopeKey, type ScopeObject, type TaskFacts, type TaskScope } from './ports/report-data-reader.port.js';

/** What a build freezes: the overview (with the template's items), the four tables and the scopes' score. */
export interface ComputedReport {
  overview: ReportOverview;
  tables: ReportTables;
  score: number | null;
}

/**
 * The overview of a report's scopes and cycle from the live data: points (diagnosis), target tasks (the summary
 * analysis's counts, so section 2 equals the 汇总分析 screen) and warnings.
 */
@Injectable()
export class ReportOverviewService {
  constructor(
    private readonly data: ReportDataReader,
    private readonly summary: TaskSummaryReader,
  ) {}

  cycles(): Promise<string[]> {
    return this.data.cycles();
  }

  scopeObjects(cycle: string): Promise<ScopeObject[]> {
    return this.data.scopeObjects(cycle);
  }

  async compute(scopes: ScopeKey[], cycle: string, template: Pick<ReportTemplate, 'items'>): Promise<ComputedReport> {
    const [points, warnings, tasks] = await Promise.all([this.data.points(scopes, cycle), this.data.warnings(scopes, cycle), this.tasks(scopes, cycle)]);
    const { mbjc, wdbzb, score, ...pointFigures } = points;
    const { yjjl, ...warningFigures } = warnings;
    const { wwcmb, total, ...taskFigures } = tasks;
    const overview: ReportOverview = {
      items: overviewItems(template, { 1: points.zkdzsl, 2: total, 3: warnings.yjcs }),
      ...pointFigures,
      ...taskFigures,
      ...warningFigures,
    };
    return { overview, tables: shownTables({ mbjc, wdbzb, wwcmb, yjjl }, overview.items), score };
  }

  /**
   * Section 2: the target tasks of the cycle's last year. A school scope counts the whole school (the global summary);
   * otherwise each department of the scopes' diagnosed tasks is counted as the department summary counts it, summed.
   */
  private async tasks(scopes: ScopeKey[], cycle: string): Promise<TaskFacts> {
    const year = cycleYears(cycle)?.at(-1) ?? cycle;
    let scope: TaskScope;
    let counts: SummaryCounts[];
    if (scopes.some((s) => s.cjlx === 'school')) {
      scope = { kind: 'global' };
      counts = [await this.summary.counts({ kind: 'global' }, { year, trendYear: year })];
    } else {
      const departmentIds = await this.data.scopeDepartments(scopes, cycle);
      scope = { kind: 'departments', departmentIds };
      counts = await Promise.all(departmentIds.map((departmentId) => this.summary.counts({ kind: 'department', departmentId }, { year, trendYear: year })));
    }
    const byState = counts.flatMap((c) => c.byState);
    const zkdwcqkList = taskGroupList(byState);
    const total = byState.reduce((sum, s) => sum + s.count, 0);
    const finished = zkdwcqkList[0]!.value;
    const wwcmb = await this.data.unfinishedTasks(scope, year);
    return {
      total,
      // The summary screen's completionRate: finished / total by the kernel's progress rule.
      wcl: progress(finished, total),
      zkdwcqkList,
      wwczkdsl: total - finished,
      wwczkdmcs: distinctNames(wwcmb.map((t) => t.rwmc)),
      wwczkdejzbs: distinctNames(wwcmb.map((t) => t.yearTargetName)),
      wwcmb,
    };
  }
}
