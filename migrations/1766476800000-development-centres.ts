import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The four centres and the roles that read each level's objects (issue 33). */
const CENTRE_MENUS = ['ly_herm_majorDevelopCenter', 'ly_herm_couseDevelopCenter', 'ly_herm_teachDevelopCenter', 'ly_herm_stuDevelopCenter'];

/**
 * Which roles read objects of which level (the development-centres domain's CENTRE_READS): publishers and leaders
 * every object of every level, department heads their department's majors, courses, teachers and students; a teacher
 * their own teacher object, a student their own student object (r-teacher and r-student already hold their centre).
 * Administrators hold every menu. A major's or course's responsible person is a fact, not a role: they open a centre
 * through a role of theirs that holds its menu.
 */
const GRANTS: Array<[role: string, menus: string[]]> = [
  ['r-publisher', CENTRE_MENUS],
  ['r-leader', CENTRE_MENUS],
  ['r-depthead', CENTRE_MENUS],
  ['r-teacher', ['ly_herm_teachDevelopCenter']],
  ['r-student', ['ly_herm_stuDevelopCenter']],
];

/**
 * 发展中心 (issue 33): the four centre menus open the centre page (component DevelopCentre, was Placeholder), the
 * grants above, and an index for a level's tasks of a cycle (the overview reads 15,000 students' tasks at once).
 */
export class DevelopmentCentres1766476800000 implements MigrationInterface {
  name = 'DevelopmentCentres1766476800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menu SET component = 'DevelopCentre' WHERE key = ANY($1::varchar[])`, [CENTRE_MENUS]);
    for (const [role, menus] of GRANTS) {
      await q.query(
        `INSERT INTO role_menu (role_id, menu_key, can_write) SELECT r.id, m.key, false FROM role r JOIN menu m ON m.key = ANY($2::varchar[]) WHERE r.id = $1 ON CONFLICT DO NOTHING`,
        [role, menus],
      );
    }
    await q.query(`CREATE INDEX IF NOT EXISTS obj_task_object_cycle_idx ON obj_task(object_id, cycle_value, created_at DESC) WHERE object_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS obj_task_object_cycle_idx`);
    // the grants this migration added (the depthead's and the publisher's); the older ones stay
    await q.query(`DELETE FROM role_menu WHERE (role_id = 'r-publisher' AND menu_key = ANY($1::varchar[])) OR (role_id = 'r-depthead' AND menu_key IN ('ly_herm_teachDevelopCenter', 'ly_herm_stuDevelopCenter'))`, [CENTRE_MENUS]);
    await q.query(`UPDATE menu SET component = 'Placeholder' WHERE key = ANY($1::varchar[])`, [CENTRE_MENUS]);
  }
}
