// Display helpers of spec 000 §9. Anything unknown shows as 未知.
import dayjs from 'dayjs';

export const UNKNOWN = '未知';

type Numeric = number | string | null | undefined;

function toNumber(value: Numeric): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

// toFixed alone rounds 1.005 down (binary fractions); nudge by epsilon first
function fixed2(n: number): string {
  const rounded = Math.round((n + Math.sign(n) * Number.EPSILON * Math.max(1, Math.abs(n))) * 100) / 100;
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(2);
}

/** value / target * 100, clamped to 0–100, two decimals; '0' when either is zero or missing (the contract's one copy). */
export { progressValue } from '@zhengai/contracts';

/** Two decimals. */
export function formatFloat(value: Numeric): string {
  const n = toNumber(value);
  return n === null ? UNKNOWN : fixed2(n);
}

/** Two decimals with a % suffix; the value is already a percentage. */
export function formatPercent(value: Numeric): string {
  const n = toNumber(value);
  return n === null ? UNKNOWN : `${fixed2(n)}%`;
}

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

/** yyyy-MM-dd; accepts a Date, epoch milliseconds or a date string. */
export function formatDate(value: Date | number | string | null | undefined, fallback: string = UNKNOWN): string {
  if (value === null || value === undefined || value === '') return fallback;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD') : fallback;
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
