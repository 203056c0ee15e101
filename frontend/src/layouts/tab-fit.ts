// Which opened tabs the strip shows whole (issue 12: with many tabs the leftmost was cut mid-word with a stray ×).
import type { OpenedTab } from './hooks';

/** The most a tab takes: label (at most 7 characters before …), padding and its ×. */
export const TAB_SLOT_PX = 152;
/** Room kept for the 更多标签 button. */
export const MORE_BUTTON_PX = 112;

/** How many whole tabs fit a strip `width` pixels wide (at least home and the current one). */
export function tabCapacity(width: number, total: number): number {
  if (!Number.isFinite(width) || width <= 0) return total;
  if (total * TAB_SLOT_PX <= width) return total;
  return Math.max(2, Math.floor((width - MORE_BUTTON_PX) / TAB_SLOT_PX));
}

/**
 * The tabs shown and those collapsed under 更多标签: home (the first) and the current tab always show; the rest of
 * the room goes to the most recently opened. Both lists keep the strip's order.
 */
export function fitTabs(tabs: OpenedTab[], activePath: string, capacity: number): { shown: OpenedTab[]; hidden: OpenedTab[] } {
  if (tabs.length <= capacity) return { shown: tabs, hidden: [] };
  const keep = new Set<string>();
  if (tabs[0]) keep.add(tabs[0].path);
  if (tabs.some((t) => t.path === activePath)) keep.add(activePath);
  for (let i = tabs.length - 1; i >= 0 && keep.size < capacity; i -= 1) keep.add(tabs[i]!.path);
  return { shown: tabs.filter((t) => keep.has(t.path)), hidden: tabs.filter((t) => !keep.has(t.path)) };
}
