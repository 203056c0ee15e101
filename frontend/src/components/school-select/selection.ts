// Pure rules of the school-selection modal (000 §2): bounds, toggling, the quick sets and a debounce helper.
import type { School } from '@zhengai/contracts';

export interface SelectionBounds {
  min: number;
  max: number;
}

/** A school as the modal keeps it in 已选学校. */
export interface PickedSchool {
  schoolCode: string;
  schoolName: string;
  own: boolean;
}

export function picked(school: Pick<School, 'schoolCode' | 'schoolName' | 'own'>): PickedSchool {
  return { schoolCode: school.schoolCode, schoolName: school.schoolName, own: school.own };
}

/** The max is reached: every box not already ticked is disabled. */
export function atMax(selected: readonly PickedSchool[], bounds: SelectionBounds): boolean {
  return selected.length >= bounds.max;
}

/** OK is allowed only with min ≤ count ≤ max. */
export function withinBounds(selected: readonly PickedSchool[], bounds: SelectionBounds): boolean {
  return selected.length >= bounds.min && selected.length <= bounds.max;
}

/** A ticked box is disabled only while the max is reached and the school is not ticked yet. */
export function boxDisabled(code: string, selected: readonly PickedSchool[], bounds: SelectionBounds): boolean {
  return atMax(selected, bounds) && !selected.some((s) => s.schoolCode === code);
}

/** Ticks or unticks a school; ticking past the max leaves the selection as it was. */
export function toggleSchool(selected: readonly PickedSchool[], school: PickedSchool, bounds: SelectionBounds): PickedSchool[] {
  if (selected.some((s) => s.schoolCode === school.schoolCode)) return selected.filter((s) => s.schoolCode !== school.schoolCode);
  if (atMax(selected, bounds)) return [...selected];
  return [...selected, school];
}

/** Replaces the selection by a quick set (history, 双高, 同省): the own school first, then the set, cut at the max. */
export function applySet(set: readonly PickedSchool[], bounds: SelectionBounds, own?: PickedSchool | null): PickedSchool[] {
  const out: PickedSchool[] = [];
  const seen = new Set<string>();
  const push = (s: PickedSchool) => {
    if (seen.has(s.schoolCode) || out.length >= bounds.max) return;
    seen.add(s.schoolCode);
    out.push(s);
  };
  if (own) push(own);
  set.forEach(push);
  return out;
}

/** The schools of one province (同省院校). */
export function sameProvince<T extends Pick<School, 'schoolProvince'>>(schools: readonly T[], province: string | null | undefined): T[] {
  if (!province) return [];
  return schools.filter((s) => s.schoolProvince === province);
}

/** The rows of a windowed list to draw: first and last index (exclusive) with a few spare rows each side. */
export function visibleRange(scrollTop: number, rowHeight: number, viewHeight: number, total: number, spare = 5): { start: number; end: number } {
  const first = Math.max(0, Math.floor(Math.max(0, scrollTop) / rowHeight) - spare);
  const last = Math.min(total, Math.ceil((Math.max(0, scrollTop) + viewHeight) / rowHeight) + spare);
  return { start: Math.min(first, total), end: Math.max(last, Math.min(first, total)) };
}

/** Calls fn once `wait` ms after the last call; cancel() drops a pending call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): ((...args: A) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const debounced = (...args: A) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return debounced;
}
