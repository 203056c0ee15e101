import { EMPTY_FILTERS, filterReducer, rankRangeValid, type FilterState } from './filter-state';

const full: FilterState = { indicator: 'students', startYear: 2018, endYear: 2022, rankStart: 1, rankEnd: 5, schoolText: '甲校、乙校' };

describe('filterReducer', () => {
  it('sets the end year to the start year when there is no end (000 §5)', () => {
    const s = filterReducer(EMPTY_FILTERS, { type: 'startYear', value: 2020 });
    expect(s.startYear).toBe(2020);
    expect(s.endYear).toBe(2020);
  });

  it('keeps start ≤ end in both directions', () => {
    expect(filterReducer(full, { type: 'startYear', value: 2024 })).toMatchObject({ startYear: 2024, endYear: 2024 });
    expect(filterReducer(full, { type: 'startYear', value: 2019 })).toMatchObject({ startYear: 2019, endYear: 2022 });
    expect(filterReducer(full, { type: 'endYear', value: 2017 })).toMatchObject({ startYear: 2017, endYear: 2017 });
    expect(filterReducer(full, { type: 'endYear', value: null })).toMatchObject({ startYear: 2018, endYear: null });
  });

  it('reset by types 2–5 clears years and school text but keeps the rank range', () => {
    for (const viewType of [2, 3, 4, 5]) {
      expect(filterReducer(full, { type: 'reset', viewType })).toEqual({ ...full, startYear: null, endYear: null, schoolText: '' });
    }
  });

  it('reset by type 6 also clears the rank range', () => {
    expect(filterReducer(full, { type: 'reset', viewType: 6 })).toEqual({ ...full, startYear: null, endYear: null, schoolText: '', rankStart: null, rankEnd: null });
  });

  it('reset by other types changes nothing', () => {
    expect(filterReducer(full, { type: 'reset', viewType: 1 })).toBe(full);
    expect(filterReducer(full, { type: 'reset', viewType: 7 })).toBe(full);
  });

  it('sets the other fields', () => {
    expect(filterReducer(full, { type: 'indicator', value: 'majors' }).indicator).toBe('majors');
    expect(filterReducer(full, { type: 'rankEnd', value: 9 }).rankEnd).toBe(9);
    expect(filterReducer(full, { type: 'schoolText', value: 'x' }).schoolText).toBe('x');
  });
});

describe('rankRangeValid', () => {
  it('accepts empty or ordered ranges only', () => {
    expect(rankRangeValid(null, null)).toBe(true);
    expect(rankRangeValid(1, 5)).toBe(true);
    expect(rankRangeValid(3, 3)).toBe(true);
    expect(rankRangeValid(5, 1)).toBe(false);
    expect(rankRangeValid(0, 1)).toBe(false);
    expect(rankRangeValid(1, null)).toBe(false);
  });
});
