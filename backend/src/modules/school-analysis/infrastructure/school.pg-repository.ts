import { Injectable } from '@nestjs/common';
import { SCHOOL_INDICATORS, type School } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { likeContains, query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { SchoolRepository, type HistoryRecord, type SchoolFilter, type ScreenRecord } from '../application/ports/school-repository.port.js';
import type { ImportedSchool, ImportedValue } from '../domain/school-import-rows.js';
import { upsertSchoolRows } from './school-rows.sql.js';

/** The School shape of a row of `school s`; `selected` is the expression given. */
export function schoolColumns(selected: string): string {
  return `s.code AS "schoolCode", s.name AS "schoolName", s.province AS "schoolProvince", s.nature AS "schoolNature",
    s.level AS "schoolLevel", s.double_high_kind AS "doubleHigh", s.double_high_grade AS "doubleHighGrade",
    s.double_high_year AS "doubleHighYear", s.is_own AS own, s.generated, ${selected} AS selected`;
}

const INDICATOR_CODES = SCHOOL_INDICATORS.map((i) => i.code);

@Injectable()
export class SchoolPgRepository extends SchoolRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  list(filter: SchoolFilter, selected: readonly string[]): Promise<School[]> {
    const keyword = filter.keyword ? likeContains(filter.keyword) : null;
    return query<School>(
      this.db,
      `SELECT ${schoolColumns('s.code = ANY($1::varchar[])')} FROM school s
       WHERE ($2::text IS NULL OR s.name ILIKE $2 ESCAPE '\\' OR s.code ILIKE $2 ESCAPE '\\')
         AND (cardinality($3::varchar[]) = 0 OR s.province = ANY($3::varchar[]))
         AND (cardinality($4::varchar[]) = 0 OR s.level = ANY($4::varchar[]))
         AND (cardinality($5::varchar[]) = 0 OR s.nature = ANY($5::varchar[]))
         AND ($6::text IS NULL OR ($6 = 'any' AND s.double_high_kind IS NOT NULL) OR s.double_high_kind = $6)
       ORDER BY s.is_own DESC, s.code`,
      [[...selected], keyword, [...filter.provinces], [...filter.levels], [...filter.natures], filter.doubleHigh ?? null],
    );
  }

  byCodes(codes: readonly string[]): Promise<School[]> {
    return query<School>(
      this.db,
      `SELECT ${schoolColumns('true')} FROM unnest($1::varchar[]) WITH ORDINALITY AS c(code, ord) JOIN school s ON s.code = c.code ORDER BY c.ord`,
      [[...codes]],
    );
  }

  async own(): Promise<School | null> {
    return (await query<School>(this.db, `SELECT ${schoolColumns('false')} FROM school s WHERE s.is_own`))[0] ?? null;
  }

  async first(): Promise<School | null> {
    return (await query<School>(this.db, `SELECT ${schoolColumns('false')} FROM school s ORDER BY s.code LIMIT 1`))[0] ?? null;
  }

  rivalsOf(school: School, count: number): Promise<School[]> {
    return query<School>(
      this.db,
      `SELECT ${schoolColumns('true')} FROM school s WHERE s.code <> $1
       ORDER BY (s.province = $2 AND s.level = $3) DESC, (s.level = $3) DESC, s.code LIMIT $4`,
      [school.schoolCode, school.schoolProvince, school.schoolLevel, count],
    );
  }

  async anyGenerated(): Promise<boolean> {
    const rows = await query<{ any: boolean }>(this.db, `SELECT EXISTS (SELECT 1 FROM school WHERE generated) AS any`);
    return rows[0]?.any ?? false;
  }

  async years(): Promise<number[]> {
    // one index probe per candidate year (the key leads with the indicator): no scan of the whole table
    const rows = await query<{ year: number }>(
      this.db,
      `SELECT y AS year FROM generate_series(1990, 2100) AS y
       WHERE EXISTS (SELECT 1 FROM school_indicator_value v WHERE v.indicator = ANY($1::varchar[]) AND v.year = y)
       ORDER BY y`,
      [INDICATOR_CODES],
    );
    return rows.map((r) => r.year);
  }

  async doubleHighYears(): Promise<number[]> {
    const rows = await query<{ year: number }>(this.db, `SELECT DISTINCT double_high_year AS year FROM school WHERE double_high_year IS NOT NULL ORDER BY 1`);
    return rows.map((r) => r.year);
  }

  doubleHigh(year: number | undefined, kind: 'school' | 'major' | undefined): Promise<School[]> {
    return query<School>(
      this.db,
      `SELECT ${schoolColumns('false')} FROM school s
       WHERE s.double_high_kind IS NOT NULL AND ($1::int IS NULL OR s.double_high_year = $1) AND ($2::text IS NULL OR s.double_high_kind = $2)
       ORDER BY s.double_high_kind DESC, s.double_high_grade, s.code`,
      [year ?? null, kind ?? null],
    );
  }

  async screen(userId: string): Promise<ScreenRecord | null> {
    const rows = await query<ScreenRecord>(
      this.db,
      `SELECT levels, natures, provinces, school_codes AS "schoolCodes" FROM school_screen WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async saveScreen(userId: string, settings: Omit<ScreenRecord, 'schoolCodes'>, schoolCodes: readonly string[] | undefined): Promise<void> {
    await this.db.query(
      `INSERT INTO school_screen (user_id, levels, natures, provinces, school_codes)
       VALUES ($1, $2::text[], $3::text[], $4::text[], coalesce($5::text[], '{}'))
       ON CONFLICT (user_id) DO UPDATE SET levels = EXCLUDED.levels, natures = EXCLUDED.natures, provinces = EXCLUDED.provinces,
         school_codes = coalesce($5::text[], school_screen.school_codes), updated_at = now()`,
      [userId, settings.levels, settings.natures, settings.provinces, schoolCodes ? [...schoolCodes] : null],
    );
  }

  async saveHistory(tx: Transaction, userId: string, schoolCodes: readonly string[], keep: number): Promise<string> {
    const m = managerOf(tx);
    const rows = await query<{ id: string }>(m, `INSERT INTO school_history (user_id, school_codes, saved_at) VALUES ($1, $2::text[], clock_timestamp()) RETURNING id`, [userId, [...schoolCodes]]);
    await m.query(
      `DELETE FROM school_history WHERE user_id = $1 AND id NOT IN (
         SELECT id FROM school_history WHERE user_id = $1 ORDER BY saved_at DESC, id DESC LIMIT $2)`,
      [userId, keep],
    );
    return rows[0]!.id;
  }

  history(userId: string): Promise<HistoryRecord[]> {
    return query<HistoryRecord>(
      this.db,
      `SELECT id, to_char(saved_at, 'YYYY-MM-DD HH24:MI:SS') AS "savedAt", school_codes AS "schoolCodes"
       FROM school_history WHERE user_id = $1 ORDER BY saved_at DESC, id DESC`,
      [userId],
    );
  }

  async upsertImport(tx: Transaction, schools: readonly ImportedSchool[], values: readonly ImportedValue[]): Promise<void> {
    await upsertSchoolRows(managerOf(tx), schools, values, { generated: false, withDoubleHigh: false });
  }

  async setOwn(tx: Transaction, schoolCode: string): Promise<void> {
    const m = managerOf(tx);
    await m.query(`UPDATE school SET is_own = false WHERE is_own AND code <> $1`, [schoolCode]);
    await m.query(`UPDATE school SET is_own = true WHERE code = $1`, [schoolCode]);
  }
}
