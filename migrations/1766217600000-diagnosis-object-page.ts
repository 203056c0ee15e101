import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 诊改对象 page under 数据管理 (issue 32), for the roles that hold 用户管理 (the administrators), and the indexes its
 * list of 15,000 objects pages on: live objects of a level in code order, and an upper object's live ones.
 */
export class DiagnosisObjectPage1766217600000 implements MigrationInterface {
  name = 'DiagnosisObjectPage1766217600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
       SELECT 'ly_herm_dataManagement_diagnosisObject', '诊改对象', '/dataManage/diagnosisObject', 'DiagnosisObjectManage', 'ly_herm_dataManagement', sort_order + 2
       FROM menu WHERE key = 'ly_herm_dataManagement_user'`,
    );
    await q.query(
      `INSERT INTO role_menu (role_id, menu_key)
       SELECT role_id, 'ly_herm_dataManagement_diagnosisObject' FROM role_menu WHERE menu_key = 'ly_herm_dataManagement_user' ON CONFLICT DO NOTHING`,
    );
    await q.query(`CREATE INDEX diagnosis_object_live_code_idx ON diagnosis_object(level, code) WHERE retired_at IS NULL`);
    await q.query(`CREATE INDEX diagnosis_object_upper_live_idx ON diagnosis_object(upper_id) WHERE retired_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX diagnosis_object_upper_live_idx`);
    await q.query(`DROP INDEX diagnosis_object_live_code_idx`);
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_dataManagement_diagnosisObject'`);
  }
}
