import type { ImprovementEffect } from '@zhengai/contracts';
import { progressNumber } from '../../../shared/kernel/progress.js';

/**
 * 改进成效 (issue 33): a measure (gjcs) written on an unmet point in cycle N is judged by the same object's result of
 * the same point code in cycle N + 1. The SQL of the overview (`infrastructure/improvement.sql.ts`) is this rule
 * set-based; the e2e suite holds the two equal on a fixture with every outcome.
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

/** A measure counts when written on an unmet point: a non-empty gjcs. */
export const isMeasure = (gjcs: string | null): boolean => gjcs !== null && gjcs.trim() !== '';

/** 改进有效率: effective ÷ judged (not pending) × 100, 2 decimals; null when none is judged. */
export function improvementRate(effects: readonly ImprovementEffect[]): number | null {
  const judged = effects.filter((e) => e !== 'pending').length;
  if (judged === 0) return null;
  return progressNumber(effects.filter((e) => e === 'effective').length, judged);
}
