// Pure values of the 年度目标 page: the years it offers and a card's facts.
import type { YearTarget } from '../../../api/year-targets';

/** Cards a page (spec 000 §9: the default page size). */
export const TARGETS_PER_PAGE = 10;


/** The years to filter by and to give a target: next year back to five years ago, newest first, plus any given. */
export function yearOptions(now: Date, extra: readonly string[] = []): { value: string; label: string }[] {
  const current = now.getFullYear();
  const years = new Set<string>(extra.filter((y) => /^\d{4}$/.test(y)));
  for (let y = current + 1; y >= current - 5; y -= 1) years.add(String(y));
  return [...years].sort((a, b) => b.localeCompare(a)).map((y) => ({ value: y, label: `${y}年` }));
}

/** What the delete confirmation says: the target by name, and that one with tasks will be refused. */
export function deleteQuestion(target: Pick<YearTarget, 'name' | 'taskCount'>): string {
  const tasks = target.taskCount > 0 ? `它下面已有${target.taskCount}个目标任务，需先删除这些任务。` : '删除后不可恢复。';
  return `确定删除年度目标“${target.name}”吗？${tasks}`;
}

/** The year a copy goes to: the one after the target's. */
export const nextYearOf = (target: Pick<YearTarget, 'cycleYear'>): string => String(Number(target.cycleYear) + 1);

/** What the copy confirmation says: the target by name, the year, and what the copy holds. */
export function copyQuestion(target: Pick<YearTarget, 'name' | 'cycleYear' | 'taskCount'>): string {
  const tasks = target.taskCount > 0 ? `及其${target.taskCount}个目标任务` : '';
  return `确定将年度目标“${target.name}”${tasks}复制到${nextYearOf(target)}年吗？复制后的任务为未下发状态，开始、结束时间顺延到${nextYearOf(target)}年。`;
}

/** The share of a copy done, short of 100 until the server says done. */
export function copyPercent(progress: { done: number; total: number; state: string } | null): number {
  if (!progress) return 0;
  if (progress.state === 'done') return 100;
  if (progress.total <= 0) return 0;
  return Math.min(99, Math.round((100 * progress.done) / progress.total));
}
