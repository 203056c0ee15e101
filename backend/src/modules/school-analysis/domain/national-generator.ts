import { GENERATED_YEARS, SCHOOL_INDICATORS, SCHOOL_LEVELS, SCHOOL_NATURES, SCHOOL_PROVINCES } from '@zhengai/contracts';

/**
 * The generated national set of issue 16: about 1,500 vocational colleges across the 31 provinces, each with a level,
 * a nature, double-high (双高, 2019) membership and ten years of every indicator of SCHOOL_INDICATORS. There is no
 * public download to ship, so the figures are drawn from plausible distributions: each school has a latent strength
 * (its level, its province's economy, chance) that the indicators lean on, every indicator drifts by its own yearly
 * trend, and a school keeps its own offset from year to year, so trends and ranks look like real ones. The names and
 * codes (D + province + number) mark them as generated; nothing here describes a real school.
 * The same seed gives the same set, whatever the machine.
 */

export interface GeneratedSchool {
  schoolCode: string;
  schoolName: string;
  schoolProvince: string;
  schoolNature: (typeof SCHOOL_NATURES)[number];
  schoolLevel: (typeof SCHOOL_LEVELS)[number];
  /** 双高 membership of the 2019 list: a 高水平学校 or a 高水平专业群 school, graded A–C; null when not on it. */
  doubleHigh: { year: number; kind: 'school' | 'major'; grade: 'A' | 'B' | 'C' } | null;
}

export interface GeneratedValue {
  schoolCode: string;
  indicator: string;
  year: number;
  value: number;
}

export interface NationalSet {
  schools: GeneratedSchool[];
  values: GeneratedValue[];
}

/** Colleges per province, close to the real spread of 高职 (sums to about 1,550). */
const PROVINCE_COUNTS: Record<(typeof SCHOOL_PROVINCES)[number], number> = {
  北京: 25, 天津: 26, 河北: 65, 山西: 52, 内蒙古: 37, 辽宁: 53, 吉林: 25, 黑龙江: 45, 上海: 21, 江苏: 94, 浙江: 53, 安徽: 77, 福建: 53,
  江西: 64, 山东: 86, 河南: 100, 湖北: 65, 湖南: 80, 广东: 96, 广西: 50, 海南: 14, 重庆: 46, 四川: 86, 贵州: 50, 云南: 52, 西藏: 4,
  陕西: 43, 甘肃: 29, 青海: 8, 宁夏: 11, 新疆: 39,
};

/** The provinces' economic lift on strength and incomes (east above west), in standard deviations. */
const PROVINCE_LIFT: Partial<Record<(typeof SCHOOL_PROVINCES)[number], number>> = {
  北京: 0.6, 上海: 0.6, 江苏: 0.5, 浙江: 0.5, 广东: 0.45, 天津: 0.35, 山东: 0.3, 福建: 0.3, 重庆: 0.15, 湖北: 0.15,
  西藏: -0.4, 青海: -0.35, 甘肃: -0.35, 宁夏: -0.3, 贵州: -0.25, 云南: -0.2, 新疆: -0.2, 广西: -0.2, 黑龙江: -0.15, 吉林: -0.15,
};

const LEVEL_LIFT: Record<(typeof SCHOOL_LEVELS)[number], number> = { '国家示范（骨干）': 1.2, '省级示范（骨干）': 0.6, 优质专科高职: 0.3, 一般高职: -0.25 };

const NAME_WORDS = [
  '工业', '信息', '交通', '建筑', '商贸', '财经', '机电', '农林', '医药', '旅游', '电子', '化工', '轻工', '艺术', '城市', '科技', '水利', '能源',
  '铁道', '航空', '司法', '体育', '外语', '经贸', '石油', '汽车', '电力', '船舶', '纺织', '工程', '卫生', '传媒', '生态', '现代', '应用', '国际',
];
const NAME_PLACES = ['', '东方', '南方', '北方', '西部', '中原', '滨海', '山水', '新城', '长河'];

/**
 * How an indicator is drawn for 2025 (t = 0) and the years before it (t < 0):
 * log: median · exp(spread · (loading · strength + own + yearly noise) + trend · t); add: mean + spread · (…) + trend · t.
 * Clamped to [min, max]; `zeroBelow`: a school whose draw falls below it has none (most colleges have no foreign students).
 */
