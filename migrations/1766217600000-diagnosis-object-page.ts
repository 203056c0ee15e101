import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 诊改对象 page under 数据管理 (issue 32), for the roles that hold 用户管理 (the administrators), and the indexes its
 * list of 15,000 objects pages on (test/bench objects: p99 < 200 ms at 20 requests at once):
 * - live objects of a level in code order, and of every level in the page's level order (school … student), so a page
 *   is read from the index, not sorted out of all of them;
 * - an upper object's live ones (a major's courses and students);
 * - the search by code or name anywhere in the text (ILIKE '%…%'): a trigram index (pg_trgm, a trusted extension
 *   shipped with PostgreSQL and the embedded one); one or two characters still read the table, which is small enough.
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
    // the same expression as the list's ORDER BY (diagnosis-object.pg-repository.ts LEVEL_ORDER)
    await q.query(
      `CREATE INDEX diagnosis_object_level_order_idx ON diagnosis_object ((array_position(ARRAY['school', 'major', 'course', 'teacher', 'student']::varchar[], level)), code, id)
       WHERE retired_at IS NULL`,
    );
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX diagnosis_object_search_idx ON diagnosis_object USING gin (code gin_trgm_ops, name gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // pg_trgm stays: other tables may search with it
    await q.query(`DROP INDEX diagnosis_object_search_idx`);
    await q.query(`DROP INDEX diagnosis_object_level_order_idx`);
    await q.query(`DROP INDEX diagnosis_object_upper_live_idx`);
    await q.query(`DROP INDEX diagnosis_object_live_code_idx`);
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_dataManagement_diagnosisObject'`);
  }
}
