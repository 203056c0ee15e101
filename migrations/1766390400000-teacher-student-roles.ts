import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roles for the two kinds of people a school imports by the thousand (issue 32): 教师 and 学生. Each opens the home
 * page, 诊断改进 (their own diagnosis task: a teacher's teacher-level task, a student's own), their level's development
 * centre and the personal information centre; what they read inside is decided by the task access table, not here.
 */
const ROLES: Array<[id: string, code: string, name: string, menus: string[]]> = [
  ['r-teacher', 'teacher', '教师', ['ly_herm_homePage', 'ly_herm_qualityManagement', 'ly_herm_improvement', 'ly_herm_teachDevelopCenter', 'ly_herm_PersonalInformationCenter', 'ly_herm_PersonalInformationCenter_files']],
  ['r-student', 'student', '学生', ['ly_herm_homePage', 'ly_herm_qualityManagement', 'ly_herm_improvement', 'ly_herm_stuDevelopCenter', 'ly_herm_PersonalInformationCenter']],
];

export class TeacherStudentRoles1766390400000 implements MigrationInterface {
  name = 'TeacherStudentRoles1766390400000';

  async up(q: QueryRunner): Promise<void> {
    for (const [i, [id, code, name, menus]] of ROLES.entries()) {
      await q.query(`INSERT INTO role (id, code, name, sort_order) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [id, code, name, 100 + i]);
      await q.query(`INSERT INTO role_menu (role_id, menu_key) SELECT $1::varchar, key FROM menu WHERE key = ANY($2::varchar[]) AND EXISTS (SELECT 1 FROM role WHERE id = $1::varchar) ON CONFLICT DO NOTHING`, [id, menus]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role WHERE id IN ('r-teacher', 'r-student')`);
  }
}
