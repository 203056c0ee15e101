import { Injectable } from '@nestjs/common';
import { SCHOOL_INDICATORS, SCHOOL_SELECTION, type DataScreen, type OperationMonitoring, type School } from '@zhengai/contracts';
import { monitoringOf } from '../domain/monitoring.js';
import { LevelImprovement } from './ports/level-improvement.port.js';
import { PlatformFigures } from './ports/platform-figures.port.js';
import { RivalAnalysisService } from './rival-analysis.service.js';
import { SchoolScreenService } from './school-screen.service.js';

/** The data screen's headline indicators (its rank list), and the one its trend follows. */
export const HEADLINE_INDICATORS = ['students', 'dual_teacher_rate', 'funding_per_student', 'employment_rate', 'matched_employment_rate', 'employer_satisfaction'] as const;
export const TREND_INDICATOR = 'employment_rate';

const nameOf = (code: string): string => SCHOOL_INDICATORS.find((i) => i.code === code)?.name ?? code;

/** The schools an analysis of the person compares: the own school first, then the selection. */
export interface Comparison {
  own: School | null;
  codes: string[];
  years: number[];
}

/** Operation monitoring (the platform's live figures) and the data screen's one call. */
@Injectable()
export class MonitoringService {
  constructor(
    private readonly figures: PlatformFigures,
    private readonly rivals: RivalAnalysisService,
    private readonly schools: SchoolScreenService,
    private readonly improvement: LevelImprovement,
  ) {}

  async monitoring(): Promise<OperationMonitoring> {
    return monitoringOf(await this.figures.counts(), new Date());
  }

  /** The own school and the person's selection (the own school first, each once) with the years holding values. */
  async comparison(userId: string): Promise<Comparison> {
    const [options, screen] = await Promise.all([this.schools.options(), this.schools.screen(userId)]);
    const own = options.ownSchool;
    // the analyses take at most SCHOOL_SELECTION.max schools: the own one and the first of the selection
    const codes = [...new Set([...(own ? [own.schoolCode] : []), ...screen.schools.map((s) => s.schoolCode)])].slice(0, SCHOOL_SELECTION.max);
    return { own, codes, years: options.years };
  }

  /** The own school's place among the comparison per indicator in the latest year (null without a value or schools). */
  async rivalRanks(c: Comparison, indicators: readonly string[]): Promise<DataScreen['rivalRanks']> {
    const year = c.years.at(-1);
    const ownCode = c.own?.schoolCode ?? c.codes[0];
    return Promise.all(
      indicators.map(async (indicator) => {
        if (year === undefined || ownCode === undefined || c.codes.length < SCHOOL_SELECTION.min) return { indicator, name: nameOf(indicator), rank: null, total: 0 };
        const r = await this.rivals.rank({ indicator, schoolCodes: c.codes, startYear: year, endYear: year });
        const at = r.years.indexOf(year);
        const own = r.series.find((s) => s.schoolCode === ownCode);
        return { indicator, name: nameOf(indicator), rank: at >= 0 && own ? (own.ranks[at] ?? null) : null, total: at >= 0 ? (r.totals[at] ?? 0) : 0 };
      }),
    );
  }

  async dataScreen(userId: string): Promise<DataScreen> {
    const [systemName, monitoring, c] = await Promise.all([this.figures.systemName(), this.monitoring(), this.comparison(userId)]);
    const [rivalRanks, trend] = await Promise.all([this.rivalRanks(c, HEADLINE_INDICATORS), this.trend(c, TREND_INDICATOR)]);
    // after the rest: the four levels' figures read one after another on one pooled connection
    const improvement = await this.improvement.ofLevels(userId);
    return { systemName, monitoring, ownSchool: c.own, rivalRanks, trend, improvement };
  }

  private async trend(c: Comparison, indicator: string): Promise<DataScreen['trend']> {
    const empty = { indicator, name: nameOf(indicator), years: [], own: [], average: [] };
    if (c.codes.length < SCHOOL_SELECTION.min || c.years.length === 0) return empty;
    const avg = await this.rivals.average({ indicator, schoolCodes: c.codes, startYear: c.years[0], endYear: c.years.at(-1) });
    return { indicator, name: nameOf(indicator), years: avg.years, own: avg.school?.values ?? avg.years.map(() => null), average: avg.averages };
  }
}
