import type { MigrationInterface, QueryRunner } from 'typeorm';

const MANAGERS = ['r-admin', 'r-publisher'];
const FILLERS = ['r-admin', 'r-publisher', 'r-depthead', 'r-auditor', 'r-owner'];
const AUDITORS = ['r-admin', 'r-publisher', 'r-depthead', 'r-auditor'];

/** The pages under 数据采集: key, name, path, component, who sees them (all may write there; the services check the rest). */
const MENUS: Array<[key: string, name: string, path: string, component: string, roles: string[]]> = [
  ['ly_herm_dataCollection_fill', '我的填报', '/dataCollection/fill', 'CollectionFill', FILLERS],
  ['ly_herm_dataCollection_audit', '填报审核', '/dataCollection/audit', 'CollectionAudit', AUDITORS],
  ['ly_herm_dataCollection_task', '采集任务', '/dataCollection/task', 'CollectionTask', MANAGERS],
  ['ly_herm_dataCollection_form', '表单管理', '/dataCollection/form', 'CollectionForm', MANAGERS],
  ['ly_herm_dataCollection_constant', '常量管理', '/dataCollection/constant', 'CollectionConstant', MANAGERS],
];

/**
 * Data collection (issue 15): form directories, forms and their published versions, constants, collection tasks with
 * their forms and allocations, fill tasks, rows and their history. Each published form also gets a table in schema
 * sjzx, made by the module at publish (not here). 数据采集 becomes a group of five pages.
 */
