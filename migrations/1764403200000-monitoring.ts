import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Roles that review quality points also see their warnings. */
const WARNING_READERS = ['r-admin', 'r-publisher', 'r-depthead', 'r-auditor', 'r-owner', 'r-leader', 'r-expert'];

/**
 * Monitoring (issue 6): sampled values of each watched point of an object's task, the warnings opened on them,
 * failures of collection, people's subscriptions, and the data-centre schema SQL sources may read.
 */
export class Monitoring1764403200000 implements MigrationInterface {
  name = 'Monitoring1764403200000';

  async up(q: QueryRunner): Promise<void> {
    // One sampled value of one point of one object's task (sj, cjz, zlx); period_key names the sampling period
    // it fills (2026-11, 2026-W47, 2026-11-21, or the instant for 'none'), so a period is sampled once.
    await q.query(`
      CREATE TABLE sampling_record (
        id bigserial PRIMARY KEY,
        result_id varchar(64) NOT NULL REFERENCES quality_result(id) ON DELETE CASCADE,
        sj timestamptz NOT NULL,
        cjz varchar(100),
        zlx varchar(20) NOT NULL,
        cjfs varchar(20) NOT NULL,
        period_key varchar(40) NOT NULL,
        -- json, not jsonb: the detail table keeps the source's column order
        detail json,
        UNIQUE (result_id, period_key)
      )`);
    await q.query(`CREATE INDEX sampling_record_result_time_idx ON sampling_record(result_id, sj DESC)`);

    // A breach of a point's warning rule (yjsj, yjz, jgz, zlx); handled once clsj is set. One per row and
    // warning period: the unique key is what keeps two scans from opening the same warning twice.
    await q.query(`
      CREATE TABLE warning_flow (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        result_id varchar(64) NOT NULL REFERENCES quality_result(id) ON DELETE CASCADE,
        period_key varchar(40) NOT NULL,
        yjsj timestamptz NOT NULL,
        yjlx varchar(10) NOT NULL CHECK (yjlx IN ('value', 'level')),
        tj varchar(2) NOT NULL,
        yjz varchar(100) NOT NULL,
        jgz varchar(100),
        zlx varchar(20) NOT NULL,
        clsj timestamptz,
        clcs varchar(500),
        yyfx varchar(500),
        clr_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        clrmc varchar(60),
        UNIQUE (result_id, period_key)
      )`);
    await q.query(`CREATE INDEX warning_flow_open_idx ON warning_flow(result_id) WHERE clsj IS NULL`);
    await q.query(`CREATE INDEX warning_flow_time_idx ON warning_flow(yjsj DESC)`);

    // When a source could not be read: the scan records it and goes on.
    await q.query(`
      CREATE TABLE collection_failure (
        id bigserial PRIMARY KEY,
        datasource_id varchar(64) NOT NULL REFERENCES point_datasource(id) ON DELETE CASCADE,
        result_id varchar(64) REFERENCES quality_result(id) ON DELETE CASCADE,
        cjfs varchar(20) NOT NULL,
        message varchar(1000) NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX collection_failure_source_idx ON collection_failure(datasource_id, failed_at DESC)`);

    // What a person follows (spec 000 §7 subscription store): sfzid the followed item, sfbb its kind/version,
    // tbsj when followed, lw the source it was followed from, sfzsj the last time it was seen.
    await q.query(`
      CREATE TABLE subscription (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        type varchar(40) NOT NULL,
        source_id varchar(64) NOT NULL,
        sfzid varchar(64) NOT NULL,
        sfbb varchar(40),
        tbsj timestamptz NOT NULL DEFAULT now(),
        lw varchar(200),
        sfzsj timestamptz,
        UNIQUE (user_id, type, source_id, sfzid)
      )`);

    // The data centre: the one schema SQL sources may read, through a role that can read nothing else.
    await q.query(`CREATE SCHEMA IF NOT EXISTS sjzx`);
    await q.query(`
      DO $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'zhengai_sql_reader') THEN
          CREATE ROLE zhengai_sql_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION;
        END IF;
        GRANT USAGE ON SCHEMA sjzx TO zhengai_sql_reader;
        GRANT SELECT ON ALL TABLES IN SCHEMA sjzx TO zhengai_sql_reader;
        ALTER DEFAULT PRIVILEGES IN SCHEMA sjzx GRANT SELECT ON TABLES TO zhengai_sql_reader;
        REVOKE ALL ON SCHEMA public FROM zhengai_sql_reader;
        ALTER ROLE zhengai_sql_reader SET search_path = sjzx;
        ALTER ROLE zhengai_sql_reader SET default_transaction_read_only = on;
        ALTER ROLE zhengai_sql_reader SET statement_timeout = '5s';
      EXCEPTION WHEN insufficient_privilege THEN
        -- Without CREATEROLE the platform still runs; SQL sources then report that the reader is missing.
        RAISE NOTICE 'zhengai_sql_reader not created: %', SQLERRM;
      END
      $$`);

    // Right after 诊断改进 in the menu.
    await q.query(`UPDATE menu SET sort_order = sort_order + 1 WHERE sort_order > (SELECT sort_order FROM menu WHERE key = 'ly_herm_improvement')`);
    await q.query(
      `INSERT INTO menu (key, name, path, component, parent_key, sort_order)
       VALUES ('ly_herm_monitorWarning', '监测预警', '/qualityManagement/warning', 'WarningManage', 'ly_herm_qualityManagement',
               (SELECT sort_order + 1 FROM menu WHERE key = 'ly_herm_improvement'))`,
    );
    await q.query(`INSERT INTO role_menu (role_id, menu_key) SELECT unnest($1::varchar[]), 'ly_herm_monitorWarning' ON CONFLICT DO NOTHING`, [WARNING_READERS]);
    // Experts read libraries too (their grants are read grants on the library).
    await q.query(`INSERT INTO role_menu (role_id, menu_key) VALUES ('r-expert', 'ly_herm_standard') ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM role_menu WHERE role_id = 'r-expert' AND menu_key = 'ly_herm_standard'`);
    await q.query(`DELETE FROM menu WHERE key = 'ly_herm_monitorWarning'`);
    for (const t of ['subscription', 'collection_failure', 'warning_flow', 'sampling_record']) await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
