import type { MigrationInterface, QueryRunner } from 'typeorm';

const READERS = ['r-admin', 'r-publisher', 'r-leader', 'r-expert'];
const MANAGERS = ['r-admin'];

/** The pages under 智能分析: key, name, path, component, who sees them. */
const MENUS: Array<[key: string, name: string, path: string, component: string, roles: string[]]> = [
  ['ly_herm_intelligentAnalysis_rival', '竞争对手分析', '/analysis/rival', 'RivalAnalysis', READERS],
  ['ly_herm_intelligentAnalysis_indicator', '指标数据', '/analysis/indicatorData', 'IndicatorData', READERS],
  ['ly_herm_intelligentAnalysis_monitoring', '运行监测', '/analysis/operationMonitoring', 'OperationMonitoring', READERS],
  ['ly_herm_intelligentAnalysis_portrayal', '学校画像', '/analysis/portrayal', 'Portrayal', READERS],
  ['ly_herm_intelligentAnalysis_subscription', '我的订阅', '/analysis/subscription', 'Subscription', READERS],
  ['ly_herm_intelligentAnalysis_schools', '学校数据', '/analysis/schools', 'SchoolData', MANAGERS],
  ['ly_herm_intelligentAnalysis_portrayalManage', '画像管理', '/analysis/portrayalManage', 'PortrayalManage', MANAGERS],
];

/**
 * School analysis (issue 16): schools and their yearly national indicator values, a person's screening settings,
 * selection and history, portraits (cards, menus, screens) with their role grants keyed by cm, and the personal
 * dashboards. 智能分析 becomes a group of seven pages; 数据大屏 becomes the data screen page itself (its 动态大屏 child
 * shows the portrait screens).
 */
export class SchoolAnalysis1765699200000 implements MigrationInterface {
  name = 'SchoolAnalysis1765699200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE school (
        code varchar(20) PRIMARY KEY,
        name varchar(100) NOT NULL,
        province varchar(20) NOT NULL,
        nature varchar(20) NOT NULL,
        level varchar(20) NOT NULL,
        double_high_kind varchar(10) CHECK (double_high_kind IN ('school', 'major')),
        double_high_grade varchar(2),
        double_high_year int,
        generated boolean NOT NULL DEFAULT false,
        is_own boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE UNIQUE INDEX school_one_own_idx ON school(is_own) WHERE is_own`);
    await q.query(`CREATE INDEX school_province_idx ON school(province)`);
    // (indicator, year, school) first: every analysis reads one indicator over some years for a few schools
    await q.query(`
      CREATE TABLE school_indicator_value (
        indicator varchar(40) NOT NULL,
        year int NOT NULL,
        school_code varchar(20) NOT NULL REFERENCES school(code) ON DELETE CASCADE,
        value double precision NOT NULL,
        PRIMARY KEY (indicator, year, school_code)
      )`);
    await q.query(`CREATE INDEX school_indicator_value_school_idx ON school_indicator_value(school_code, year)`);
    await q.query(`
      CREATE TABLE school_screen (
        user_id varchar(64) PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
        levels text[] NOT NULL DEFAULT '{}',
        natures text[] NOT NULL DEFAULT '{}',
        provinces text[] NOT NULL DEFAULT '{}',
        school_codes text[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE school_history (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        school_codes text[] NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX school_history_user_idx ON school_history(user_id, saved_at DESC)`);
    await q.query(`
      CREATE TABLE portrayal (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        kind varchar(10) NOT NULL CHECK (kind IN ('card', 'menu', 'screen')),
        name varchar(60) NOT NULL,
        nametwo varchar(60) NOT NULL,
        cm varchar(60) NOT NULL UNIQUE,
        level varchar(10) NOT NULL,
        parent_id varchar(64) REFERENCES portrayal(id) ON DELETE RESTRICT,
        sort_order int NOT NULL DEFAULT 0,
        description varchar(200),
        content jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX portrayal_parent_idx ON portrayal(parent_id)`);
    // the cards a screen or a menu shows, in order (a card may sit on several)
    await q.query(`
      CREATE TABLE portrayal_card (
        holder_id varchar(64) NOT NULL REFERENCES portrayal(id) ON DELETE CASCADE,
        card_id varchar(64) NOT NULL REFERENCES portrayal(id) ON DELETE CASCADE,
        sort_order int NOT NULL DEFAULT 0,
        PRIMARY KEY (holder_id, card_id)
      )`);
    // read grants keyed by the permission key cm (000 §3, §6)
    await q.query(`
      CREATE TABLE portrayal_grant (
        cm varchar(60) NOT NULL REFERENCES portrayal(cm) ON DELETE CASCADE ON UPDATE CASCADE,
        role_id varchar(64) NOT NULL REFERENCES role(id) ON DELETE CASCADE,
        PRIMARY KEY (cm, role_id)
      )`);
    await q.query(`
      CREATE TABLE dashboard (
        user_id varchar(64) PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
        tiles jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`UPDATE menu SET component = NULL WHERE key = 'ly_herm_intelligentAnalysis'`);
    for (const [i, [key, name, path, component, roles]] of MENUS.entries()) {
      await q.query(
        `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
         SELECT $1, $2, $3, $4, 'ly_herm_intelligentAnalysis', sort_order + $5 FROM menu WHERE key = 'ly_herm_intelligentAnalysis'`,
        [key, name, path, component, i],
      );
      await q.query(
        `INSERT INTO role_menu (role_id, menu_key, can_write) SELECT id, $2, true FROM role WHERE id = ANY($1::varchar[]) ON CONFLICT DO NOTHING`,
        [roles, key],
      );
    }
    await q.query(
      `INSERT INTO role_menu (role_id, menu_key, can_write) SELECT id, 'ly_herm_intelligentAnalysis', true FROM role WHERE id = ANY($1::varchar[]) ON CONFLICT DO NOTHING`,
      [READERS],
    );
    // the data screen is a page of its own; its 动态大屏 child lists the portrait screens
    await q.query(`UPDATE menu SET component = 'DataScreen' WHERE key = 'ly_herm_dataScreen'`);
    await q.query(`UPDATE menu SET component = 'DynamicScreen' WHERE key = 'ly_herm_dataScreen_dynamicScreen'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE menu SET component = 'Placeholder' WHERE key = 'ly_herm_dataScreen_dynamicScreen'`);
    await q.query(`UPDATE menu SET component = NULL WHERE key = 'ly_herm_dataScreen'`);
    await q.query(`DELETE FROM menu WHERE key = ANY($1::varchar[])`, [MENUS.map(([key]) => key)]);
    await q.query(`UPDATE menu SET component = 'Placeholder' WHERE key = 'ly_herm_intelligentAnalysis'`);
    for (const table of ['dashboard', 'portrayal_grant', 'portrayal_card', 'portrayal', 'school_history', 'school_screen', 'school_indicator_value', 'school']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
