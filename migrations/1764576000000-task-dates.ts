import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Diagnosis tasks get a start and an end (kssj, jssj; issue 12), entries of the quality table take 500 characters
 * (001 §2), and tasks graded before the score was kept with every grade get their score.
 */
export class TaskDates1764576000000 implements MigrationInterface {
  name = 'TaskDates1764576000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE obj_task ADD COLUMN start_date date, ADD COLUMN end_date date`);
    await q.query(`ALTER TABLE obj_task ADD CONSTRAINT obj_task_dates_order CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date)`);
    // A task whoever creates it (seed, fixtures, a later task screen) without dates runs over its cycle's years:
    // '2025' is 2025-01-01 … 2025-12-31, '2025-2026' is 2025-01-01 … 2026-12-31; a cycle without a year leaves them empty.
    await q.query(`
      CREATE FUNCTION obj_task_cycle_dates() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.start_date IS NULL AND NEW.cycle_value ~ '^\\d{4}' THEN
          NEW.start_date := make_date(substring(NEW.cycle_value FROM '^(\\d{4})')::int, 1, 1);
        END IF;
        IF NEW.end_date IS NULL AND NEW.cycle_value ~ '\\d{4}' THEN
          NEW.end_date := make_date(substring(NEW.cycle_value FROM '(\\d{4})\\D*$')::int, 12, 31);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER obj_task_cycle_dates BEFORE INSERT ON obj_task FOR EACH ROW EXECUTE FUNCTION obj_task_cycle_dates()`);
    await q.query(`
      UPDATE obj_task SET start_date = make_date(substring(cycle_value FROM '^(\\d{4})')::int, 1, 1),
                          end_date = make_date(substring(cycle_value FROM '(\\d{4})\\D*$')::int, 12, 31)
      WHERE cycle_value ~ '^\\d{4}'`);

    // Editable value cells take up to 500 characters (001 §2), like the cause analysis beside them.
    await q.query(`ALTER TABLE quality_result ALTER COLUMN xzmbz TYPE varchar(500), ALTER COLUMN jgz TYPE varchar(500), ALTER COLUMN xzjgz TYPE varchar(500)`);

    // Tasks graded (the demo's audited 2025 tasks among them) without a score: the share of graded points reaching
    // their target (A or Y), as scoreOf computes it.
    await q.query(`
      UPDATE obj_task t SET score = s.score FROM (
        SELECT obj_task_id, round(100.0 * count(*) FILTER (WHERE jgdj IN ('A', 'Y')) / count(*), 2) AS score
        FROM quality_result WHERE jgdj IS NOT NULL GROUP BY obj_task_id
      ) s WHERE s.obj_task_id = t.id AND t.score IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE quality_result ALTER COLUMN xzmbz TYPE varchar(100) USING left(xzmbz, 100), ALTER COLUMN jgz TYPE varchar(100) USING left(jgz, 100), ALTER COLUMN xzjgz TYPE varchar(100) USING left(xzjgz, 100)`);
    await q.query(`DROP TRIGGER obj_task_cycle_dates ON obj_task`);
    await q.query(`DROP FUNCTION obj_task_cycle_dates()`);
    await q.query(`ALTER TABLE obj_task DROP CONSTRAINT obj_task_dates_order, DROP COLUMN start_date, DROP COLUMN end_date`);
  }
}
