import { CONDITIONS, WARNING_GRADES, WARNING_MODES, WARNING_PERIODS, type Condition, type WarningGrade, type WarningMode, type WarningPeriod, type WarningRule } from '@zhengai/contracts';
import { flagOf, numberOf, type ValueType } from './value-types.js';

// Warning modes (spec 001 §4, §9: value or level comparison), conditions, periods, grades A–G and the rule's shape are the contract's.
export { CONDITIONS, WARNING_GRADES, WARNING_MODES, WARNING_PERIODS, type Condition, type WarningGrade, type WarningMode, type WarningPeriod, type WarningRule };

/** The labels of spec 001 §9 (每月, 每周, 每天) and ours for year and none. */
export const WARNING_PERIOD_LABELS: Record<WarningPeriod, string> = { year: '每年', month: '每月', week: '每周', day: '每天', none: '不限' };
export const WARNING_MODE_LABELS: Record<WarningMode, string> = { value: '数值比较', level: '等级比较' };
export type Verdict = { kind: 'breach' } | { kind: 'ok' } | { kind: 'not-evaluable'; reason: string };

const among = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);

/** A grade of a quality review (A–D, Y/N) on the warning scale: Y counts as A, N as D. */
function warningGradeOf(grade: string | null): WarningGrade | null {
  const g = grade?.trim().toUpperCase() ?? '';
  if (g === 'Y') return 'A';
  if (g === 'N') return 'D';
  return among(WARNING_GRADES, g) ? g : null;
}

/** Compares a with b: the sign of a - b. */
function holds(tj: Condition, sign: number): boolean {
  switch (tj) {
    case '<': return sign < 0;
    case '<=': return sign <= 0;
    case '=': return sign === 0;
    case '>=': return sign >= 0;
    case '>': return sign > 0;
  }
}

/** The number a value of this type stands for: 0/1 for have and whether (有/无, 是/否), the number otherwise. */
function measure(zlx: ValueType, value: string | null): number | null {
  if (zlx === 'have' || zlx === 'whether') return flagOf(value);
  if (zlx === 'text') return null;
  return numberOf(value);
}

/**
 * Whether a sampled value breaches a rule. Value mode compares numbers (85% reads 85); level mode compares grades on
 * a quality scale, so "< C" means worse than C (D to G). Empty and non-numeric values cannot breach: they are
 * reported as not evaluable instead of raising a warning nobody can act on.
 */
export function evaluate(rule: WarningRule, sample: { value: string | null; grade: string | null; zlx: ValueType }): Verdict {
  if (sample.value === null || sample.value.trim() === '') return { kind: 'not-evaluable', reason: '无采样值' };
  if (rule.yjlx === 'level') {
    const grade = warningGradeOf(sample.grade);
    const limit = warningGradeOf(rule.yjz);
    if (grade === null) return { kind: 'not-evaluable', reason: '无等级' };
    if (limit === null) return { kind: 'not-evaluable', reason: '预警等级不正确' };
    // Earlier letters are better grades: "better than" is a smaller index.
    const sign = WARNING_GRADES.indexOf(limit) - WARNING_GRADES.indexOf(grade);
    return holds(rule.tj, sign) ? { kind: 'breach' } : { kind: 'ok' };
  }
  const value = measure(sample.zlx, sample.value);
  const limit = measure(sample.zlx, rule.yjz);
  if (value === null) return { kind: 'not-evaluable', reason: '采样值不是数值' };
  if (limit === null) return { kind: 'not-evaluable', reason: '预警值不是数值' };
  return holds(rule.tj, Math.sign(value - limit)) ? { kind: 'breach' } : { kind: 'ok' };
}

/** Reads a stored or submitted rule: the rule, null for "no rule", or the message saying what is wrong. */
export function readWarningRule(raw: unknown): { rule: WarningRule | null; problem: string | null } {
  if (raw === null || raw === undefined) return { rule: null, problem: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { rule: null, problem: '预警规则不正确' };
  const r = raw as Record<string, unknown>;
  if (!among(WARNING_MODES, r.yjlx)) return { rule: null, problem: '预警方式只能是数值比较或等级比较' };
  if (!among(CONDITIONS, r.tj)) return { rule: null, problem: '比较条件只能是 <、<=、=、>=、>' };
  if (!among(WARNING_PERIODS, r.yjzq)) return { rule: null, problem: '预警周期只能是每年、每月、每周、每天或不限' };
  const yjz = typeof r.yjz === 'number' ? String(r.yjz) : typeof r.yjz === 'string' ? r.yjz.trim() : '';
  if (yjz === '') return { rule: null, problem: '请填写预警值' };
  if (r.yjlx === 'level' && !among(WARNING_GRADES, yjz.toUpperCase())) return { rule: null, problem: '预警等级只能是 A 到 G' };
  if (r.yjlx === 'value' && (numberOf(yjz) === null && flagOf(yjz) === null)) return { rule: null, problem: '预警值必须是数值' };
  if (yjz.length > 100) return { rule: null, problem: '预警值最多100个字符' };
  return { rule: { yjlx: r.yjlx, tj: r.tj, yjz: r.yjlx === 'level' ? yjz.toUpperCase() : yjz, yjzq: r.yjzq }, problem: null };
}
