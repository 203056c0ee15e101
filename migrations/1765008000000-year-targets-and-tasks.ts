import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Task types of 001 §2 (rwlx): A key, B routine, C common. */
const TASK_TYPES = [['A', '重点任务'], ['B', '常规任务'], ['C', '一般任务']];

/** Task node states, catalogue B of 001 §4 (catalogue A, the my-task view, is a subset). */
const RWJD = ['notPushed', 'waitAccept', 'waitResolve', 'goBack', 'waitDefine', 'executeing', 'hasDone', 'delayNotDone', 'delayDone'];

const inList = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/** The attachment stages before this migration, and the ones target tasks add (task files, process and final reports). */
const OLD_STAGES = ['mbbz', 'jcyj', 'zwzd', 'zjgj', 'unfinish', 'disqualified'];
const TASK_STAGES = ['task', 'process', 'final'];

/**
 * Yearly targets and their target tasks (issue 13), the whole schema at once: targets, tasks decomposed to any
 * depth, cooperating departments, progress reports, delays, urges, warnings and each task's history. The codes are
 * the documents' (001 §4) and the database refuses any other, so a bug in a service cannot store a state no screen knows.
 */
export class YearTargetsAndTasks1765008000000 implements MigrationInterface {
  name = 'YearTargetsAndTasks1765008000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE task_type (
        id varchar(8) PRIMARY KEY,
        rwlxmc varchar(20) NOT NULL UNIQUE,
        sort_order int NOT NULL DEFAULT 0
      )`);
    for (const [i, [id, name]] of TASK_TYPES.entries()) {
      await q.query(`INSERT INTO task_type (id, rwlxmc, sort_order) VALUES ($1, $2, $3)`, [id, name, i]);
    }
    // A school's target of one year (cycleYear) in one dimension; its name is unique within the year.
    await q.query(`
      CREATE TABLE year_target (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        name varchar(200) NOT NULL CHECK (btrim(name) <> ''),
        cycle_year varchar(4) NOT NULL CHECK (cycle_year ~ '^[0-9]{4}$'),
        dimension_id varchar(64) REFERENCES dimension(id) ON DELETE SET NULL,
        description varchar(1000),
        creator_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        publish_department_id varchar(64) REFERENCES department(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cycle_year, name)
      )`);
    await q.query(`CREATE INDEX year_target_dimension_idx ON year_target(dimension_id)`);
    // A target task; parent_id decomposes it to any depth (a leaf is a "last-level" task). A year target with
    // tasks, and a task with children, cannot be deleted from under them (RESTRICT): the services refuse first.
    await q.query(`
      CREATE TABLE target_task (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        year_target_id varchar(64) NOT NULL REFERENCES year_target(id) ON DELETE RESTRICT,
        parent_id varchar(64) REFERENCES target_task(id) ON DELETE RESTRICT CHECK (parent_id <> id),
        rwmc varchar(200) NOT NULL CHECK (btrim(rwmc) <> ''),
        rwlx varchar(8) NOT NULL REFERENCES task_type(id) ON DELETE RESTRICT,
        exam_type varchar(5) NOT NULL DEFAULT 'score' CHECK (exam_type IN ('score', 'level')),
        rwnf varchar(100) NOT NULL CHECK (rwnf ~ '^[0-9]{4}(,[0-9]{4})*$'),
        kssj date,
        jssj date,
        publish_department_id varchar(64) REFERENCES department(id) ON DELETE SET NULL,
        charge_department_id varchar(64) REFERENCES department(id) ON DELETE SET NULL,
        owner_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        auditor_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        supervisor_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        creator_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        target_value numeric(18, 4) CHECK (target_value >= 0),
        target_unit varchar(20),
        rwjd varchar(14) NOT NULL DEFAULT 'notPushed' CHECK (rwjd IN (${inList(RWJD)})),
        task_state varchar(8) NOT NULL DEFAULT 'normal' CHECK (task_state IN ('normal', 'pause', 'finished')),
        audit_state smallint NOT NULL DEFAULT 0 CHECK (audit_state IN (0, 1, 2)),
        audit_reason varchar(500),
        audited_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        audited_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (kssj IS NULL OR jssj IS NULL OR jssj >= kssj)
      )`);
    await q.query(`CREATE INDEX target_task_year_target_idx ON target_task(year_target_id)`);
    await q.query(`CREATE INDEX target_task_parent_idx ON target_task(parent_id)`);
    await q.query(`CREATE INDEX target_task_owner_idx ON target_task(owner_id, jssj)`);
    await q.query(`CREATE INDEX target_task_charge_department_idx ON target_task(charge_department_id, jssj)`);
    await q.query(`CREATE INDEX target_task_auditor_idx ON target_task(auditor_id)`);
    await q.query(`CREATE INDEX target_task_rwjd_idx ON target_task(rwjd)`);
    // The overdue scan: tasks not finished, by end date.
    await q.query(`CREATE INDEX target_task_open_end_idx ON target_task(jssj) WHERE task_state <> 'finished'`);
    // Cooperating departments of a task (a cooperation task is the task as one of these departments sees it).
    await q.query(`
      CREATE TABLE target_task_coop_department (
        task_id varchar(64) NOT NULL REFERENCES target_task(id) ON DELETE CASCADE,
        department_id varchar(64) NOT NULL REFERENCES department(id) ON DELETE CASCADE,
        owner_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (task_id, department_id)
      )`);
    await q.query(`CREATE INDEX target_task_coop_department_idx ON target_task_coop_department(department_id)`);
    await q.query(`CREATE INDEX target_task_coop_owner_idx ON target_task_coop_department(owner_id)`);
    // A progress report (process or final) with the value reached; at most one waits for review per task at a time.
    await q.query(`
      CREATE TABLE progress_report (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        task_id varchar(64) NOT NULL REFERENCES target_task(id) ON DELETE CASCADE,
        kind varchar(7) NOT NULL CHECK (kind IN ('process', 'final')),
        content varchar(1000) NOT NULL,
        value_reached numeric(18, 4) CHECK (value_reached >= 0),
        period_key varchar(20),
        audit_state varchar(9) NOT NULL DEFAULT 'reviewing' CHECK (audit_state IN ('reviewing', 'pass', 'childPass', 'reject')),
        audit_reason varchar(500),
        reported_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        reported_at timestamptz NOT NULL DEFAULT now(),
        audited_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        audited_at timestamptz,
        CHECK (audit_state <> 'reject' OR audit_reason IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX progress_report_task_idx ON progress_report(task_id, reported_at DESC)`);
    await q.query(`CREATE UNIQUE INDEX progress_report_one_reviewing ON progress_report(task_id) WHERE audit_state = 'reviewing'`);
    // A delay asked by the owner and decided by the auditor; one open request per task.
    await q.query(`
      CREATE TABLE task_delay (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        task_id varchar(64) NOT NULL REFERENCES target_task(id) ON DELETE CASCADE,
        old_end_date date,
        new_end_date date NOT NULL,
        reason varchar(500) NOT NULL,
        decision varchar(7) NOT NULL DEFAULT 'pending' CHECK (decision IN ('pending', 'granted', 'refused')),
        decision_reason varchar(500),
        requested_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        decided_by varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        decided_at timestamptz,
        CHECK ((decision = 'pending') = (decided_at IS NULL))
      )`);
    await q.query(`CREATE INDEX task_delay_task_idx ON task_delay(task_id, requested_at DESC)`);
    await q.query(`CREATE UNIQUE INDEX task_delay_one_pending ON task_delay(task_id) WHERE decision = 'pending'`);
    // An urge: type 0 to do, 1 done; status the documents' reasons (target not set, not decomposed: URGE_STATUSES); accepted once.
    await q.query(`
      CREATE TABLE task_urge (
        id varchar(64) PRIMARY KEY DEFAULT gen_random_uuid()::text,
        task_id varchar(64) NOT NULL REFERENCES target_task(id) ON DELETE CASCADE,
        urge_type smallint NOT NULL CHECK (urge_type IN (0, 1)),
        status varchar(20) CHECK (status IN ('targetNotSet', 'targetNotResolved')),
        state varchar(10) NOT NULL DEFAULT 'urge' CHECK (state IN ('urge', 'acceptUrge')),
        message varchar(500),
        from_user_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        to_user_id varchar(64) NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        accepted_at timestamptz,
        CHECK ((state = 'acceptUrge') = (accepted_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX task_urge_task_idx ON task_urge(task_id)`);
    await q.query(`CREATE INDEX task_urge_to_idx ON task_urge(to_user_id, state)`);
    // A warning of a task: process (a report due in a period is missing) or expired (jssj passed, not finished).
    // One per task, kind and period, so a scan (or two at once) opens each warning once; closed when resolved.
    await q.query(`
      CREATE TABLE task_warning (
        id bigserial PRIMARY KEY,
        task_id varchar(64) NOT NULL REFERENCES target_task(id) ON DELETE CASCADE,
        kind varchar(7) NOT NULL CHECK (kind IN ('process', 'expired')),
        period_key varchar(20) NOT NULL,
        opened_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        UNIQUE (task_id, kind, period_key),
        CHECK (closed_at IS NULL OR closed_at >= opened_at)
      )`);
    await q.query(`CREATE INDEX task_warning_open_idx ON task_warning(kind, task_id) WHERE closed_at IS NULL`);
    // Every change of a task: who, when, what, the state it left and the one it reached, and why.
    await q.query(`
      CREATE TABLE task_history (
        id bigserial PRIMARY KEY,
        task_id varchar(64) NOT NULL REFERENCES target_task(id) ON DELETE CASCADE,
        actor_id varchar(64) REFERENCES app_user(id) ON DELETE SET NULL,
        at timestamptz NOT NULL DEFAULT now(),
        action varchar(30) NOT NULL,
        from_state varchar(14),
        to_state varchar(14),
        reason varchar(500)
      )`);
    await q.query(`CREATE INDEX task_history_task_idx ON task_history(task_id, at, id)`);
    // Target-task files and report evidence go through the files module's attachments, with stages of their own.
    await q.query(`ALTER TABLE attachment DROP CONSTRAINT attachment_stage_check`);
    await q.query(`ALTER TABLE attachment ADD CONSTRAINT attachment_stage_check CHECK (stage IN (${inList([...OLD_STAGES, ...TASK_STAGES])}))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM attachment WHERE stage IN (${inList(TASK_STAGES)})`);
    await q.query(`ALTER TABLE attachment DROP CONSTRAINT attachment_stage_check`);
    await q.query(`ALTER TABLE attachment ADD CONSTRAINT attachment_stage_check CHECK (stage IN (${inList(OLD_STAGES)}))`);
    for (const table of ['task_history', 'task_warning', 'task_urge', 'task_delay', 'progress_report', 'target_task_coop_department', 'target_task', 'year_target', 'task_type']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
