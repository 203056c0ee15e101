import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Menus that now open real pages: department and user administration, and 我的文件 (the person's evidence
 * files) under 个人信息中心, which becomes a group; every role that had 个人信息中心 gets 我的文件.
 */
export class AdminPages1763971200000 implements MigrationInterface {
  name = 'AdminPages1763971200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menu SET component = 'DepartmentManage' WHERE key = 'ly_herm_dataManagement_department'`);
    await q.query(`UPDATE menu SET component = 'UserManage' WHERE key = 'ly_herm_dataManagement_user'`);
    await q.query(`UPDATE menu SET component = NULL WHERE key = 'ly_herm_PersonalInformationCenter'`);
    await q.query(
      `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
       SELECT 'ly_herm_PersonalInformationCenter_files', '我的文件', '/link/files', 'FileManage', 'ly_herm_PersonalInformationCenter', sort_order
       FROM menu WHERE key = 'ly_herm_PersonalInformationCenter'`,
    );
    await q.query(
      `INSERT INTO role_menu (role_id, menu_key)
       SELECT role_id, 'ly_herm_PersonalInformationCenter_files' FROM role_menu WHERE menu_key = 'ly_herm_PersonalInformationCenter'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_PersonalInformationCenter_files'`);
    await q.query(`UPDATE menu SET component = 'Placeholder' WHERE key IN ('ly_herm_dataManagement_department', 'ly_herm_dataManagement_user', 'ly_herm_PersonalInformationCenter')`);
  }
}
