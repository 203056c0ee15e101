// The filter state of the analysis pages and its reducer (000 §4, §5): indicator, year range, rank range, schools.

export interface FilterState {
  indicator: string | null;
  startYear: number | null;
  endYear: number | null;
  rankStart: number | null;
  rankEnd: number | null;
  /** the school text shown next to 选择学校 (names of the current schools) */
  schoolText: string;
}

export const EMPTY_FILTERS: FilterState = { indicator: null, startYear: null, endYear: null, rankStart: null, rankEnd: null, schoolText: '' };

export type FilterAction =
  | { type: 'indicator'; value: string | null }
  | { type: 'startYear'; value: number | null }
  | { type: 'endYear'; value: number | null }
  | { type: 'rankStart'; value: number | null }
  | { type: 'rankEnd'; value: number | null }
  | { type: 'schoolText'; value: string }
  | { type: 'reset'; viewType: number };

/**
 * Choosing a start year with no end sets the end to the same year (000 §5); a start after the end moves the end up,
 * an end before the start moves the start down, so start ≤ end always holds. Reset by view type 2–6 clears the year
 * range and the school text, type 6 also the rank range (000 §4); other types leave the state as it is.
 */
export function filterReducer(state: FilterState, action: FilterAction): FilterState {
  switch (action.type) {
    case 'indicator':
      return { ...state, indicator: action.value };
    case 'startYear': {
      const start = action.value;
      if (start === null) return { ...state, startYear: null };
      const end = state.endYear === null || state.endYear < start ? start : state.endYear;
      return { ...state, startYear: start, endYear: end };
    }
    case 'endYear': {
      const end = action.value;
      if (end === null) return { ...state, endYear: null };
      const start = state.startYear !== null && state.startYear > end ? end : state.startYear;
      return { ...state, startYear: start, endYear: end };
    }
    case 'rankStart':
      return { ...state, rankStart: action.value };
    case 'rankEnd':
      return { ...state, rankEnd: action.value };
    case 'schoolText':
      return { ...state, schoolText: action.value };
    case 'reset': {
      if (action.viewType < 2 || action.viewType > 6) return state;
      const cleared: FilterState = { ...state, startYear: null, endYear: null, schoolText: '' };
      return action.viewType === 6 ? { ...cleared, rankStart: null, rankEnd: null } : cleared;
    }
  }
}

/** A rank range is valid when both are empty, or both are ≥ 1 with start ≤ end. */
export function rankRangeValid(start: number | null, end: number | null): boolean {
  if (start === null && end === null) return true;
  if (start === null || end === null) return false;
  return start >= 1 && end >= start;
}
