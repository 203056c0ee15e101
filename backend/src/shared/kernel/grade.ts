import type { CalRule, Grade } from '@zhengai/contracts';
import { flagOf, numberOf, type ValueType } from './value-types.js';

// THE RULE OF GRADE AND 达标 (issue 35), stated once here; every screen, report and count reads it from the stored
// flags this file computes (gradeEntry / gradePoint), and the screens' help texts say it in Chinese:
// - 本期等级 (jgdj) is how far the result reaches the target value: A 优秀 reaches it, B 良好 reaches the rule's b share
//   of it, C 一般 its c share, D 未完成 less or no result; Y 达成 / N 未达成 for have/whether points; text points none.
//   The standard value (bzz) is the floor: a result that misses it is D (N for a flag point) whatever its share of
//   the target, so a grade never says 良好 of a result below the standard.
// - 未达标 is exactly a grade of D or N (unfin; dis, the standard missed, implies it); 达标 is any other grade (or a
//   text point) with a result; 未填报 otherwise (the kernel's attainmentOf).

/** A excellent, B good, C average, D not done; Y/N for have and whether points (spec 001 §9): the contract's. */
export type { CalRule, Grade };

/** The contract's catalogue: one name for one grade everywhere. */
export { GRADE_NAMES } from '@zhengai/contracts';

// How a numeric result is graded against its target (cal_rule, the contract's CalRule). higher: more is better (a pass
// rate); lower: less is better (a dropout rate). b and c are the shares of the target that still earn B and C.
export const DEFAULT_CAL_RULE: CalRule = { direction: 'higher', b: 0.9, c: 0.8 };

/** Reads a stored rule, falling back to the default for anything missing or out of range. */
export function calRuleOf(raw: unknown): CalRule {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof CalRule, unknown>>;
  const share = (v: unknown, d: number) => (typeof v === 'number' && v > 0 && v <= 1 ? v : d);
  const b = share(r.b, DEFAULT_CAL_RULE.b);
  return { direction: r.direction === 'lower' ? 'lower' : 'higher', b, c: Math.min(share(r.c, DEFAULT_CAL_RULE.c), b) };
}

/** A revised value (xzmbz, xzjgz) overrides the original (mbz, jgz) whenever it is filled in. */
export function effective(original: string | null | undefined, revised: string | null | undefined): string | null {
  if (revised !== null && revised !== undefined && revised.trim() !== '') return revised;
  if (original !== null && original !== undefined && original.trim() !== '') return original;
  return null;
}

/**
 * The grade of a result against its target (calresult). No result is D (not done); a have/whether point is Y when
 * its result equals its target (1 when no target); text points have no grade.
 */
export function gradeOf(type: ValueType, target: string | null, result: string | null, rule: CalRule = DEFAULT_CAL_RULE): Grade | null {
  if (type === 'text') return null;
  if (type === 'have' || type === 'whether') {
    const got = flagOf(result);
    if (got === null) return 'N';
    return got === (flagOf(target) ?? 1) ? 'Y' : 'N';
  }
  const got = numberOf(result);
  if (got === null) return 'D';
  const want = numberOf(target);
  if (want === null) return 'A';
  // Rounded so that binary fractions do not move a result across a threshold (2 - 5.5/5 is 0.8999…).
  const share = Math.round(shareOfTarget(got, want, rule.direction) * 1e9) / 1e9;
  if (share >= 1) return 'A';
  if (share >= rule.b) return 'B';
  if (share >= rule.c) return 'C';
  return 'D';
}

/** How much of the target a result reaches: 1 or more meets it. */
function shareOfTarget(got: number, want: number, direction: CalRule['direction']): number {
  if (direction === 'higher') {
    if (want <= 0) return got >= want ? 1 : 0;
    return got / want;
  }
  if (got <= want) return 1;
  // Lower is better: going over the target by x% costs x% of the share; a target of 0 tolerates nothing.
  return want <= 0 ? 0 : Math.max(0, 2 - got / want);
}

/** Whether a result misses its standard value (bzz): the "not meeting standard" flag (dis). */
export function missesStandard(type: ValueType, standard: string | null, result: string | null, rule: CalRule = DEFAULT_CAL_RULE): boolean {
  if (standard === null || result === null || type === 'text') return false;
  if (type === 'have' || type === 'whether') return flagOf(result) !== (flagOf(standard) ?? 1);
  const got = numberOf(result);
  const want = numberOf(standard);
  if (got === null || want === null) return false;
  return rule.direction === 'higher' ? got < want : got > want;
}

/** A task's score: the share of graded points that reach their target (A or Y), in percent with 2 decimals; null with nothing graded. */
export function scoreOf(grades: Array<string | null>): number | null {
  const graded = grades.filter((g) => g !== null);
  if (graded.length === 0) return null;
  return Math.round((graded.filter((g) => g === 'A' || g === 'Y').length / graded.length) * 10_000) / 100;
}

/** Grades that count as not finished (unfin). */
export const isUnfinished = (grade: Grade | null): boolean => grade === 'D' || grade === 'N';

/** An entry as it is graded: the point's targets and type with this cycle's results (revised values override). */
export interface GradedEntry {
  zlx: ValueType;
  mbz: string | null;
  xzmbz: string | null;
  jgz: string | null;
  xzjgz: string | null;
  bzz: string | null;
  calRule: unknown;
}

/** A point's grade and flags as stored (quality_result jgdj, unfin, dis). */
export interface PointGrade {
  jgdj: Grade | null;
  unfin: boolean;
  dis: boolean;
}

/**
 * The rule above for one result: the grade against the target, floored by the standard (a result missing its standard
 * is D, or N for a flag point), unfin = D or N, dis = the standard missed. The one place a stored grade is computed.
 */
export function gradePoint(type: ValueType, target: string | null, standard: string | null, result: string | null, rule: CalRule = DEFAULT_CAL_RULE): PointGrade {
  const dis = missesStandard(type, standard, result, rule);
  const reached = gradeOf(type, target, result, rule);
  const jgdj = dis && reached !== null ? (type === 'have' || type === 'whether' ? 'N' : 'D') : reached;
  return { jgdj, unfin: isUnfinished(jgdj), dis };
}

/** An entry's grade, unfinished and not-meeting-standard flags (calresult; also the obj-list pushes and collection). */
export function gradeEntry(r: GradedEntry): PointGrade {
  return gradePoint(r.zlx, effective(r.mbz, r.xzmbz), r.bzz, effective(r.jgz, r.xzjgz), calRuleOf(r.calRule));
}
