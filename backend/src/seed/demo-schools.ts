import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { generateNationalSet } from '../modules/school-analysis/domain/national-generator.js';
import { upsertSchoolRows } from '../modules/school-analysis/infrastructure/school-rows.sql.js';

/**
 * The generated national set of issue 16 (1,549 colleges, ten years of 24 indicators), loaded once into an empty
 * school table with a few unnest inserts; then one generated 江苏 school on the 双高 list (高水平专业群) becomes the
 * own school, renamed to the demo school's name when the root department holds one. Takes about 3 s.
 */
export async function seedDemoSchools(dataSource: DataSource): Promise<void> {
  const logger = new Logger('Seed');
  const [{ any }] = (await dataSource.query(`SELECT EXISTS (SELECT 1 FROM school) AS any`)) as [{ any: boolean }];
  if (any) return;
  const started = Date.now();
  const set = generateNationalSet();
  await dataSource.transaction(async (m) => {
    await upsertSchoolRows(
      m,
      set.schools.map((s) => ({
        code: s.schoolCode,
        name: s.schoolName,
        province: s.schoolProvince,
        nature: s.schoolNature,
        level: s.schoolLevel,
        doubleHighKind: s.doubleHigh?.kind ?? null,
        doubleHighGrade: s.doubleHigh?.grade ?? null,
        doubleHighYear: s.doubleHigh?.year ?? null,
      })),
      // in primary-key order: each insert appends to the key's index instead of splitting pages all over it
      [...set.values].sort((a, b) => (a.indicator < b.indicator ? -1 : a.indicator > b.indicator ? 1 : a.year - b.year || (a.schoolCode < b.schoolCode ? -1 : a.schoolCode > b.schoolCode ? 1 : 0))),
      { generated: true, withDoubleHigh: true, fresh: true },
    );
    const own = set.schools.filter((s) => s.schoolProvince === '江苏' && s.doubleHigh?.kind === 'major').sort((a, b) => a.schoolCode.localeCompare(b.schoolCode))[0];
    if (own) {
      const root = (await m.query(`SELECT name FROM department WHERE id = 'd-root'`)) as Array<{ name: string | null }>;
      const name = root[0]?.name?.trim() || own.schoolName;
      await m.query(`UPDATE school SET is_own = true, name = $2 WHERE code = $1`, [own.schoolCode, name]);
    }
  });
  // fresh statistics now, not at autovacuum's next pass: without them the analyses plan a scan of a whole indicator
  await dataSource.query('ANALYZE school, school_indicator_value');
  logger.log(`demo schools ready: ${set.schools.length.toLocaleString('en-US')} schools, ${set.values.length.toLocaleString('en-US')} values (${Date.now() - started} ms)`);
}
