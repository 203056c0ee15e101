import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A menu grant is read or write (issue 11): having 目标标准 let the expert create and copy libraries, though experts
 * only read them (their library grants are read grants). Every other grant keeps write, as before.
 */
export class ReadOnlyMenus1764489600000 implements MigrationInterface {
  name = 'ReadOnlyMenus1764489600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE role_menu ADD COLUMN can_write boolean NOT NULL DEFAULT true`);
    await q.query(`UPDATE role_menu SET can_write = false WHERE role_id = 'r-expert' AND menu_key = 'ly_herm_standard'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE role_menu DROP COLUMN can_write`);
  }
}
