import { Injectable } from '@nestjs/common';
import {
  SCHOOL_ANALYSIS_MESSAGES,
  SCHOOL_INDICATORS,
  type AnalysisQuery,
  type AvgAnalysis,
  type DoubleSchool,
  type DoubleSchoolQuery,
  type RankAnalysis,
  type RivalQuery,
  type RivalTable,
  type SchoolIndicator,
  type TrendAnalysis,
} from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { average as averageOf, type IndicatorValues } from '../domain/rival-analysis.js';
import { RivalAnalysisReader, type SeriesRow } from './ports/rival-analysis-reader.port.js';
import { SchoolRepository } from './ports/school-repository.port.js';
import { distinctCodes, mustBeBounded } from './school-screen.service.js';

/** Years an analysis covers when the query names none (000 §5): the newest five present. */
export const DEFAULT_ANALYSIS_YEARS = 5;
/** The longest year range one analysis reads. */
const MAX_YEARS = 50;

const INDICATOR_BY_CODE = new Map(SCHOOL_INDICATORS.map((i) => [i.code, i]));

export function indicatorOf(code: string): SchoolIndicator {
  const found = INDICATOR_BY_CODE.get(code);
  if (!found) throw new AppError('NOT_FOUND', SCHOOL_ANALYSIS_MESSAGES.unknownIndicator);
  return found;
}

interface SeriesOut {
  schoolCode: string;
  schoolName: string;
  own: boolean;
  values: Array<number | null>;
  ranks: Array<number | null>;
}

/**
 * Rival analysis (000 §2, §7): one indicator over the years for 2–10 schools — the values (trend), the places among
 * them (rank, with an optional place range in the last year), the group's mean against the own school (average) —
 * the overview table of several indicators in a year, and two schools side by side. The SQL answers each in one
 * statement; domain/rival-analysis.ts is the definition its tests compare with.
 */
@Injectable()
export class RivalAnalysisService {
  constructor(
    private readonly reader: RivalAnalysisReader,
    private readonly schools: SchoolRepository,
  ) {}

  async trend(q: AnalysisQuery): Promise<TrendAnalysis> {
    const { years, series } = await this.read(q);
    return { indicator: q.indicator, years, series: withinRank(q, series).map(({ ranks: _ranks, ...s }) => s) };
  }

  async rank(q: AnalysisQuery): Promise<RankAnalysis> {
    const { years, series, totals } = await this.read(q);
    return { indicator: q.indicator, years, series: withinRank(q, series), totals };
  }

  async average(q: AnalysisQuery): Promise<AvgAnalysis> {
    const { years, series } = await this.read(q);
    const codes = series.map((s) => s.schoolCode);
    const data: IndicatorValues = new Map(years.map((y, i) => [y, new Map(series.flatMap((s) => (s.values[i] == null ? [] : [[s.schoolCode, s.values[i]!] as const])))]));
    const averages = years.map((y) => averageOf(data, codes, y));
    const chosen = series.find((s) => s.own) ?? series[0];
    const school = chosen ? { schoolCode: chosen.schoolCode, schoolName: chosen.schoolName, own: chosen.own, values: chosen.values } : null;
    const differences = years.map((_, i) => {
      const value = school?.values[i];
      const mean = averages[i];
      return value == null || mean == null ? null : Math.round((value - mean) * 100) / 100;
    });
    return { indicator: q.indicator, years, averages, school, differences };
  }

  /** The overview table: the schools' values of the indicators (all when none named) in a year (the newest when absent). */
  async table(q: RivalQuery): Promise<RivalTable> {
    const codes = distinctCodes(q.schoolCodes);
    mustBeBounded(codes);
    const indicators = (q.indicators && q.indicators.length > 0 ? [...new Set(q.indicators)] : SCHOOL_INDICATORS.map((i) => i.code)).map(indicatorOf);
    const { year, rows } = await this.reader.table({ indicators, schoolCodes: codes, year: q.year });
    const bySchool = new Map<string, RivalTable['rows'][number]>();
    for (const r of rows) {
      let row = bySchool.get(r.schoolCode);
      if (!row) bySchool.set(r.schoolCode, (row = { schoolCode: r.schoolCode, schoolName: r.schoolName, own: r.own, values: {}, ranks: {} }));
      if (r.indicator) {
        row.values[r.indicator] = r.value;
        row.ranks[r.indicator] = r.rank;
      }
    }
    if (bySchool.size !== codes.length) throw new AppError('NOT_FOUND', SCHOOL_ANALYSIS_MESSAGES.unknownSchool);
    return { year: year ?? 0, indicators: indicators.map((i) => i.code), rows: [...bySchool.values()] };
  }

