import { createHash } from 'node:crypto';
import { GENERATED_YEARS, SCHOOL_INDICATORS, SCHOOL_PROVINCES } from '@zhengai/contracts';
import { generateNationalSet, type NationalSet } from './national-generator.js';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const digest = (set: NationalSet): string => createHash('sha256').update(JSON.stringify(set)).digest('hex');

describe('the generated national set', () => {
  const set = generateNationalSet();
  const valuesOf = (indicator: string, year: number, codes?: Set<string>) =>
    set.values.filter((v) => v.indicator === indicator && v.year === year && (!codes || codes.has(v.schoolCode))).map((v) => v.value);

  it('is the same for the same seed and different for another', () => {
    expect(digest(generateNationalSet())).toBe(digest(set));
    expect(digest(generateNationalSet('another seed'))).not.toBe(digest(set));
  });

  it('has about 1,500 colleges in all 31 provinces, each with a code and a name of its own', () => {
    expect(set.schools.length).toBeGreaterThanOrEqual(1500);
    expect(set.schools.length).toBeLessThanOrEqual(1600);
    expect(new Set(set.schools.map((s) => s.schoolProvince))).toEqual(new Set(SCHOOL_PROVINCES));
    expect(new Set(set.schools.map((s) => s.schoolCode)).size).toBe(set.schools.length);
    expect(new Set(set.schools.map((s) => s.schoolName)).size).toBe(set.schools.length);
    expect(set.schools.every((s) => /^D\d{5}$/.test(s.schoolCode) && s.schoolName.startsWith(s.schoolProvince))).toBe(true);
  });

  it('gives every college every indicator for each of the ten years', () => {
    const years = GENERATED_YEARS.last - GENERATED_YEARS.first + 1;
    expect(years).toBe(10);
    expect(SCHOOL_INDICATORS.length).toBeGreaterThanOrEqual(20);
    expect(set.values.length).toBe(set.schools.length * SCHOOL_INDICATORS.length * years);
    expect(set.values.every((v) => Number.isFinite(v.value) && v.value >= 0)).toBe(true);
  });

  it('puts 197 public colleges on the 2019 双高 list: 56 高水平学校 and 141 高水平专业群, mostly the strong levels', () => {
    const listed = set.schools.filter((s) => s.doubleHigh);
    expect(listed).toHaveLength(197);
    expect(listed.filter((s) => s.doubleHigh!.kind === 'school')).toHaveLength(56);
    expect(listed.every((s) => s.schoolNature === '公办')).toBe(true);
    const national = (xs: typeof set.schools) => xs.filter((s) => s.schoolLevel === '国家示范（骨干）').length / xs.length;
    expect(national(listed)).toBeGreaterThan(2 * national(set.schools));
  });

  it('keeps rates within 0–100 and their medians where the country has them', () => {
    for (const ind of SCHOOL_INDICATORS.filter((i) => i.unit === '%')) {
      expect(set.values.filter((v) => v.indicator === ind.code).every((v) => v.value >= 0 && v.value <= 100)).toBe(true);
    }
    const employment = median(valuesOf('employment_rate', 2025));
    expect(employment).toBeGreaterThan(88);
    expect(employment).toBeLessThan(95);
    expect(median(valuesOf('students', 2025))).toBeGreaterThan(6000);
    expect(median(valuesOf('students', 2025))).toBeLessThan(13000);
  });

  it('lets stronger levels lead and indicators drift by their trends', () => {
    const codesOf = (level: string) => new Set(set.schools.filter((s) => s.schoolLevel === level).map((s) => s.schoolCode));
    expect(median(valuesOf('equipment_per_student', 2025, codesOf('国家示范（骨干）')))).toBeGreaterThan(median(valuesOf('equipment_per_student', 2025, codesOf('一般高职'))));
    expect(median(valuesOf('certificate_rate', 2025))).toBeGreaterThan(median(valuesOf('certificate_rate', 2016)) + 10);
    expect(median(valuesOf('tech_service_income', 2025))).toBeGreaterThan(median(valuesOf('tech_service_income', 2016)));
  });

  it('derives teachers from students and the student–teacher ratio', () => {
    const at = (code: string, indicator: string) => set.values.find((v) => v.schoolCode === code && v.indicator === indicator && v.year === 2025)!.value;
    for (const s of set.schools.slice(0, 50)) {
      const teachers = at(s.schoolCode, 'teachers');
      expect(Math.abs(teachers - Math.max(40, at(s.schoolCode, 'students') / at(s.schoolCode, 'student_teacher_ratio')))).toBeLessThanOrEqual(0.5);
    }
  });
});
