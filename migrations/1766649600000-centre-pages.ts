import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The four centres: key, path, and the level's name that prefixes their pages' names (the tab strip tells them from 内部质量管理's). */
const CENTRES: Array<[key: string, path: string, level: string]> = [
  ['ly_herm_majorDevelopCenter', '/majorDevelopCenter', '专业'],
  ['ly_herm_couseDevelopCenter', '/couseDevelopCenter', '课程'],
  ['ly_herm_teachDevelopCenter', '/teachDevelopCenter', '教师'],
  ['ly_herm_stuDevelopCenter', '/stuDevelopCenter', '学生'],
];

/**
 * A centre's pages, in sidebar order: the overview first, named as the centre (the group's first leaf, so the group's
 * path still shows it; it keeps the centre's own path, under which `<path>/portrait/:objectId` lives), then the 内部质量管理 pages scoped to
 * the level. Each is granted to the roles holding the centre and the 内部质量管理 page it narrows (null: the centre
 * itself), read or write as that page.
 */
const PAGES: Array<[suffix: string, pathSuffix: string, name: string | null, component: string, narrows: string | null]> = [
  ['overview', '', null, 'DevelopCentre', null],
  ['standard', '/standard', '目标标准', 'Standard', 'ly_herm_standard'],
  ['improvement', '/improvement', '诊断改进', 'Improvement', 'ly_herm_improvement'],
  ['warning', '/warning', '监测预警', 'WarningManage', 'ly_herm_monitorWarning'],
  ['qualityReport', '/qualityReport', '质量报告', 'QualityReport', 'ly_herm_qualityReport'],
];

/**
 * 发展中心 (issue 33): each centre becomes a group with its level's own 目标标准, 诊断改进, 监测预警 and 质量报告 (000 §2's
 * redirect helper suffixes: `/majorDevelopCenter/improvement` …), keys `ly_herm_<centre>_<page>` (000 §6). A role holding
 * the centre gets its overview; one holding the centre and a 内部质量管理 page gets the centre's page of the same kind
 * (a teacher with 教师发展中心 and 诊断改进 gets 教师发展中心's 诊断改进). The group has no component: the route builder
 * sends its path to the first leaf, the overview, which has the same path.
 */
export class CentrePages1766649600000 implements MigrationInterface {
  name = 'CentrePages1766649600000';

  async up(q: QueryRunner): Promise<void> {
    for (const [centre, path, level] of CENTRES) {
      for (const [i, [suffix, pathSuffix, name, component, narrows]] of PAGES.entries()) {
        const key = `${centre}_${suffix}`;
        await q.query(
          `INSERT INTO menu (key, name, path, component, parent_key, sort_order) SELECT $1, coalesce($2, name), $3, $4, key, sort_order + $5 FROM menu WHERE key = $6`,
          [key, name === null ? null : `${level}${name}`, `${path}${pathSuffix}`, component, i + 1, centre],
        );
        await q.query(
          narrows === null
            ? `INSERT INTO role_menu (role_id, menu_key, can_write) SELECT role_id, $1, can_write FROM role_menu WHERE menu_key = $2 ON CONFLICT DO NOTHING`
            : `INSERT INTO role_menu (role_id, menu_key, can_write)
               SELECT c.role_id, $1, p.can_write FROM role_menu c JOIN role_menu p ON p.role_id = c.role_id AND p.menu_key = $3
               WHERE c.menu_key = $2 ON CONFLICT DO NOTHING`,
          narrows === null ? [key, centre] : [key, centre, narrows],
        );
      }
      await q.query(`UPDATE menu SET component = NULL WHERE key = $1`, [centre]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [centre] of CENTRES) {
      await q.query(`DELETE FROM menu WHERE key = ANY($1::varchar[])`, [PAGES.map(([suffix]) => `${centre}_${suffix}`)]);
      await q.query(`UPDATE menu SET component = 'DevelopCentre' WHERE key = $1`, [centre]);
    }
  }
}
