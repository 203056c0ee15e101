import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Target standards and quality points (spec 001 §2–5): libraries with their indicator tree, quality-point
 * definitions and data sources; diagnosed objects' tasks with one result row a point, and the audit history.
 */
export class QualityPoints1764057600000 implements MigrationInterface {
  name = 'QualityPoints1764057600000';

  async up(q: QueryRunner): Promise<void> {
    // A target standard library (目标标准库): one level (school … student) of one cycle; a child inherits from its parent.
    await q.query(`
      CREATE TABLE target_library (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(200) NOT NULL,
        cycle_type_id varchar(64) REFERENCES cycle_type(id) ON DELETE SET NULL,
        cycle_value varchar(40) NOT NULL,
        target_level_id varchar(20) NOT NULL CHECK (target_level_id IN ('school', 'major', 'course', 'teacher', 'student')),
        dimension_id varchar(64) REFERENCES dimension(id) ON DELETE SET NULL,
        tree_level smallint NOT NULL DEFAULT 3 CHECK (tree_level BETWEEN 1 AND 10),
        target_type varchar(20) NOT NULL DEFAULT 'library',
        parent_id varchar(64) REFERENCES target_library(id) ON DELETE SET NULL,
        creator_id varchar(64) NOT NULL REFERENCES app_user(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX target_library_parent_idx ON target_library(parent_id)`);
    await q.query(`CREATE INDEX target_library_live_idx ON target_library(created_at DESC) WHERE deleted_at IS NULL`);

    // The indicator tree (一级指标 … 十级指标). origin_id: the parent library's indicator it came from (sync).
    await q.query(`
      CREATE TABLE indicator (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        library_id varchar(64) NOT NULL REFERENCES target_library(id) ON DELETE CASCADE,
        parent_id varchar(64) REFERENCES indicator(id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        level smallint NOT NULL CHECK (level BETWEEN 1 AND 10),
        sort_order int NOT NULL DEFAULT 0,
        origin_id varchar(64)
      )`);
    await q.query(`CREATE INDEX indicator_library_idx ON indicator(library_id, sort_order)`);
    await q.query(`CREATE INDEX indicator_parent_idx ON indicator(parent_id)`);

    // A quality-control point (质控点). code (zkdid) stays the same across copies and cycles: last period's
    // result is found by it. Values are kept as text as entered; their type (zlx) says how to read them.
    await q.query(`
      CREATE TABLE quality_point (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        library_id varchar(64) NOT NULL REFERENCES target_library(id) ON DELETE CASCADE,
        indicator_id varchar(64) REFERENCES indicator(id) ON DELETE CASCADE,
        code varchar(64) NOT NULL,
        zkdmc varchar(200) NOT NULL,
        nh varchar(1000),
        zdbz varchar(1000),
        bzz varchar(100),
        mbz varchar(100),
        zlx varchar(20) NOT NULL CHECK (zlx IN ('have', 'whether', 'percent', 'integer', 'float', 'text')),
        fsdl smallint NOT NULL DEFAULT 0,
        fsjzxz smallint NOT NULL DEFAULT 0,
        ration varchar(100),
        cal_rule jsonb,
        sampling_period varchar(10) NOT NULL DEFAULT 'none' CHECK (sampling_period IN ('month', 'week', 'day', 'none')),
        warning_rule jsonb,
        sort_order int NOT NULL DEFAULT 0,
        origin_id varchar(64),
        UNIQUE (library_id, code)
      )`);
    await q.query(`CREATE INDEX quality_point_indicator_idx ON quality_point(indicator_id)`);
    await q.query(`CREATE INDEX quality_point_origin_idx ON quality_point(origin_id)`);

    // Where a point's value comes from and how it is shown (sjlx, jsgz, cjfs, xsfs).
    await q.query(`
      CREATE TABLE point_datasource (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        point_id varchar(64) NOT NULL REFERENCES quality_point(id) ON DELETE CASCADE,
        sjlx varchar(20) NOT NULL DEFAULT 'float',
        jsgz varchar(1000),
        cjfs varchar(20) NOT NULL DEFAULT 'report' CHECK (cjfs IN ('report', 'algorithm', 'sql', 'interface')),
        xsfs varchar(20) NOT NULL DEFAULT 'table' CHECK (xsfs IN ('table', 'pie', 'histogram', 'line', 'file')),
        config jsonb,
        sort_order int NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX point_datasource_point_idx ON point_datasource(point_id)`);

    // A diagnosed object's task (gzdxid/dxrwid): one department, major, course, teacher or student group
    // reviewing one library's points in one cycle.
    await q.query(`
      CREATE TABLE obj_task (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        library_id varchar(64) NOT NULL REFERENCES target_library(id) ON DELETE CASCADE,
        rwmc varchar(200) NOT NULL,
        object_type varchar(20) NOT NULL CHECK (object_type IN ('school', 'department', 'major', 'course', 'teacher', 'student')),
        object_code varchar(64) NOT NULL,
        object_name varchar(200) NOT NULL,
        cycle_value varchar(40) NOT NULL,
        department_id varchar(64) REFERENCES department(id) ON DELETE SET NULL,
        owner_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        auditor_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        audit_state varchar(10) NOT NULL DEFAULT 'draft' CHECK (audit_state IN ('draft', 'submitted', 'passed', 'refused')),
        score numeric(8, 2),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX obj_task_library_idx ON obj_task(library_id)`);
    await q.query(`CREATE INDEX obj_task_object_idx ON obj_task(object_type, object_code, cycle_value)`);
    await q.query(`CREATE INDEX obj_task_owner_idx ON obj_task(owner_id)`);

    // One row a point of an object's task: revised target, result, grade, cause analysis, improvement.
    await q.query(`
      CREATE TABLE quality_result (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        obj_task_id varchar(64) NOT NULL REFERENCES obj_task(id) ON DELETE CASCADE,
        point_id varchar(64) NOT NULL REFERENCES quality_point(id) ON DELETE CASCADE,
        xzmbz varchar(100),
        jgz varchar(100),
        xzjgz varchar(100),
        jgdj varchar(2),
        yyfx varchar(500),
        gjcs varchar(500),
        unfin boolean NOT NULL DEFAULT false,
        dis boolean NOT NULL DEFAULT false,
        updated_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (obj_task_id, point_id)
      )`);
    await q.query(`CREATE INDEX quality_result_point_idx ON quality_result(point_id)`);

    // Every audit step of an object's task, who did it and when (the "dynamic").
    await q.query(`
      CREATE TABLE audit_dynamic (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        obj_task_id varchar(64) NOT NULL REFERENCES obj_task(id) ON DELETE CASCADE,
        action varchar(10) NOT NULL CHECK (action IN ('submit', 'pass', 'refuse')),
        from_state varchar(10) NOT NULL,
        to_state varchar(10) NOT NULL,
        comment varchar(500),
        user_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        user_name varchar(60) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_dynamic_task_idx ON audit_dynamic(obj_task_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['audit_dynamic', 'quality_result', 'obj_task', 'point_datasource', 'quality_point', 'indicator', 'target_library']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