interface Draw {
  kind: 'log' | 'add';
  centre: number;
  spread: number;
  loading: number;
  trend: number;
  min: number;
  max: number;
  zeroBelow?: number;
}

const DRAWS: Record<string, Draw> = {
  students: { kind: 'log', centre: 9000, spread: 0.45, loading: 0.5, trend: 0.035, min: 800, max: 45000 },
  student_teacher_ratio: { kind: 'add', centre: 17.5, spread: 2.2, loading: -0.35, trend: 0.08, min: 9, max: 28 },
  dual_teacher_rate: { kind: 'add', centre: 56, spread: 11, loading: 0.5, trend: 1.6, min: 8, max: 96 },
  senior_title_rate: { kind: 'add', centre: 30, spread: 6.5, loading: 0.55, trend: 0.45, min: 5, max: 70 },
  equipment_per_student: { kind: 'log', centre: 12500, spread: 0.35, loading: 0.6, trend: 0.06, min: 3000, max: 90000 },
  building_per_student: { kind: 'add', centre: 14, spread: 2.8, loading: 0.3, trend: -0.05, min: 5, max: 40 },
  books_per_student: { kind: 'add', centre: 72, spread: 14, loading: 0.25, trend: 0.8, min: 30, max: 200 },
  funding_per_student: { kind: 'log', centre: 18500, spread: 0.3, loading: 0.5, trend: 0.05, min: 4000, max: 80000 },
  majors: { kind: 'add', centre: 36, spread: 10, loading: 0.45, trend: 0.5, min: 8, max: 95 },
  enrolment_rate: { kind: 'add', centre: 95.5, spread: 3.5, loading: 0.35, trend: 0.1, min: 60, max: 100 },
  employment_rate: { kind: 'add', centre: 91.5, spread: 3.2, loading: 0.4, trend: 0.05, min: 70, max: 99.6 },
  matched_employment_rate: { kind: 'add', centre: 75, spread: 7, loading: 0.45, trend: 0.35, min: 40, max: 98 },
  monthly_income: { kind: 'log', centre: 4300, spread: 0.12, loading: 0.45, trend: 0.045, min: 2200, max: 12000 },
  employer_satisfaction: { kind: 'add', centre: 93, spread: 2.6, loading: 0.35, trend: 0.2, min: 75, max: 99.9 },
  certificate_rate: { kind: 'add', centre: 62, spread: 14, loading: 0.4, trend: 2.4, min: 5, max: 100 },
  contest_awards: { kind: 'log', centre: 3, spread: 0.9, loading: 0.9, trend: 0.05, min: 0, max: 80 },
  partner_companies: { kind: 'log', centre: 210, spread: 0.5, loading: 0.5, trend: 0.06, min: 10, max: 3000 },
  order_training: { kind: 'log', centre: 800, spread: 0.7, loading: 0.4, trend: 0.05, min: 0, max: 12000 },
  tech_service_income: { kind: 'log', centre: 320, spread: 1, loading: 0.9, trend: 0.12, min: 0, max: 30000 },
  social_training_days: { kind: 'log', centre: 60000, spread: 0.8, loading: 0.6, trend: 0.06, min: 0, max: 2000000 },
  patents: { kind: 'log', centre: 40, spread: 0.9, loading: 0.7, trend: 0.08, min: 0, max: 1500 },
  intl_students: { kind: 'log', centre: 25, spread: 1.1, loading: 1, trend: 0.04, min: 0, max: 2000, zeroBelow: -0.3 },
  intl_standards: { kind: 'log', centre: 2, spread: 1, loading: 1, trend: 0.15, min: 0, max: 60, zeroBelow: 0.4 },
};

/** mulberry32: a small, well-spread 32-bit generator; the same seed gives the same stream on every machine. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a text: turns a seed word into the generator's number. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A stream of numbers in [0, 1) from a seed word (or number): the same on every run and machine (tests and benches draw from it too). */
export function seededRandom(seed: string | number): () => number {
  return mulberry32(typeof seed === 'number' ? seed : hash(seed));
}

