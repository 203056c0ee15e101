/**
 * The rival analyses of 000 §2 and §7 as plain rules over one indicator's values (school code → value per year):
 * trend (each selected school's values over the years), rank (the school's place among the selected schools in a
 * year, 1 the best, ties sharing a place: 1, 2, 2, 4), average (the group's mean against the school's value) and two
 * schools side by side. The adapter answers these in SQL; these functions are the definition its tests compare with.
 */

/** One indicator's values: year → school code → value (a school without a value that year is absent). */
export type IndicatorValues = ReadonlyMap<number, ReadonlyMap<string, number>>;

export interface TrendSeries {
  schoolCode: string;
  /** one per year asked, null where the school has no value */
  values: Array<number | null>;
}

export function trend(data: IndicatorValues, schoolCodes: readonly string[], years: readonly number[]): TrendSeries[] {
  return schoolCodes.map((schoolCode) => ({ schoolCode, values: years.map((y) => data.get(y)?.get(schoolCode) ?? null) }));
}

/** Competition ranking of the schools that have a value in the year: better first, equal values share a place. */
export function rank(data: IndicatorValues, schoolCodes: readonly string[], year: number, higherIsBetter: boolean): Map<string, number> {
  const values = data.get(year);
  const present = schoolCodes.filter((c) => values?.has(c)).map((c) => ({ c, v: values!.get(c)! }));
  present.sort((a, b) => (higherIsBetter ? b.v - a.v : a.v - b.v));
  const places = new Map<string, number>();
  present.forEach((x, i) => {
    const previous = present[i - 1];
    places.set(x.c, previous && previous.v === x.v ? places.get(previous.c)! : i + 1);
  });
  return places;
}

/** The mean of the schools that have a value in the year (null when none has), to two decimals. */
export function average(data: IndicatorValues, schoolCodes: readonly string[], year: number): number | null {
  const values = data.get(year);
  const present = schoolCodes.map((c) => values?.get(c)).filter((v): v is number => v !== undefined);
  if (present.length === 0) return null;
  return Math.round((present.reduce((a, b) => a + b, 0) / present.length) * 100) / 100;
}
