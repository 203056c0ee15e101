import { progressValue } from '@zhengai/contracts';

/**
 * Progress of a value against its target (000 §9, 001 §9): the contract's `progressValue`, the one copy of the rule
 * the task progress bar, the reports and the operation monitoring ring share ('0', '45.67', '100.00').
 * Values may arrive as numbers or as text (PostgreSQL numerics); text that is not a finite number counts as missing.
 */
export type Amount = number | string | null | undefined;

export const progress: (value: Amount, target: Amount) => string = progressValue;

/** The same progress as a number (0–100, 2 decimals), for charts and sorting. */
export function progressNumber(value: Amount, target: Amount): number {
  return Number(progress(value, target));
}