function normal(random: () => number): number {
  // Box–Muller; 1 - u keeps log away from 0
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** A level drawn for a school: few national ones, most ordinary. */
function levelOf(u: number): (typeof SCHOOL_LEVELS)[number] {
  if (u < 0.13) return '国家示范（骨干）';
  if (u < 0.35) return '省级示范（骨干）';
  if (u < 0.5) return '优质专科高职';
  return '一般高职';
}

/** Names for a province's colleges: its name with a field word (and, for large provinces, a place word), no two alike. */
function namesFor(province: string, count: number, random: () => number): string[] {
  const candidates: string[] = [];
  for (const place of NAME_PLACES) for (const word of NAME_WORDS) for (const kind of ['职业技术学院', '职业学院']) candidates.push(`${province}${place}${word}${kind}`);
  // a Fisher–Yates shuffle driven by the seeded stream, then the first `count`
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  // plain names (no place word) first, so small provinces read naturally
  const isPlain = (n: string) => NAME_WORDS.some((w) => n.startsWith(`${province}${w}`));
  return [...candidates.filter(isPlain), ...candidates.filter((n) => !isPlain(n))].slice(0, count);
}

/** The whole national set for a seed word. */
export function generateNationalSet(seed = 'zhengai-national-2026'): NationalSet {
  const random = seededRandom(seed);
  const schools: GeneratedSchool[] = [];
  const strength = new Map<string, number>();
  SCHOOL_PROVINCES.forEach((province, p) => {
    const names = namesFor(province, PROVINCE_COUNTS[province], random);
    names.forEach((schoolName, i) => {
      const schoolLevel = levelOf(random());
      const schoolNature = random() < 0.18 && schoolLevel === '一般高职' ? '民办' : '公办';
      const schoolCode = `D${String(p + 1).padStart(2, '0')}${String(i + 1).padStart(3, '0')}`;
      schools.push({ schoolCode, schoolName, schoolProvince: province, schoolNature, schoolLevel, doubleHigh: null });
      strength.set(schoolCode, LEVEL_LIFT[schoolLevel] + (PROVINCE_LIFT[province] ?? 0) + (schoolNature === '民办' ? -0.3 : 0) + normal(random) * 0.8);
    });
  });

  // 双高 2019: 56 高水平学校 (A 10, B 20, C 26) and 141 高水平专业群 (A 26, B 59, C 56), public colleges by strength
  // with chance mixed in, so a strong province does not take every place.
  const ranked = schools
    .filter((s) => s.schoolNature === '公办')
    .map((s) => ({ s, score: strength.get(s.schoolCode)! + normal(random) * 0.35 }))
    .sort((a, b) => b.score - a.score)
    .map((x) => x.s);
  const places: Array<['school' | 'major', 'A' | 'B' | 'C', number]> = [['school', 'A', 10], ['school', 'B', 20], ['school', 'C', 26], ['major', 'A', 26], ['major', 'B', 59], ['major', 'C', 56]];
  let next = 0;
  for (const [kind, grade, count] of places) for (let k = 0; k < count; k++) ranked[next++]!.doubleHigh = { year: 2019, kind, grade };

  const values: GeneratedValue[] = [];
  for (const school of schools) {
    const z = strength.get(school.schoolCode)!;
    const lift = PROVINCE_LIFT[school.schoolProvince as (typeof SCHOOL_PROVINCES)[number]] ?? 0;
    const own = new Map(SCHOOL_INDICATORS.map((ind) => [ind.code, normal(random) * 0.7]));
    for (let year = GENERATED_YEARS.first; year <= GENERATED_YEARS.last; year++) {
      const t = year - GENERATED_YEARS.last;
      const drawn = new Map<string, number>();
      for (const ind of SCHOOL_INDICATORS) {
        // teachers follow from students and the student–teacher ratio, below
        if (ind.code === 'teachers') continue;
        const d = DRAWS[ind.code]!;
        const x = d.loading * z + own.get(ind.code)! + normal(random) * 0.15 + (ind.code === 'monthly_income' ? lift : 0);
        const raw = d.zeroBelow !== undefined && x < d.zeroBelow ? 0 : d.kind === 'log' ? d.centre * Math.exp(d.spread * x + d.trend * t) : d.centre + d.spread * x + d.trend * t;
        drawn.set(ind.code, round(Math.min(d.max, Math.max(d.min, raw)), ind.decimals));
      }
      drawn.set('teachers', Math.max(40, Math.round(drawn.get('students')! / drawn.get('student_teacher_ratio')!)));
      for (const ind of SCHOOL_INDICATORS) values.push({ schoolCode: school.schoolCode, indicator: ind.code, year, value: drawn.get(ind.code)! });
    }
  }
  return { schools, values };
}
