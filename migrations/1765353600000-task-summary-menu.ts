import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who sees 汇总分析: the summary routes answer each person what they may see (target-tasks README, summary analysis). */
const READERS = ['r-admin', 'r-publisher', 'r-leader', 'r-depthead', 'r-auditor', 'r-owner'];

/**
 * 汇总分析 under 年度目标任务 (issue 13; 001 §2 summary types, §7 item 17): the summary pages (my, department, global).
 * It sorts after the menu's other pages.
 */
export class TaskSummaryMenu1765353600000 implements MigrationInterface {
  name = 'TaskSummaryMenu1765353600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
       SELECT 'ly_herm_annual_wbs_summary', '汇总分析', '/qualityManagement/annualWbs/summary', 'TaskSummary', 'ly_herm_annual_wbs',
              COALESCE((SELECT max(sort_order) FROM menu WHERE parent_key = 'ly_herm_annual_wbs'), p.sort_order) + 1
       FROM menu p WHERE p.key = 'ly_herm_annual_wbs'`,
    );
    await q.query(
      `INSERT INTO role_menu (role_id, menu_key) SELECT id, 'ly_herm_annual_wbs_summary' FROM role WHERE id = ANY($1::varchar[]) ON CONFLICT DO NOTHING`,
      [READERS],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE menu_key = 'ly_herm_annual_wbs_summary'`);
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_annual_wbs_summary'`);
  }
}
