// Relative times of spec 000 §9, in Chinese: 刚刚, N分钟前, N小时前, N天前 (under 31 days), N个月前, N年前.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago `at` was, seen from `now`; '' when `at` is unreadable. A time in the future reads as 刚刚. */
export function relativeTime(at: Date | string | number | null | undefined, now: Date | number = Date.now()): string {
  if (at === null || at === undefined || at === '') return '';
  const then = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(then)) return '';
  const diff = (typeof now === 'number' ? now : now.getTime()) - then;
  if (diff < MINUTE) return '刚刚';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`;
  const days = Math.floor(diff / DAY);
  if (days < 31) return `${days}天前`;
  if (days < 365) return `${Math.max(1, Math.floor(days / 30))}个月前`;
  return `${Math.floor(days / 365)}年前`;
}
