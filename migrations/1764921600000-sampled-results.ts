import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A point's current result may come from its latest sample of the period unless a person typed one (issue 12):
 * quality_result.jgz_source says where the result (jgz) came from — 'typed' (a person, or a roll-up they started),
 * 'sampled' (collection writes it), NULL when there is none. Sampling never overwrites a typed result.
 */
export class SampledResults1764921600000 implements MigrationInterface {
  name = 'SampledResults1764921600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE quality_result ADD COLUMN jgz_source varchar(10) CHECK (jgz_source IN ('typed', 'sampled'))`);
    // Results written before: those of points read from a source (where nobody could type one) that equal their latest
    // sample came from sampling; every other result was typed.
    await q.query(`
      UPDATE quality_result r SET jgz_source = CASE WHEN EXISTS (
          SELECT 1 FROM point_datasource d WHERE d.point_id = r.point_id AND d.cjfs <> 'report'
            AND d.id = (SELECT d1.id FROM point_datasource d1 WHERE d1.point_id = r.point_id ORDER BY d1.sort_order, d1.id LIMIT 1))
        AND r.jgz = (SELECT s.cjz FROM sampling_record s WHERE s.result_id = r.id ORDER BY s.sj DESC, s.id DESC LIMIT 1)
        THEN 'sampled' ELSE 'typed' END
      WHERE nullif(btrim(r.jgz), '') IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE quality_result DROP COLUMN jgz_source`);
  }
}