  /** Two schools on every indicator in a year (the newest when absent); `better` by the indicator's direction. */
  async double(q: DoubleSchoolQuery): Promise<DoubleSchool> {
    const codes = distinctCodes(q.schoolCodes);
    if (codes.length !== 2) throw new AppError('VALIDATION', SCHOOL_ANALYSIS_MESSAGES.twoSchools);
    const schools = await this.schools.byCodes(codes);
    if (schools.length !== 2) throw new AppError('NOT_FOUND', SCHOOL_ANALYSIS_MESSAGES.unknownSchool);
    const { year, rows } = await this.reader.table({ indicators: SCHOOL_INDICATORS, schoolCodes: codes, year: q.year });
    const value = (code: string, indicator: string) => rows.find((r) => r.schoolCode === code && r.indicator === indicator)?.value ?? null;
    return {
      year: year ?? 0,
      schools: schools.map((s) => ({ ...s, selected: true })),
      rows: SCHOOL_INDICATORS.map((i) => {
        const values = codes.map((c) => value(c, i.code));
        const [a, b] = values;
        const better = a == null || b == null || a === b ? null : (a > b) === i.higherIsBetter ? 0 : 1;
        return { indicator: i.code, name: i.name, unit: i.unit, category: i.category, values, better };
      }),
    };
  }

  /** The query checked, its rows read in one statement, and shaped into years and one series per school. */
  private async read(q: AnalysisQuery): Promise<{ years: number[]; series: SeriesOut[]; totals: number[] }> {
    const indicator = indicatorOf(q.indicator);
    const codes = distinctCodes(q.schoolCodes);
    mustBeBounded(codes);
    const endYear = q.endYear ?? q.startYear;
    if (q.startYear !== undefined && endYear !== undefined && q.startYear > endYear) throw new AppError('VALIDATION', SCHOOL_ANALYSIS_MESSAGES.yearRange);
    if (q.rankStart !== undefined && q.rankEnd !== undefined && q.rankStart > q.rankEnd) throw new AppError('VALIDATION', SCHOOL_ANALYSIS_MESSAGES.rankRange);
    const rows = await this.reader.series({
      indicator: indicator.code,
      higherIsBetter: indicator.higherIsBetter,
      schoolCodes: codes,
      startYear: q.startYear,
      endYear,
      lastYears: q.startYear === undefined ? DEFAULT_ANALYSIS_YEARS : MAX_YEARS,
    });
    return shape(rows, codes.length);
  }
}

function shape(rows: readonly SeriesRow[], asked: number): { years: number[]; series: SeriesOut[]; totals: number[] } {
  const years = [...new Set(rows.flatMap((r) => (r.year === null ? [] : [r.year])))].sort((a, b) => a - b);
  const at = new Map(years.map((y, i) => [y, i]));
  const totals = years.map(() => 0);
  const series = new Map<string, SeriesOut>();
  for (const r of rows) {
    let s = series.get(r.schoolCode);
    if (!s) series.set(r.schoolCode, (s = { schoolCode: r.schoolCode, schoolName: r.schoolName, own: r.own, values: years.map(() => null), ranks: years.map(() => null) }));
    if (r.year === null) continue;
    const i = at.get(r.year)!;
    s.values[i] = r.value;
    s.ranks[i] = r.rank;
    totals[i] = r.total;
  }
  if (series.size !== asked) throw new AppError('NOT_FOUND', SCHOOL_ANALYSIS_MESSAGES.unknownSchool);
  return { years, series: [...series.values()], totals };
}

/** With a place range, the series whose place in the last year is within it. */
function withinRank(q: AnalysisQuery, series: SeriesOut[]): SeriesOut[] {
  if (q.rankStart === undefined && q.rankEnd === undefined) return series;
  const from = q.rankStart ?? 1;
  const to = q.rankEnd ?? Number.MAX_SAFE_INTEGER;
  return series.filter((s) => {
    const place = s.ranks.at(-1);
    return place != null && place >= from && place <= to;
  });
}
