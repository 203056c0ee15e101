import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A menu entry may point to an outside address that opens inside the shell in an iframe (issue 12; 000 §2): the
 * areas that belong to other systems (绩效考核, the 发展中心 entries) show it when an administrator sets one.
 * 菜单地址 under 数据管理 is where the address is set, for the roles that manage people.
 */
export class MenuAddresses1764835200000 implements MigrationInterface {
  name = 'MenuAddresses1764835200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE menu ADD COLUMN external_url varchar(500)`);
    await q.query(`ALTER TABLE menu ADD CONSTRAINT menu_external_url_http CHECK (external_url IS NULL OR external_url ~* '^https?://[^[:space:]]+$')`);
    await q.query(
      `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
       SELECT 'ly_herm_dataManagement_menuAddress', '菜单地址', '/dataManage/menuAddress', 'MenuAddress', 'ly_herm_dataManagement', sort_order + 1
       FROM menu WHERE key = 'ly_herm_dataManagement_user'`,
    );
    await q.query(
      `INSERT INTO role_menu (role_id, menu_key)
       SELECT role_id, 'ly_herm_dataManagement_menuAddress' FROM role_menu WHERE menu_key = 'ly_herm_dataManagement_user'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_dataManagement_menuAddress'`);
    await q.query(`ALTER TABLE menu DROP COLUMN external_url`);
  }
}
