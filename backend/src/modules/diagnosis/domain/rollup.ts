import { flagOf, numberOf, type ValueType } from '../../../shared/kernel/value-types.js';

/**
 * An upper object's result from its lower objects' results (obj/updateUpList), point by point:
 * - percent, float: the mean of the lower values that are numbers, to 2 decimals; integer: to a whole number;
 * - have: 1 when any lower is 1, else 0; whether: 1 only when every lower is 1, else 0;
 * - text: not rolled up.
 * Empty and unreadable lower values are ignored. null: nothing to roll up (text, or no usable lower value), so the
 * upper value stays as it is.
 */
export function rolledValue(type: ValueType, lowers: Array<string | null>): string | null {
  switch (type) {
    case 'text':
      return null;
    case 'have':
    case 'whether': {
      const flags = lowers.map(flagOf).filter((f) => f !== null);
      if (flags.length === 0) return null;
      const yes = type === 'have' ? flags.some((f) => f === 1) : flags.every((f) => f === 1);
      return yes ? '1' : '0';
    }
    case 'percent':
    case 'integer':
    case 'float': {
      const numbers = lowers.map(numberOf).filter((n) => n !== null);
      if (numbers.length === 0) return null;
      const mean = numbers.reduce((sum, n) => sum + n, 0) / numbers.length;
      return String(roundHalfAway(mean, type === 'integer' ? 0 : 2));
    }
  }
}

/**
 * Whether two values of a point say the same (so writing one over the other changes nothing): numbers by value
 * ('85' and '85.0'), flags by flag ('1' and '有'), text and unreadable values by their trimmed text.
 */
export function sameValue(type: ValueType, a: string | null, b: string | null): boolean {
  const text = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());
  if (type === 'have' || type === 'whether') {
    const fa = flagOf(a);
    const fb = flagOf(b);
    if (fa !== null || fb !== null) return fa === fb;
  } else if (type !== 'text') {
    const na = numberOf(a);
    const nb = numberOf(b);
    if (na !== null || nb !== null) return na === nb;
  }
  return text(a) === text(b);
}

/** Rounds half away from zero; 15 significant digits first, so a binary 100.4999… (1.005 × 100) rounds as 100.5. */
function roundHalfAway(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const rounded = Math.round(Number((Math.abs(value) * scale).toPrecision(15))) / scale;
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}
