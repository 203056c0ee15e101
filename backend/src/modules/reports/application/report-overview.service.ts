import { Injectable } from '@nestjs/common';
import { IMPROVEMENT_EFFECT_NAMES, type ImprovementEffect, type ReportOverview, type ReportTables, type ReportTemplate } from '@zhengai/contracts';
import { attainmentOf } from '../../../shared/kernel/attainment.js';
import { calRuleOf } from '../../../shared/kernel/grade.js';
import { effectValueOf, improvementEffect, isMeasure } from '../../../shared/kernel/improvement-effect.js';
import { progress } from '../../../shared/kernel/progress.js';
import { TaskSummaryReader, type SummaryCounts } from '../../target-tasks/application/ports/task-summary-reader.port.js';
import { cycleYears, distinctNames, effectFigures, overviewItems, shownTables, taskGroupList } from '../domain/overview.js';
import { valueCell } from '../domain/report-cells.js';
import { LevelCycles } from './ports/level-cycles.port.js';
import { ReportDataReader, type ScopeKey, type ScopeObject, type TaskFacts, type TaskScope } from './ports/report-data-reader.port.js';

/** What a build freezes: the overview (with the template's items), the statistics tables and the scopes' score. */
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
    private readonly levelCycles: LevelCycles,
  ) {}

  cycles(): Promise<string[]> {
    return this.data.cycles();
  }

  scopeObjects(cycle: string): Promise<ScopeObject[]> {
    return this.data.scopeObjects(cycle);
  }

  async compute(scopes: ScopeKey[], cycle: string, template: Pick<ReportTemplate, 'items'>): Promise<ComputedReport> {
    const [points, warnings, tasks, effects] = await Promise.all([
      this.data.points(scopes, cycle), this.data.warnings(scopes, cycle), this.tasks(scopes, cycle), this.effects(scopes, cycle),
    ]);
    const { mbjc, wdbzb, score, ...pointFigures } = points;
    const { yjjl, ...warningFigures } = warnings;
    const { wwcmb, total, ...taskFigures } = tasks;
    const { gjcx, ...effectFigures } = effects;
    const overview: ReportOverview = {
      items: overviewItems(template, { 1: points.zkdzsl, 2: total, 3: warnings.yjcs, 4: effects.gjcssl }),
      ...pointFigures,
      ...taskFigures,
      ...warningFigures,
      ...effectFigures,
    };
    return { overview, tables: shownTables({ mbjc, wdbzb, wwcmb, yjjl, gjcx }, overview.items), score };
  }

  /**
   * Section 4 改进成效: each scope's measures of its level's previous cycle judged by this cycle's results, by the
   * kernel's rule — the development centres' row of the same object counts the same measures the same way.
   */
  private async effects(scopes: ScopeKey[], cycle: string): Promise<Pick<ReportOverview, 'gjcssl' | 'gjcxList' | 'gjyxl'> & Pick<ReportTables, 'gjcx'>> {
    const levels = [...new Set(scopes.map((s) => s.cjlx))];
    const previous = new Map(await Promise.all(levels.map(async (level) => [level, await this.levelCycles.previous(level, cycle)] as const)));
    const rows = await this.data.measures(scopes.map((s) => ({ ...s, previous: previous.get(s.cjlx) ?? null })), cycle);
    const judged = rows
      .filter((r) => attainmentOf(r) === '未达标' && isMeasure(r.gjcs))
      .map((r) => {
        const next = r.next && { value: effectValueOf(r.next.jgz), met: attainmentOf(r.next) === '达标' };
        return { row: r, effect: improvementEffect(effectValueOf(r.jgz), next, calRuleOf(r.calRule).direction) as ImprovementEffect };
      });
    return {
      ...effectFigures(judged.map((m) => m.effect)),
      gjcx: judged.map(({ row, effect }) => ({
        cjname: row.cjname, zkdmc: row.zkdmc, sqzq: row.sqzq,
        // both cycles' results and the target as the quality table shows them, by the point's type
        sqjg: valueCell(row.zlx, row.jgz), bqjg: valueCell(row.zlx, row.next?.jgz), mbz: valueCell(row.zlx, row.mbz),
        gjcs: row.gjcs.trim(), cxmc: IMPROVEMENT_EFFECT_NAMES[effect],
      })),
    };
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
