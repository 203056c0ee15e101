// Display helpers of spec 000 §9. Anything unknown shows as 未知. Numbers, percents and dates are the contract's one
// formatting layer (contracts/src/format.ts), shared with the backend's Word document; the rest are the screens' own.
import { UNKNOWN } from '@zhengai/contracts';

export {
  UNKNOWN,
  formatCount,
  formatDate,
  formatDateTime,
  formatFloat,
  formatPercent,
  formatRatio,
  formatValueOf,
  progressValue,
} from '@zhengai/contracts';
type Flag = boolean | number | string | null | undefined;
const TRUE_FLAGS = new Set(['1', 'true', 'y', 'yes', '是', '有']);
const FALSE_FLAGS = new Set(['0', 'false', 'n', 'no', '否', '无']);

function flag(value: Flag): boolean | null {
  if (value === null || value === undefined) return null;
  const key = String(value).trim().toLowerCase();
  if (TRUE_FLAGS.has(key)) return true;
  if (FALSE_FLAGS.has(key)) return false;
  return null;
}

/** 是 / 否 */
export function yesNo(value: Flag): string {
  const f = flag(value);
  return f === null ? UNKNOWN : f ? '是' : '否';
}

/** 有 / 无 */
export function hasNone(value: Flag): string {
  const f = flag(value);
  return f === null ? UNKNOWN : f ? '有' : '无';
}

/** The value as text, or 未知 when there is none. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return UNKNOWN;
  return String(value);
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** Plain text of a server-configured name that may carry markup (the system name). */
export function stripTags(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_m, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}
