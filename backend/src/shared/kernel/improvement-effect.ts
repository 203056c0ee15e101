import type { ImprovementEffect } from '@zhengai/contracts';
import { progressNumber } from './progress.js';
import { flagOf, numberOf } from './value-types.js';

/**
 * 改进成效 (issue 33): a measure (gjcs) written on an unmet point in cycle N is judged by the same object's result of
 * the same point code in cycle N + 1. In the kernel because two modules judge measures (the development centres'
 * portraits, the reports' section 4), and a module's domain may not import another's. The centres' SQL twin is
 * `effectsOf` in development-centres' `centre.pg-reader.ts`; the e2e suites hold them equal.
 */
export interface NextResult {
  /** The next cycle's value as a number (null: none yet). */
  value: number | null;
  /** 达标 in the next cycle (the kernel's attainment). */
  met: boolean;
}

/**
 * effective: met now; improved: still unmet but closer to the target in the point's direction (or no value before);
 * notImproved: same or worse; pending: no next result, or no value in it yet.
 */
export function improvementEffect(before: number | null, next: NextResult | null, direction: 'higher' | 'lower'): ImprovementEffect {
  if (next === null || next.value === null) return 'pending';
  if (next.met) return 'effective';
  if (before === null) return 'improved';
  const better = direction === 'higher' ? next.value > before : next.value < before;
  return better ? 'improved' : 'notImproved';
}

/** A result value as a number as the rule reads it: numbers and percents; 有/是 1, 无/否 0; else null. */
export const effectValueOf = (text: string | null): number | null => numberOf(text) ?? flagOf(text);

/** The four effects counted for a set of measures, in the contract's order. */
export function effectCounts(effects: readonly ImprovementEffect[]): Record<ImprovementEffect, number> {
  const counts: Record<ImprovementEffect, number> = { effective: 0, improved: 0, notImproved: 0, pending: 0 };
  for (const e of effects) counts[e] += 1;
  return counts;
}

/** A measure counts when written on an unmet point: a non-empty gjcs. */
export const isMeasure = (gjcs: string | null): boolean => gjcs !== null && gjcs.trim() !== '';

/** 改进有效率: effective ÷ judged (not pending) × 100, 2 decimals; null when none is judged. */
export function improvementRate(effects: readonly ImprovementEffect[]): number | null {
  const judged = effects.filter((e) => e !== 'pending').length;
  if (judged === 0) return null;
  return progressNumber(effects.filter((e) => e === 'effective').length, judged);
}
