import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import {
  GENERATED_YEARS,
  SCHOOL_ANALYSIS_MESSAGES,
  SCHOOL_INDICATORS,
  SCHOOL_SELECTION,
  type AvgAnalysis,
  type RankAnalysis,
  type TrendAnalysis,
} from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { generateNationalSet, seededRandom, type NationalSet } from '../../backend/src/modules/school-analysis/domain/national-generator.js';
import { upsertSchoolRows } from '../../backend/src/modules/school-analysis/infrastructure/school-rows.sql.js';
import { average, rank, trend, type IndicatorValues } from '../../backend/src/modules/school-analysis/domain/rival-analysis.js';
import type { Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 16, "what must hold": the trend, rank and average answers of rival analysis equal the domain's definitions
// (domain/rival-analysis.ts) fed straight from school_indicator_value, for school sets of 2, 5 and 10 chosen by a
// seeded draw (ORACLE_SEED replays one) from the national set and from schools of this suite with years missing and
// tied values; the selection bounds hold on the server; the generator is deterministic for a seed.
jest.setTimeout(180_000);

const ZNFX = '/api/herm-znfx/rivalAnalysis';
const SEED = process.env.ORACLE_SEED ?? 'school-oracle-2026';
/** This suite's own schools (a prefix nothing else uses), removed afterwards. */
const OWN_PREFIX = 'ZQORA';

const random = seededRandom(SEED);
const pickFrom = <T>(xs: readonly T[], n: number): T[] => {
  const pool = [...xs];
  const out: T[] = [];
  for (let i = 0; i < n && pool.length > 0; i++) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
};

const years = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const indicatorOf = (code: string) => SCHOOL_INDICATORS.find((i) => i.code === code)!;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** A hash of a generated set's schools and values, in the generator's order. */
function digest(set: NationalSet): string {
  const h = createHash('sha256');
  for (const s of set.schools) h.update(`${s.schoolCode}|${s.schoolName}|${s.schoolProvince}|${s.schoolLevel}|${s.schoolNature}|${s.doubleHigh?.kind ?? ''}${s.doubleHigh?.grade ?? ''}\n`);
  for (const v of set.values) h.update(`${v.schoolCode}|${v.indicator}|${v.year}|${v.value}\n`);
  return h.digest('hex');
}

/** Inserts the suite's schools and values with the module's own writer (the seed's and the import's). */
async function load(db: DataSource, set: NationalSet): Promise<void> {
  const schools = set.schools.map((x) => ({ code: x.schoolCode, name: x.schoolName, province: x.schoolProvince, nature: x.schoolNature, level: x.schoolLevel }));
  await upsertSchoolRows(db, schools, set.values, { generated: false, withDoubleHigh: false });
}

/**
 * Twelve schools of this suite on three indicators, drawn from the seed: every school lacks some years (one lacks all
 * but two), values on a coarse grid so places tie, intl_students mostly 0 as in the national set.
 */
function ownSchools(): NationalSet {
  const r = seededRandom(`${SEED}/own`);
  const schools: NationalSet['schools'] = Array.from({ length: 12 }, (_, i) => ({
    schoolCode: `${OWN_PREFIX}${String(i + 1).padStart(2, '0')}`,
    schoolName: `校验${'甲乙丙丁戊己庚辛壬癸子丑'[i]}职业学院`,
    schoolProvince: '江苏',
    schoolNature: '公办',
    schoolLevel: '一般高职',
    doubleHigh: null,
  }));
  const values: NationalSet['values'] = [];
  schools.forEach((s, i) => {
    for (const y of years(GENERATED_YEARS.first, GENERATED_YEARS.last)) {
      const missing = i === 11 ? y !== 2018 && y !== 2024 : (i + y) % 4 === 0 || r() < 0.15;
      if (missing) continue;
      values.push({ schoolCode: s.schoolCode, indicator: 'employment_rate', year: y, value: 85 + Math.floor(r() * 6) * 2.5 });
      values.push({ schoolCode: s.schoolCode, indicator: 'student_teacher_ratio', year: y, value: 14 + Math.floor(r() * 5) * 1.25 });
      values.push({ schoolCode: s.schoolCode, indicator: 'intl_students', year: y, value: r() < 0.6 ? 0 : Math.floor(r() * 4) * 10 });
    }
  });
  return { schools, values };
}

interface Case {
  label: string;
  indicator: string;
  schoolCodes: string[];
  startYear: number;
  endYear: number;
}

describe('rival analysis against its definitions', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let national: string[] = [];
  let own: string | null = null;
  const names = new Map<string, string>();

  /** One indicator's values straight from the table: year → school → value. */
  const valuesOf = async (indicator: string, schoolCodes: string[]): Promise<IndicatorValues> => {
    const rows: Array<{ year: number; school_code: string; value: number }> = await db.query(
      `SELECT year, school_code, value FROM school_indicator_value WHERE indicator = $1 AND school_code = ANY($2::text[])`,
      [indicator, schoolCodes],
    );
    const data = new Map<number, Map<string, number>>();
    for (const row of rows) {
      if (!data.has(row.year)) data.set(row.year, new Map());
      data.get(row.year)!.set(row.school_code, Number(row.value));
    }
    return data;
  };

  /** The years asked that hold values of the indicator (any school's), ascending: the analyses' x axis. */
  const yearsOf = async (c: Case): Promise<number[]> => {
    const rows: Array<{ year: number }> = await db.query(
      `SELECT DISTINCT year FROM school_indicator_value WHERE indicator = $1 AND year BETWEEN $2 AND $3 ORDER BY year`,
      [c.indicator, c.startYear, c.endYear],
    );
    return rows.map((r) => r.year);
  };

  const ask = async <T>(call: string, c: Case): Promise<T> => {
    const query = `indicator=${c.indicator}&schoolCodes=${c.schoolCodes.join(',')}&startYear=${c.startYear}&endYear=${c.endYear}`;
    const res = await admin.get(`${ZNFX}/${call}?${query}`);
    expect({ call, status: res.status, meta: res.body.meta }).toMatchObject({ call, status: 200, meta: { success: true } });
    return res.body.data as T;
  };

  const cases: Case[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM school WHERE generated`)) as Array<{ n: number }>;
    expect(n).toBe(generateNationalSet().schools.length);
    await db.query(`DELETE FROM school WHERE code LIKE $1`, [`${OWN_PREFIX}%`]);
    await load(db, ownSchools());
    const schools: Array<{ code: string; name: string; is_own: boolean; generated: boolean }> = await db.query(`SELECT code, name, is_own, generated FROM school ORDER BY code`);
    for (const s of schools) names.set(s.code, s.name);
    national = schools.filter((s) => s.generated).map((s) => s.code);
    own = schools.find((s) => s.is_own)?.code ?? null;
    const mine = schools.filter((s) => s.code.startsWith(OWN_PREFIX)).map((s) => s.code);

    // The cases: sizes 2, 5 and 10; both directions; year ranges of 1 to 10 years; national, own-suite and mixed sets.
    const span = () => {
      const length = 1 + Math.floor(random() * 10);
      const first = GENERATED_YEARS.first + Math.floor(random() * (GENERATED_YEARS.last - GENERATED_YEARS.first + 2 - length));
      return { startYear: first, endYear: first + length - 1 };
    };
    const nationalIndicators = ['employment_rate', 'student_teacher_ratio', 'intl_students', 'intl_standards', 'monthly_income', 'tech_service_income'];
    for (const size of [2, 5, 10]) {
      for (const indicator of nationalIndicators) cases.push({ label: `national ${size}`, indicator, schoolCodes: pickFrom(national, size), ...span() });
      for (const indicator of ['employment_rate', 'student_teacher_ratio', 'intl_students']) {
        cases.push({ label: `gaps ${size}`, indicator, schoolCodes: pickFrom(mine, size), ...span() });
        const half = Math.ceil(size / 2);
        cases.push({ label: `mixed ${size}`, indicator, schoolCodes: [...pickFrom(mine, half), ...pickFrom(national, size - half)], ...span() });
      }
    }
    // every year
    cases.push({ label: 'all years', indicator: 'student_teacher_ratio', schoolCodes: pickFrom(national, 10), startYear: GENERATED_YEARS.first, endYear: GENERATED_YEARS.last });
    // the own school (when the seed sets one) last among national rivals: the average is still its
    if (own) cases.push({ label: 'own school', indicator: 'employment_rate', schoolCodes: [...pickFrom(national.filter((code) => code !== own), 4), own], startYear: 2019, endYear: 2025 });
    // the school lacking all but two years, with its two years and the ones between
    cases.push({ label: 'sparse school', indicator: 'employment_rate', schoolCodes: [`${OWN_PREFIX}12`, `${OWN_PREFIX}01`, `${OWN_PREFIX}02`], startYear: 2017, endYear: 2025 });

    const c = client(t);
    expect((await c.login('admin', 'Admin2026')).status).toBe(200);
    admin = c;
  });

  afterAll(async () => {
    await db?.query(`DELETE FROM school WHERE code LIKE $1`, [`${OWN_PREFIX}%`]);
    await t?.close();
  });

  it('draws what the cases need: sets of 2, 5 and 10, both directions, schools with missing years', () => {
    console.info(`school oracle: seed ${SEED}, ${cases.length} cases, national set from the seed (${national.length} schools)`);
    expect(national.length).toBeGreaterThanOrEqual(1500);
    expect(new Set(cases.map((c) => c.schoolCodes.length))).toEqual(new Set([2, 3, 5, 10, ...(own ? [5] : [])]));
    expect(new Set(cases.map((c) => indicatorOf(c.indicator).higherIsBetter))).toEqual(new Set([true, false]));
    for (const c of cases) expect(new Set(c.schoolCodes).size).toBe(c.schoolCodes.length);
  });

  it('trend: every school\'s value per year, null where it has none', async () => {
    let nulls = 0;
    for (const c of cases) {
      const data = await valuesOf(c.indicator, c.schoolCodes);
      const ys = await yearsOf(c);
      // the national set covers every year, so the axis is the whole range asked
      expect(ys).toEqual(years(c.startYear, c.endYear));
      const answer = await ask<TrendAnalysis>('queryTrendAnalysis', c);
      const expected = trend(data, c.schoolCodes, ys);
      nulls += expected.reduce((n, s) => n + s.values.filter((v) => v === null).length, 0);
      expect({ case: c, answer }).toEqual({
        case: c,
        answer: {
          indicator: c.indicator,
          years: ys,
          series: expect.arrayContaining(expected.map((s) => ({ schoolCode: s.schoolCode, schoolName: names.get(s.schoolCode), own: s.schoolCode === own, values: s.values }))),
        },
      });
      expect(answer.series.map((s) => s.schoolCode).sort()).toEqual([...c.schoolCodes].sort());
    }
    // the gaps were exercised
    expect(nulls).toBeGreaterThan(10);
  });

  it('rank: competition places by the indicator\'s direction among the schools with a value, and how many were ranked', async () => {
    let ties = 0;
    for (const c of cases) {
      const { higherIsBetter } = indicatorOf(c.indicator);
      const data = await valuesOf(c.indicator, c.schoolCodes);
      const ys = await yearsOf(c);
      const answer = await ask<RankAnalysis>('queryRankAnalysis', c);
      const places = ys.map((y) => rank(data, c.schoolCodes, y, higherIsBetter));
      ties += places.reduce((n, p) => n + (p.size - new Set(p.values()).size), 0);
      const values = trend(data, c.schoolCodes, ys);
      expect({ case: c, years: answer.years, totals: answer.totals }).toEqual({ case: c, years: ys, totals: places.map((p) => p.size) });
      expect(answer.series.map((s) => s.schoolCode).sort()).toEqual([...c.schoolCodes].sort());
      for (const s of answer.series) {
        expect({ case: c, school: s.schoolCode, values: s.values, ranks: s.ranks }).toEqual({
          case: c,
          school: s.schoolCode,
          values: values.find((v) => v.schoolCode === s.schoolCode)!.values,
          ranks: places.map((p) => p.get(s.schoolCode) ?? null),
        });
      }
    }
    // tied places were exercised (intl_students' zeros, the coarse grid of this suite's schools)
    expect(ties).toBeGreaterThan(5);
  });

  it('rank range: keeps the schools whose place in the end year lies within it', async () => {
    const c = cases.find((x) => x.label === 'national 10' && x.indicator === 'employment_rate')!;
    const { higherIsBetter } = indicatorOf(c.indicator);
    const data = await valuesOf(c.indicator, c.schoolCodes);
    const places = rank(data, c.schoolCodes, c.endYear, higherIsBetter);
    const inside = c.schoolCodes.filter((code) => (places.get(code) ?? 0) >= 3 && (places.get(code) ?? 0) <= 6).sort();
    const res = await admin.get(`${ZNFX}/queryRankAnalysis?indicator=${c.indicator}&schoolCodes=${c.schoolCodes.join(',')}&startYear=${c.startYear}&endYear=${c.endYear}&rankStart=3&rankEnd=6`);
    expect(res.body.meta.success).toBe(true);
    expect((res.body.data as RankAnalysis).series.map((s) => s.schoolCode).sort()).toEqual(inside);
    expect(inside.length).toBeGreaterThanOrEqual(3);
  });

  it('average: the group\'s mean per year against the own school (or the first school), and the difference', async () => {
    let ownNotFirst = 0;
    for (const c of cases) {
      const data = await valuesOf(c.indicator, c.schoolCodes);
      const ys = await yearsOf(c);
      const answer = await ask<AvgAnalysis>('queryAVGAnalysis', c);
      const averages = ys.map((y) => average(data, c.schoolCodes, y));
      const subject = own && c.schoolCodes.includes(own) ? own : c.schoolCodes[0]!;
      if (subject !== c.schoolCodes[0]) ownNotFirst += 1;
      const school = trend(data, [subject], ys)[0]!;
      const differences = ys.map((_, i) => (school.values[i] === null || averages[i] === null ? null : school.values[i]! - averages[i]!));
      expect({ case: c, years: answer.years, averages: answer.averages, school: answer.school }).toEqual({
        case: c,
        years: ys,
        averages,
        school: { schoolCode: subject, schoolName: names.get(subject), own: subject === own, values: school.values },
      });
      // the difference to two decimals, whether it is rounded before or after the subtraction
      expect(answer.differences.map((d) => d === null)).toEqual(differences.map((d) => d === null));
      answer.differences.forEach((d, i) => {
        if (d !== null) expect(Math.abs(d - round2(differences[i]!))).toBeLessThanOrEqual(0.010001);
      });
    }
    // the own school was the subject away from the first place at least once (the demo seed sets one)
    if (own) expect(ownNotFirst).toBeGreaterThan(0);
  });

  it('refuses fewer and more schools than the selection allows, on each of the three', async () => {
    const one = national.slice(0, 1);
    const eleven = national.slice(0, SCHOOL_SELECTION.max + 1);
    for (const call of ['queryTrendAnalysis', 'queryRankAnalysis', 'queryAVGAnalysis']) {
      for (const codes of [one, eleven]) {
        const res = await admin.get(`${ZNFX}/${call}?indicator=employment_rate&schoolCodes=${codes.join(',')}&startYear=2020&endYear=2025`);
        expect({ call, n: codes.length, status: res.status, meta: res.body.meta }).toMatchObject({
          call, n: codes.length, status: 400, meta: { success: false, message: SCHOOL_ANALYSIS_MESSAGES.selectionBounds },
        });
      }
      // the bounds themselves are allowed
      for (const codes of [national.slice(0, SCHOOL_SELECTION.min), national.slice(0, SCHOOL_SELECTION.max)]) {
        const res = await admin.get(`${ZNFX}/${call}?indicator=employment_rate&schoolCodes=${codes.join(',')}&startYear=2020&endYear=2025`);
        expect({ call, n: codes.length, success: res.body.meta.success }).toEqual({ call, n: codes.length, success: true });
      }
    }
  });

  it('the demo seed\'s national set is the generator\'s default set, value for value', async () => {
    const line = (v: { schoolCode: string; indicator: string; year: number; value: number }) => `${v.schoolCode}|${v.indicator}|${v.year}|${v.value}`;
    const stored: Array<{ school_code: string; indicator: string; year: number; value: number }> = await db.query(
      `SELECT v.school_code, v.indicator, v.year, v.value FROM school_indicator_value v JOIN school s ON s.code = v.school_code WHERE s.generated`,
    );
    const expected = generateNationalSet().values.map(line).sort();
    expect(stored.length).toBe(expected.length);
    const got = stored.map((r) => line({ schoolCode: r.school_code, indicator: r.indicator, year: r.year, value: Number(r.value) })).sort();
    expect(createHash('sha256').update(got.join('\n')).digest('hex')).toBe(createHash('sha256').update(expected.join('\n')).digest('hex'));
  });

  it('the generator gives the same set for a seed and another set for another seed', () => {
    const a = generateNationalSet('oracle-a');
    const again = generateNationalSet('oracle-a');
    const b = generateNationalSet('oracle-b');
    expect(a.schools.length).toBeGreaterThanOrEqual(1500);
    expect(a.values.length).toBe(a.schools.length * SCHOOL_INDICATORS.length * 10);
    expect(digest(again)).toBe(digest(a));
    expect(digest(b)).not.toBe(digest(a));
  });
});
