import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who sees 年度目标 and whether the grant writes: the publisher and administrators write (year-targets README). */
const GRANTS: [role: string, canWrite: boolean][] = [
  ['r-admin', true],
  ['r-publisher', true],
  ['r-leader', false],
  ['r-depthead', false],
];

/**
 * 年度目标 under 年度目标任务 (issue 13; 001 §7 items 13 and 15): the year targets' page. It sorts before 我的任务
 * (the parent's own sort order, which is below its children's). The school leader and department heads read it.
 */
export class YearTargetMenu1765094400000 implements MigrationInterface {
  name = 'YearTargetMenu1765094400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
       SELECT 'ly_herm_annual_wbs_year_target', '年度目标', '/qualityManagement/annualWbs/yearTarget', 'YearTarget', 'ly_herm_annual_wbs', sort_order
       FROM menu WHERE key = 'ly_herm_annual_wbs'`,
    );
    for (const [role, canWrite] of GRANTS) {
      await q.query(
        `INSERT INTO role_menu (role_id, menu_key, can_write) SELECT id, 'ly_herm_annual_wbs_year_target', $2 FROM role WHERE id = $1 ON CONFLICT DO NOTHING`,
        [role, canWrite],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_annual_wbs_year_target'`);
  }
}
