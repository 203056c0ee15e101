import { SCHOOL_ANALYSIS_MESSAGES } from '@zhengai/contracts';
import { average, rank, type IndicatorValues } from '../domain/rival-analysis.js';
import { RivalAnalysisReader, type SeriesRow } from './ports/rival-analysis-reader.port.js';
import type { SchoolRepository } from './ports/school-repository.port.js';
import { RivalAnalysisService } from './rival-analysis.service.js';

// The service's shaping over a reader that answers as the SQL does (places by the domain's rank), so the checks,
// defaults, place range and averages are tested without a database.
const DATA: IndicatorValues = new Map([
  [2023, new Map([['A', 10], ['B', 30], ['C', 20]])],
  [2024, new Map([['A', 40], ['B', 10], ['C', 25.555]])],
  [2025, new Map([['A', 5], ['C', 7]])],
]);
const NAMES: Record<string, string> = { A: '甲', B: '乙', C: '丙', O: '本校' };

class FakeReader extends RivalAnalysisReader {
  calls: Array<Parameters<RivalAnalysisReader['series']>[0]> = [];
  series(input: Parameters<RivalAnalysisReader['series']>[0]): Promise<SeriesRow[]> {
    this.calls.push(input);
    const years = [...DATA.keys()].filter((y) => y >= (input.startYear ?? 0) && y <= (input.endYear ?? 9999)).sort((a, b) => b - a).slice(0, input.lastYears).sort((a, b) => a - b);
    const known = input.schoolCodes.filter((c) => c in NAMES);
    return Promise.resolve(
      known.flatMap((c) =>
        years.map((year) => {
          const places = rank(DATA, known, year, input.higherIsBetter);
          return { schoolCode: c, schoolName: NAMES[c]!, own: c === 'O', year, value: DATA.get(year)?.get(c) ?? null, rank: places.get(c) ?? null, total: places.size };
        }),
      ),
    );
  }
  table(): never {
    throw new Error('not used');
  }
  indicatorYear(): never {
    throw new Error('not used');
  }
}

describe('RivalAnalysisService', () => {
  let reader: FakeReader;
  let service: RivalAnalysisService;
  beforeEach(() => {
    reader = new FakeReader();
    service = new RivalAnalysisService(reader, {} as SchoolRepository);
  });

  it('reads the newest five years without a range, and a start alone as that year', async () => {
    await service.trend({ indicator: 'students', schoolCodes: ['A', 'B'] });
    expect(reader.calls.at(-1)).toMatchObject({ startYear: undefined, endYear: undefined, lastYears: 5, higherIsBetter: true });
    const one = await service.trend({ indicator: 'students', schoolCodes: ['A', 'B'], startYear: 2024 });
    expect(reader.calls.at(-1)).toMatchObject({ startYear: 2024, endYear: 2024 });
    expect(one).toEqual({ indicator: 'students', years: [2024], series: [{ schoolCode: 'A', schoolName: '甲', own: false, values: [40] }, { schoolCode: 'B', schoolName: '乙', own: false, values: [10] }] });
    await service.trend({ indicator: 'student_teacher_ratio', schoolCodes: ['A', 'B'] });
    expect(reader.calls.at(-1)).toMatchObject({ higherIsBetter: false });
  });

  it('refuses bounds, repeats counted once, unknown indicators and schools, and reversed ranges', async () => {
    await expect(service.trend({ indicator: 'students', schoolCodes: ['A', 'A'] })).rejects.toMatchObject({ message: SCHOOL_ANALYSIS_MESSAGES.selectionBounds });
    await expect(service.rank({ indicator: 'students', schoolCodes: 'ABCDEFGHIJK'.split('') })).rejects.toMatchObject({ message: SCHOOL_ANALYSIS_MESSAGES.selectionBounds });
    await expect(service.average({ indicator: 'nothing', schoolCodes: ['A', 'B'] })).rejects.toMatchObject({ message: SCHOOL_ANALYSIS_MESSAGES.unknownIndicator });
    await expect(service.trend({ indicator: 'students', schoolCodes: ['A', 'Z'] })).rejects.toMatchObject({ message: SCHOOL_ANALYSIS_MESSAGES.unknownSchool });
    await expect(service.trend({ indicator: 'students', schoolCodes: ['A', 'B'], startYear: 2025, endYear: 2024 })).rejects.toMatchObject({ message: SCHOOL_ANALYSIS_MESSAGES.yearRange });
    await expect(service.rank({ indicator: 'students', schoolCodes: ['A', 'B'], rankStart: 2, rankEnd: 1 })).rejects.toMatchObject({ message: SCHOOL_ANALYSIS_MESSAGES.rankRange });
    // only the unknown school is found by reading (the SQL answers what it knows); the rest are refused before
    expect(reader.calls.map((c) => c.schoolCodes)).toEqual([['A', 'Z']]);
  });

  it('answers places per year with totals, and keeps the schools placed within a range in the last year', async () => {
    const all = await service.rank({ indicator: 'students', schoolCodes: ['A', 'B', 'C'] });
    expect(all.years).toEqual([2023, 2024, 2025]);
    expect(all.totals).toEqual([3, 3, 2]);
    expect(all.series.map((s) => [s.schoolCode, s.ranks])).toEqual([
      ['A', [3, 1, 2]],
      ['B', [1, 3, null]],
      ['C', [2, 2, 1]],
    ]);
    const top = await service.rank({ indicator: 'students', schoolCodes: ['A', 'B', 'C'], rankStart: 1, rankEnd: 1 });
    expect(top.series.map((s) => s.schoolCode)).toEqual(['C']);
    const trend = await service.trend({ indicator: 'students', schoolCodes: ['A', 'B', 'C'], rankStart: 2 });
    expect(trend.series.map((s) => s.schoolCode)).toEqual(['A']);
  });

  it('averages as the domain does, against the own school when selected, else the first', async () => {
    const avg = await service.average({ indicator: 'students', schoolCodes: ['B', 'A', 'C'] });
    expect(avg.averages).toEqual([2023, 2024, 2025].map((y) => average(DATA, ['B', 'A', 'C'], y)));
    expect(avg.averages).toEqual([20, 25.19, 6]);
    expect(avg.school).toEqual({ schoolCode: 'B', schoolName: '乙', own: false, values: [30, 10, null] });
    expect(avg.differences).toEqual([10, -15.19, null]);
    const own = await service.average({ indicator: 'students', schoolCodes: ['A', 'O'] });
    expect(own.school).toMatchObject({ schoolCode: 'O', own: true });
  });
});
