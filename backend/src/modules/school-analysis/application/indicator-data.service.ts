import { Injectable } from '@nestjs/common';
import {
  INDICATOR_CATEGORY_LABELS,
  SCHOOL_INDICATORS,
  type IndicatorData,
  type IndicatorDataQuery,
  type School,
} from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { RivalAnalysisReader } from './ports/rival-analysis-reader.port.js';
import { SchoolRepository } from './ports/school-repository.port.js';
import { indicatorOf } from './rival-analysis.service.js';
import { distinctCodes, SchoolScreenService } from './school-screen.service.js';

/**
 * Indicator data (指标数据): one year's values of the indicators for the schools (by default the person's selection),
 * with each indicator's national median that year and the schools' values the year before; and the 双高 lists.
 */
@Injectable()
export class IndicatorDataService {
  constructor(
    private readonly reader: RivalAnalysisReader,
    private readonly schools: SchoolRepository,
    private readonly screen: SchoolScreenService,
  ) {}

  async data(userId: string, q: IndicatorDataQuery): Promise<IndicatorData> {
    let indicators = q.indicators && q.indicators.length > 0 ? [...new Set(q.indicators)].map(indicatorOf) : [...SCHOOL_INDICATORS];
    if (q.category) {
      const category = q.category.trim();
      indicators = indicators.filter((i) => i.category === category || INDICATOR_CATEGORY_LABELS[i.category] === category);
    }
    const codes = q.schoolCodes && q.schoolCodes.length > 0 ? distinctCodes(q.schoolCodes) : await this.screen.selectedCodes(userId);
    const schools: School[] = codes.length > 0 ? await this.schools.byCodes(codes) : [];
    if (schools.length !== codes.length) throw new AppError('NOT_FOUND', '学校不存在');
    const rows = indicators.length > 0 && codes.length > 0 ? await this.reader.indicatorYear({ indicators: indicators.map((i) => i.code), schoolCodes: codes, year: q.year }) : [];
    const median = new Map<string, number>();
    const value = new Map<string, number>();
    for (const r of rows) {
      if (r.schoolCode === null) median.set(r.indicator, r.value);
      else value.set(`${r.indicator}\u0000${r.year}\u0000${r.schoolCode}`, r.value);
    }
    const valuesOf = (indicator: string, year: number) => codes.map((c) => value.get(`${indicator}\u0000${year}\u0000${c}`) ?? null);
    return {
      year: q.year,
      schools,
      rows: indicators.map((i) => ({
        indicator: i.code,
        name: i.name,
        unit: i.unit,
        category: i.category,
        categoryLabel: INDICATOR_CATEGORY_LABELS[i.category],
        values: valuesOf(i.code, q.year),
        nationalMedian: median.get(i.code) ?? null,
        previous: valuesOf(i.code, q.year - 1),
      })),
    };
  }

  years(): Promise<number[]> {
    return this.schools.years();
  }

  doubleHighYears(): Promise<number[]> {
    return this.schools.doubleHighYears();
  }

  doubleHigh(q: { year?: number; kind?: 'school' | 'major' }): Promise<School[]> {
    return this.schools.doubleHigh(q.year, q.kind);
  }
}
