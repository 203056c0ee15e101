import type { MigrationInterface, QueryRunner } from 'typeorm';

type Grant = [role: string, canWrite: boolean];

/** The new entries under 年度目标任务: key, name, path, component, place among its children, who sees it (issue 13). */
const NEW_MENUS: Array<[key: string, name: string, path: string, component: string, place: number, grants: Grant[]]> = [
  // the publisher and administrators add and delete tasks there; the school leader reads
  ['ly_herm_annual_wbs_year_task', '年度任务', '/qualityManagement/annualWbs/yearTask', 'YearTask', 1, [['r-admin', true], ['r-publisher', true], ['r-leader', false]]],
  // everyone who follows tasks reads the tasks with an open warning
  ['ly_herm_annual_wbs_warning_task', '预警任务', '/qualityManagement/annualWbs/warning', 'WarningTask', 4, ['r-admin', 'r-publisher', 'r-leader', 'r-depthead', 'r-auditor', 'r-owner'].map((r): Grant => [r, false])],
];

/** The placeholders that become pages, and their place: 年度目标 (0), 年度任务 (1), 部门任务 (2), 我的任务 (3), 预警任务 (4). */
const PAGES: Array<[key: string, component: string, place: number, placeBefore: number]> = [
  ['ly_herm_annual_wbs_departemnt_task', 'DepartmentTask', 2, 2],
  ['ly_herm_annual_wbs_personal_task', 'MyTask', 3, 1],
];

/**
 * The task list pages of 年度目标任务 (001 §2 page types): 我的任务 and 部门任务 open their pages instead of the
 * placeholder, and 年度任务 and 预警任务 join them. A child's place is the parent's sort_order plus its place (siblings
 * sort among themselves; 年度目标 has the parent's own). 汇总分析 comes after (place 5 and on).
 */
export class TaskPagesMenus1765267200000 implements MigrationInterface {
  name = 'TaskPagesMenus1765267200000';

  async up(q: QueryRunner): Promise<void> {
    for (const [key, component, place] of PAGES) {
      await q.query(
        `UPDATE menu SET component = $2, sort_order = (SELECT sort_order FROM menu WHERE key = 'ly_herm_annual_wbs') + $3 WHERE key = $1`,
        [key, component, place],
      );
    }
    for (const [key, name, path, component, place, grants] of NEW_MENUS) {
      await q.query(
        `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
         SELECT $1, $2, $3, $4, 'ly_herm_annual_wbs', sort_order + $5 FROM menu WHERE key = 'ly_herm_annual_wbs'`,
        [key, name, path, component, place],
      );
      for (const [role, canWrite] of grants) {
        await q.query(`INSERT INTO role_menu (role_id, menu_key, can_write) SELECT id, $2, $3 FROM role WHERE id = $1 ON CONFLICT DO NOTHING`, [role, key, canWrite]);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM menu WHERE key = ANY($1::varchar[])`, [NEW_MENUS.map(([key]) => key)]);
    for (const [key, , , placeBefore] of PAGES) {
      await q.query(
        `UPDATE menu SET component = 'Placeholder', sort_order = (SELECT sort_order FROM menu WHERE key = 'ly_herm_annual_wbs') + $2 WHERE key = $1`,
        [key, placeBefore],
      );
    }
  }
}
