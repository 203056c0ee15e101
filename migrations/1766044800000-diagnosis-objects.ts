import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The school's own diagnosis objects (issue 32): the majors, courses, teachers and students (and the school itself)
 * that a launched diagnosis gives a task each.
 *
 * - `app_user.person_kind`: staff / teacher / student — the person's place in 诊改, apart from the configurable
 *   用户类型 (user_type); teachers and students are objects of their level.
 * - `diagnosis_object`: one object of one level, its code unique in the level. `upper_id` is the object above it
 *   (course → major, student → major); a major's upper is its department (`department_id`). A teacher's or student's
 *   object is that person (`user_id`). Retired objects are kept for history and get no new tasks.
 * - `obj_task.object_id`: the object a task diagnoses; one task per object and library (a second launch adds only
 *   the missing objects). The demo's older tasks and tasks of objects not in the table keep it null.
 */
export class DiagnosisObjects1766044800000 implements MigrationInterface {
  name = 'DiagnosisObjects1766044800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user ADD COLUMN person_kind varchar(10) NOT NULL DEFAULT 'staff' CHECK (person_kind IN ('staff', 'teacher', 'student'))`);
    await q.query(`
      CREATE TABLE diagnosis_object (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        level varchar(20) NOT NULL CHECK (level IN ('school', 'major', 'course', 'teacher', 'student')),
        code varchar(64) NOT NULL,
        name varchar(200) NOT NULL,
        department_id varchar(64) REFERENCES department(id) ON DELETE SET NULL,
        responsible_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        upper_id varchar(64) REFERENCES diagnosis_object(id) ON DELETE RESTRICT,
        user_id varchar(64) UNIQUE REFERENCES app_user(id) ON DELETE CASCADE,
        class_name varchar(60),
        grade varchar(20),
        retired_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (level, code),
        CHECK (upper_id IS NULL OR upper_id <> id),
        CHECK ((level IN ('teacher', 'student')) = (user_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX diagnosis_object_upper_idx ON diagnosis_object(upper_id)`);
    await q.query(`CREATE INDEX diagnosis_object_department_idx ON diagnosis_object(level, department_id)`);
    await q.query(`CREATE INDEX diagnosis_object_responsible_idx ON diagnosis_object(responsible_id)`);
    await q.query(`ALTER TABLE obj_task ADD COLUMN object_id varchar(64) REFERENCES diagnosis_object(id) ON DELETE RESTRICT`);
    await q.query(`CREATE UNIQUE INDEX obj_task_library_object_idx ON obj_task(library_id, object_id) WHERE object_id IS NOT NULL`);
    await q.query(`CREATE INDEX obj_task_object_id_idx ON obj_task(object_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE obj_task DROP COLUMN object_id`);
    await q.query(`DROP TABLE diagnosis_object`);
    await q.query(`ALTER TABLE app_user DROP COLUMN person_kind`);
  }
}
