/** One school's value and place in one year of one indicator (null value: none that year). */
export interface SeriesRow {
  schoolCode: string;
  schoolName: string;
  own: boolean;
  /** null when no year was found (the school row alone) */
  year: number | null;
  value: number | null;
  /** competition place among the schools asked, 1 the best; null without a value */
  rank: number | null;
  /** schools ranked that year */
  total: number;
}

/** A value with its place among the schools asked, for the overview table and the two-school view. */
export interface TableRow {
  schoolCode: string;
  schoolName: string;
  own: boolean;
  indicator: string | null;
  value: number | null;
  rank: number | null;
}

export interface IndicatorYearRow {
  indicator: string;
  year: number | null;
  schoolCode: string | null;
  /** a school's value, or (schoolCode null) the national median of the indicator in the year */
  value: number;
}

/** The analyses' SQL: one round trip per call. */
export abstract class RivalAnalysisReader {
  /**
   * One indicator's values and places for the schools over the years: between startYear and endYear when given
   * (absent bounds open), the newest `lastYears` present. Each school appears even without values.
   */
  abstract series(input: {
    indicator: string;
    higherIsBetter: boolean;
    schoolCodes: readonly string[];
    startYear: number | undefined;
    endYear: number | undefined;
    lastYears: number;
  }): Promise<SeriesRow[]>;

  /** Values and places of several indicators in a year (the newest year present when absent) for the schools. */
  abstract table(input: { indicators: ReadonlyArray<{ code: string; higherIsBetter: boolean }>; schoolCodes: readonly string[]; year: number | undefined }): Promise<{ year: number | null; rows: TableRow[] }>;

  /** Values of the indicators for the schools in the year and the year before, and each indicator's national median in the year. */
  abstract indicatorYear(input: { indicators: readonly string[]; schoolCodes: readonly string[]; year: number }): Promise<IndicatorYearRow[]>;
}
