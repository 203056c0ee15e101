import { CollectionError } from '../../application/ports/value-source.port.js';

/** sampling_record.cjz is varchar(100): a longer value is refused rather than cut. */
export const MAX_VALUE_LENGTH = 100;

/**
 * The sampled value as text: null stays null; numbers, booleans and text as written; dates as ISO instants.
 * Objects and arrays are no single value and are refused, as is text longer than the record holds.
 */
export function toSampleValue(raw: unknown, where: string): string | null {
  if (raw === null || raw === undefined) return null;
  let text: string;
  if (raw instanceof Date) text = raw.toISOString();
  else if (typeof raw === 'string') text = raw;
  else if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') text = String(raw);
  else throw new CollectionError(`${where}不是单个值`);
  if (text.length > MAX_VALUE_LENGTH) throw new CollectionError(`${where}超过 ${MAX_VALUE_LENGTH} 个字符`);
  return text;
}
