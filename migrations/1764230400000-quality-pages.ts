import type { MigrationInterface, QueryRunner } from 'typeorm';

/** 目标标准 and 诊断改进 open real pages. */
export class QualityPages1764230400000 implements MigrationInterface {
  name = 'QualityPages1764230400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menu SET component = 'Standard' WHERE key = 'ly_herm_standard'`);
    await q.query(`UPDATE menu SET component = 'Improvement' WHERE key = 'ly_herm_improvement'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menu SET component = 'Placeholder' WHERE key IN ('ly_herm_standard', 'ly_herm_improvement')`);
  }
}
