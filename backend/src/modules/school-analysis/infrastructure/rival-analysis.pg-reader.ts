import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import { RivalAnalysisReader, type IndicatorYearRow, type SeriesRow, type TableRow } from '../application/ports/rival-analysis-reader.port.js';

/**
 * The analyses in SQL, one statement each. Years come from a skip scan down the primary key (indicator, year,
 * school_code): one index probe per year, so finding the newest years reads no values. Places are
 * rank() OVER (PARTITION BY year ORDER BY value) in the indicator's direction (a negated value when less is better),
 * the competition ranking of domain/rival-analysis.ts.
 */
@Injectable()
export class RivalAnalysisPgReader extends RivalAnalysisReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  series(input: { indicator: string; higherIsBetter: boolean; schoolCodes: readonly string[]; startYear: number | undefined; endYear: number | undefined; lastYears: number }): Promise<SeriesRow[]> {
    return query<SeriesRow>(
      this.db,
      `WITH RECURSIVE y AS (
         (SELECT year FROM school_indicator_value WHERE indicator = $1 AND year <= $3 AND year >= $2 ORDER BY year DESC LIMIT 1)
         UNION ALL
         SELECT (SELECT v.year FROM school_indicator_value v WHERE v.indicator = $1 AND v.year < y.year AND v.year >= $2 ORDER BY v.year DESC LIMIT 1)
         FROM y WHERE y.year IS NOT NULL
       ),
       years AS (SELECT year FROM y WHERE year IS NOT NULL ORDER BY year DESC LIMIT $4),
       picked AS (
         SELECT s.code, s.name, s.is_own, c.ord FROM unnest($5::varchar[]) WITH ORDINALITY AS c(code, ord) JOIN school s ON s.code = c.code
       ),
       cells AS (
         SELECT p.code, p.name, p.is_own, p.ord, yr.year, v.value
         FROM picked p LEFT JOIN years yr ON true
         LEFT JOIN school_indicator_value v ON v.indicator = $1 AND v.year = yr.year AND v.school_code = p.code
       )
       SELECT code AS "schoolCode", name AS "schoolName", is_own AS own, year, value,
         CASE WHEN value IS NULL THEN NULL ELSE rank() OVER (PARTITION BY year ORDER BY CASE WHEN $6 THEN -value ELSE value END ASC NULLS LAST)::int END AS rank,
         count(value) OVER (PARTITION BY year)::int AS total
       FROM cells ORDER BY ord, year`,
      [input.indicator, input.startYear ?? 0, input.endYear ?? 9999, input.lastYears, [...input.schoolCodes], input.higherIsBetter],
    );
  }

  async table(input: { indicators: ReadonlyArray<{ code: string; higherIsBetter: boolean }>; schoolCodes: readonly string[]; year: number | undefined }): Promise<{ year: number | null; rows: TableRow[] }> {
    const rows = await query<TableRow & { year: number | null }>(
      this.db,
      `WITH yr AS (
         SELECT coalesce($3::int, (SELECT max(year) FROM school_indicator_value WHERE indicator = ($1::varchar[])[1])) AS year
       ),
       ind AS (SELECT * FROM unnest($1::varchar[], $2::boolean[]) WITH ORDINALITY AS i(code, higher, ord)),
       picked AS (
         SELECT s.code, s.name, s.is_own, c.ord FROM unnest($4::varchar[]) WITH ORDINALITY AS c(code, ord) JOIN school s ON s.code = c.code
       ),
       cells AS (
         SELECT p.code, p.name, p.is_own, p.ord, i.code AS indicator, i.higher, i.ord AS iord, yr.year, v.value
         FROM picked p CROSS JOIN yr LEFT JOIN ind i ON true
         LEFT JOIN school_indicator_value v ON v.indicator = i.code AND v.year = yr.year AND v.school_code = p.code
       )
       SELECT code AS "schoolCode", name AS "schoolName", is_own AS own, indicator, year, value,
         CASE WHEN value IS NULL THEN NULL ELSE rank() OVER (PARTITION BY indicator ORDER BY CASE WHEN higher THEN -value ELSE value END ASC NULLS LAST)::int END AS rank
       FROM cells ORDER BY ord, iord`,
      [input.indicators.map((i) => i.code), input.indicators.map((i) => i.higherIsBetter), input.year ?? null, [...input.schoolCodes]],
    );
    return { year: rows[0]?.year ?? input.year ?? null, rows: rows.map(({ year: _year, ...row }) => row) };
  }

  indicatorYear(input: { indicators: readonly string[]; schoolCodes: readonly string[]; year: number }): Promise<IndicatorYearRow[]> {
    return query<IndicatorYearRow>(
      this.db,
      `SELECT indicator, NULL::int AS year, NULL::varchar AS "schoolCode", percentile_cont(0.5) WITHIN GROUP (ORDER BY value) AS value
       FROM school_indicator_value WHERE indicator = ANY($1::varchar[]) AND year = $2 GROUP BY indicator
       UNION ALL
       SELECT indicator, year, school_code, value FROM school_indicator_value
       WHERE indicator = ANY($1::varchar[]) AND year IN ($2, $2 - 1) AND school_code = ANY($3::varchar[])`,
      [[...input.indicators], input.year, [...input.schoolCodes]],
    );
  }
}
