import type { SqlRunner } from '../../../infrastructure/database/sql.js';

/** Schools as the tables take them (double-high columns null for an import). */
export interface SchoolInsert {
  code: string;
  name: string;
  province: string;
  nature: string;
  level: string;
  doubleHighKind?: string | null;
  doubleHighGrade?: string | null;
  doubleHighYear?: number | null;
}

export interface ValueInsert {
  schoolCode: string;
  indicator: string;
  year: number;
  value: number;
}

const INSERT_VALUES = `INSERT INTO school_indicator_value (indicator, year, school_code, value)
  SELECT * FROM unnest($1::varchar[], $2::int[], $3::varchar[], $4::float8[])`;
const UPSERT_VALUES = `${INSERT_VALUES} ON CONFLICT (indicator, year, school_code) DO UPDATE SET value = EXCLUDED.value`;

/** Values per insert: each is one statement of four arrays (a few MB at most). */
const VALUE_CHUNK = 50_000;

/**
 * Upserts schools and their values with a few `unnest` inserts (the seed's generated set and an import). A school
 * already there takes the new name, province, nature and level (and the generated flag given); its 双高 columns are
 * kept unless `withDoubleHigh`. A value already there is replaced (`fresh`: the table is known empty, plain inserts).
 */
export async function upsertSchoolRows(
  runner: SqlRunner,
  schools: readonly SchoolInsert[],
  values: readonly ValueInsert[],
  { generated, withDoubleHigh, fresh = false }: { generated: boolean; withDoubleHigh: boolean; fresh?: boolean },
): Promise<void> {
  if (schools.length > 0) {
    await runner.query(
      `INSERT INTO school (code, name, province, nature, level, double_high_kind, double_high_grade, double_high_year, generated)
       SELECT code, name, province, nature, level, dk, dg, dy, $9
       FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::int[])
         AS t(code, name, province, nature, level, dk, dg, dy)
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, province = EXCLUDED.province, nature = EXCLUDED.nature,
         level = EXCLUDED.level, generated = EXCLUDED.generated,
         double_high_kind = CASE WHEN $10 THEN EXCLUDED.double_high_kind ELSE school.double_high_kind END,
         double_high_grade = CASE WHEN $10 THEN EXCLUDED.double_high_grade ELSE school.double_high_grade END,
         double_high_year = CASE WHEN $10 THEN EXCLUDED.double_high_year ELSE school.double_high_year END`,
      [
        schools.map((s) => s.code),
        schools.map((s) => s.name),
        schools.map((s) => s.province),
        schools.map((s) => s.nature),
        schools.map((s) => s.level),
        schools.map((s) => s.doubleHighKind ?? null),
        schools.map((s) => s.doubleHighGrade ?? null),
        schools.map((s) => s.doubleHighYear ?? null),
        generated,
        withDoubleHigh,
      ],
    );
  }
  for (let at = 0; at < values.length; at += VALUE_CHUNK) {
    const chunk = values.slice(at, at + VALUE_CHUNK);
    await runner.query(
      fresh ? INSERT_VALUES : UPSERT_VALUES,
      [chunk.map((v) => v.indicator), chunk.map((v) => v.year), chunk.map((v) => v.schoolCode), chunk.map((v) => v.value)],
    );
  }
}
