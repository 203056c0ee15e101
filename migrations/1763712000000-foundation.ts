import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The school, its people and departments, cycles, dimensions, the system setting and server sessions. */
export class Foundation1763712000000 implements MigrationInterface {
  name = 'Foundation1763712000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE school_profile (
        id varchar(64) PRIMARY KEY,
        school_name varchar(200) NOT NULL,
        school_code varchar(40),
        province varchar(40),
        nature varchar(40),
        level varchar(40),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE user_type (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(60) NOT NULL UNIQUE,
        sort_order int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE department (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(100) NOT NULL,
        parent_id varchar(64) REFERENCES department(id) ON DELETE RESTRICT,
        charge_user_id varchar(64),
        short_name_chinese varchar(60),
        short_name_english varchar(60),
        sort_order int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX department_parent_idx ON department(parent_id)`);
    await q.query(`
      CREATE TABLE app_user (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        account varchar(60) NOT NULL UNIQUE,
        name varchar(60) NOT NULL,
        password_hash text NOT NULL,
        org_id varchar(64) REFERENCES department(id) ON DELETE SET NULL,
        user_type_id varchar(64) REFERENCES user_type(id) ON DELETE SET NULL,
        sex smallint NOT NULL DEFAULT 1 CHECK (sex IN (1, 2)),
        email varchar(100),
        phone varchar(30),
        qq varchar(20),
        display_photo varchar(64),
        cas_user varchar(100) UNIQUE,
        enabled boolean NOT NULL DEFAULT true,
        last_access_time timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX app_user_org_idx ON app_user(org_id)`);
    await q.query(`ALTER TABLE department ADD CONSTRAINT department_charge_user_fk FOREIGN KEY (charge_user_id) REFERENCES app_user(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX department_charge_user_idx ON department(charge_user_id)`);
    await q.query(`
      CREATE TABLE role (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        code varchar(60) NOT NULL UNIQUE,
        name varchar(60) NOT NULL UNIQUE,
        sort_order int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE user_role (
        user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        role_id varchar(64) NOT NULL REFERENCES role(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
      )`);
    await q.query(`CREATE INDEX user_role_role_idx ON user_role(role_id)`);
    await q.query(`
      CREATE TABLE cycle_type (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        lxmc varchar(60) NOT NULL UNIQUE,
        sort_order int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE cycle_value (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        cycle_type_id varchar(64) NOT NULL REFERENCES cycle_type(id) ON DELETE CASCADE,
        cycle_number varchar(40) NOT NULL,
        defaults_status smallint NOT NULL DEFAULT 0 CHECK (defaults_status IN (0, 1)),
        sort_order int NOT NULL DEFAULT 0,
        UNIQUE (cycle_type_id, cycle_number)
      )`);
    // At most one default value per cycle type (the selector picks it).
    await q.query(`CREATE UNIQUE INDEX cycle_value_one_default ON cycle_value(cycle_type_id) WHERE defaults_status = 1`);
    await q.query(`
      CREATE TABLE dimension (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        dimension_name varchar(60) NOT NULL UNIQUE,
        display_name varchar(60) NOT NULL,
        sort_order int NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE system_setting (
        app_id varchar(20) PRIMARY KEY,
        system_name_source text NOT NULL,
        logo_attachment_id varchar(64),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE user_session (
        sid varchar(128) PRIMARY KEY,
        sess jsonb NOT NULL,
        user_id varchar(64),
        expire timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX user_session_expire_idx ON user_session(expire)`);
    await q.query(`CREATE INDEX user_session_user_idx ON user_session(user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['user_session', 'system_setting', 'dimension', 'cycle_value', 'cycle_type', 'user_role', 'role']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`ALTER TABLE department DROP CONSTRAINT IF EXISTS department_charge_user_fk`);
    for (const table of ['app_user', 'department', 'user_type', 'school_profile']) await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