export class DataCollection1765612800000 implements MigrationInterface {
  name = 'DataCollection1765612800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dc_form_directory (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(60) NOT NULL,
        parent_id varchar(64) REFERENCES dc_form_directory(id) ON DELETE RESTRICT,
        sort_order int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX dc_form_directory_parent_idx ON dc_form_directory(parent_id)`);
    await q.query(`
      CREATE TABLE dc_constant_type (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        code varchar(40) NOT NULL UNIQUE,
        name varchar(60) NOT NULL,
        description varchar(200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE dc_constant (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        type_id varchar(64) NOT NULL REFERENCES dc_constant_type(id) ON DELETE CASCADE,
        value varchar(60) NOT NULL,
        text varchar(60) NOT NULL,
        sort_order int NOT NULL DEFAULT 0,
        UNIQUE (type_id, value)
      )`);
    // fields / fixed_rows: the design being edited; version: the newest published (0 before the first publish).
    await q.query(`
      CREATE TABLE dc_form (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        directory_id varchar(64) NOT NULL REFERENCES dc_form_directory(id) ON DELETE RESTRICT,
        name varchar(60) NOT NULL,
        code varchar(40) NOT NULL UNIQUE,
        form_type varchar(10) NOT NULL CHECK (form_type IN ('floating', 'fixed')),
        description varchar(200),
        fields jsonb NOT NULL DEFAULT '[]',
        fixed_rows jsonb NOT NULL DEFAULT '[]',
        version int NOT NULL DEFAULT 0,
        created_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX dc_form_directory_idx ON dc_form(directory_id)`);
    await q.query(`
      CREATE TABLE dc_form_version (
        form_id varchar(64) NOT NULL REFERENCES dc_form(id) ON DELETE CASCADE,
        version int NOT NULL,
        form_type varchar(10) NOT NULL,
        fields jsonb NOT NULL,
        fixed_rows jsonb NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now(),
        published_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        PRIMARY KEY (form_id, version)
      )`);
    await q.query(`
      CREATE TABLE dc_task (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(60) NOT NULL,
        cycle varchar(4) NOT NULL,
        deadline date NOT NULL,
        description varchar(200),
        publish_state varchar(12) NOT NULL DEFAULT 'unpublished' CHECK (publish_state IN ('unpublished', 'published')),
        created_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    // version: the form version the task pinned when it was published.
    await q.query(`
      CREATE TABLE dc_task_form (
        task_id varchar(64) NOT NULL REFERENCES dc_task(id) ON DELETE CASCADE,
        form_id varchar(64) NOT NULL REFERENCES dc_form(id) ON DELETE RESTRICT,
        version int,
        sort_order int NOT NULL DEFAULT 0,
        PRIMARY KEY (task_id, form_id)
      )`);
    await q.query(`CREATE INDEX dc_task_form_form_idx ON dc_task_form(form_id)`);
    await q.query(`
      CREATE TABLE dc_allocation (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        task_id varchar(64) NOT NULL,
        form_id varchar(64) NOT NULL,
        department_id varchar(64) REFERENCES department(id) ON DELETE RESTRICT,
        user_id varchar(64) REFERENCES app_user(id) ON DELETE RESTRICT,
        auditor_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (task_id, form_id) REFERENCES dc_task_form(task_id, form_id) ON DELETE CASCADE,
        CHECK ((department_id IS NULL) <> (user_id IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX dc_allocation_department_uq ON dc_allocation(task_id, form_id, department_id) WHERE department_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX dc_allocation_user_uq ON dc_allocation(task_id, form_id, user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX dc_allocation_auditor_idx ON dc_allocation(auditor_id)`);
    await q.query(`
      CREATE TABLE dc_fill_task (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        allocation_id varchar(64) NOT NULL UNIQUE REFERENCES dc_allocation(id) ON DELETE CASCADE,
        task_id varchar(64) NOT NULL REFERENCES dc_task(id) ON DELETE CASCADE,
        form_id varchar(64) NOT NULL REFERENCES dc_form(id) ON DELETE RESTRICT,
        version int NOT NULL,
        state varchar(12) NOT NULL DEFAULT 'uncommitted' CHECK (state IN ('uncommitted', 'unaudited', 'rollback', 'finished')),
        rollback_reason varchar(500),
        committed_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        committed_at timestamptz,
        audited_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        audited_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX dc_fill_task_task_form_idx ON dc_fill_task(task_id, form_id)`);
    // values: field key → text, or a multiSelect's texts; task_id and form_id repeated for the unique check.
    await q.query(`
      CREATE TABLE dc_row (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        fill_task_id varchar(64) NOT NULL REFERENCES dc_fill_task(id) ON DELETE CASCADE,
        task_id varchar(64) NOT NULL,
        form_id varchar(64) NOT NULL,
        row_no int NOT NULL,
        label varchar(60),
        values jsonb NOT NULL DEFAULT '{}',
        updated_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX dc_row_fill_idx ON dc_row(fill_task_id, row_no)`);
    await q.query(`CREATE INDEX dc_row_task_form_idx ON dc_row(task_id, form_id)`);
    await q.query(`
      CREATE TABLE dc_fill_history (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        fill_task_id varchar(64) NOT NULL REFERENCES dc_fill_task(id) ON DELETE CASCADE,
        action varchar(12) NOT NULL CHECK (action IN ('save', 'import', 'commit', 'audit', 'rollback')),
        actor_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        actor_name varchar(60) NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        reason varchar(500),
        added int NOT NULL DEFAULT 0,
        changed int NOT NULL DEFAULT 0,
        removed int NOT NULL DEFAULT 0,
        row_count int NOT NULL DEFAULT 0,
        changes jsonb NOT NULL DEFAULT '[]'
      )`);
    await q.query(`CREATE INDEX dc_fill_history_fill_idx ON dc_fill_history(fill_task_id, at)`);

    await q.query(`UPDATE menu SET component = NULL WHERE key = 'ly_herm_dataCollection'`);
    for (const [i, [key, name, path, component, roles]] of MENUS.entries()) {
      await q.query(
        `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
         SELECT $1, $2, $3, $4, 'ly_herm_dataCollection', sort_order + $5 FROM menu WHERE key = 'ly_herm_dataCollection'`,
        [key, name, path, component, i],
      );
      await q.query(
        `INSERT INTO role_menu (role_id, menu_key, can_write) SELECT id, $2, true FROM role WHERE id = ANY($1::varchar[]) ON CONFLICT DO NOTHING`,
        [roles, key],
      );
    }
    // a granted page implies its group
    await q.query(
      `INSERT INTO role_menu (role_id, menu_key, can_write) SELECT id, 'ly_herm_dataCollection', true FROM role WHERE id = ANY($1::varchar[]) ON CONFLICT DO NOTHING`,
      [FILLERS],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM menu WHERE key = ANY($1::varchar[])`, [MENUS.map(([key]) => key)]);
    await q.query(`DELETE FROM role_menu WHERE menu_key = 'ly_herm_dataCollection' AND role_id IN ('r-depthead', 'r-auditor', 'r-owner')`);
    await q.query(`UPDATE menu SET component = 'Placeholder' WHERE key = 'ly_herm_dataCollection'`);
    // The forms' own tables in sjzx go with the forms.
    const forms: Array<{ code: string }> = await q.query(`SELECT code FROM dc_form WHERE version > 0`);
    for (const { code } of forms) {
      const [{ statement }]: Array<{ statement: string }> = await q.query(`SELECT format('DROP TABLE IF EXISTS sjzx.%I', $1::text) AS statement`, [code]);
      await q.query(statement);
    }
    for (const table of ['dc_fill_history', 'dc_row', 'dc_fill_task', 'dc_allocation', 'dc_task_form', 'dc_task', 'dc_form_version', 'dc_form', 'dc_constant', 'dc_constant_type', 'dc_form_directory']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
