/**
 * Progress of a value against its target (000 §9, 001 §9): value / target × 100, capped 0–100, 2 decimals; '0' when
 * either is zero or missing. Answered as text, the documents' form ('0', '45.67', '100.00'), so the task progress bar
 * and the operation monitoring ring (issue 16) show the same figure; `progressNumber` is the same figure for charts.
 * Values may arrive as numbers or as text (PostgreSQL numerics); text that is not a finite number counts as missing.
 */
export type Amount = number | string | null | undefined;

function amountOf(v: Amount): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && v.trim() === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

export function progress(value: Amount, target: Amount): string {
  const v = amountOf(value);
  const t = amountOf(target);
  if (v === null || t === null || v === 0 || t === 0) return '0';
  // A negative share (a negative value or target) is no progress; more than the target is done.
  const share = Math.min(100, Math.max(0, (v / t) * 100));
  return share.toFixed(2);
}

/** The same progress as a number (0–100, 2 decimals), for charts and sorting. */
export function progressNumber(value: Amount, target: Amount): number {
  return Number(progress(value, target));
}
