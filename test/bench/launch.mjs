// Benchmark of 诊断任务下发 (diagnosis module, issue 32), called from run.mjs against the built app: launching the
// student-level diagnosis for 15,000 students with a 20-point library through the API (POST launch/start → the
// launch-diagnosis job in the app's worker → launch/progress every 50 ms until done: 15,000 tasks and 300,000 quality
// rows) against a bare INSERT … SELECT of the same tasks and rows in one transaction, rounds interleaved, each round on
// a library of its own (one task per object and library): goal API / bare ≤ 1.5. The page polls every 1000 ms; the
// bench polls every 50 ms so that the poll's grain does not hide the job's time. Every loop is bounded.
import os from 'node:os';
import pg from 'pg';
import { LAUNCH_HEADING } from './sections.mjs';

const STUDENTS = 15_000;
const POINTS = 20;
const ROUNDS = 3;
const GOAL_RATIO = 1.5;
const CYCLE = '2025-2026-2';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;
const day = (offset) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A student library of `points` points on one indicator (level student, 学期 c-term). */
async function buildLibrary(db, id) {
  await db.query(
    `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
     VALUES ($1, $2, 'c-term', $3, 'student', 'dim-zlsc', 1, 'u-publisher')`,
    [id, `基准学生库${id}`, CYCLE],
  );
  await db.query(`INSERT INTO indicator (id, library_id, name, level, sort_order) VALUES ($1 || '-i', $1, '学生发展', 1, 1)`, [id]);
  await db.query(
    `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sort_order)
     SELECT $1 || '-p' || n, $1, $1 || '-i', 'XS-' || lpad(n::text, 3, '0'), '学生质控点' || n, '60', '80', 'percent',
            '{"direction": "higher", "b": 0.9, "c": 0.8}'::jsonb, n
     FROM generate_series(1, $2::int) n`,
    [id, POINTS],
  );
}

/** 15,000 students: their accounts (person kind student) and their objects under one major of 信息工程学院. */
async function buildStudents(db) {
  await db.query('BEGIN');
  await db.query(`INSERT INTO diagnosis_object (id, level, code, name, department_id, responsible_id) VALUES ('bench-major', 'major', 'BENCH-M', '基准专业', 'd-xxgc', 'u-owner')`);
  await db.query(
    `INSERT INTO app_user (id, account, name, password_hash, person_kind)
     SELECT 'bench-stu-' || n, 'bench-stu-' || n, '基准学生' || n, 'x', 'student' FROM generate_series(1, $1::int) n`,
    [STUDENTS],
  );
  await db.query(
    `INSERT INTO diagnosis_object (id, level, code, name, upper_id, user_id, class_name, grade)
     SELECT 'bench-st-' || n, 'student', 'BENCH-ST-' || lpad(n::text, 5, '0'), '基准学生' || n, 'bench-major', 'bench-stu-' || n, '基准' || (n % 300) || '班', '2025'
     FROM generate_series(1, $1::int) n`,
    [STUDENTS],
  );
  await db.query('COMMIT');
}

/**
 * The bare reference: the same 15,000 tasks (name, object, department, owner, auditor, dates) and 300,000 rows,
 * two plain INSERT … SELECT in one transaction, no checks, no job.
 */
async function bareLaunch(db, libraryId, start, end) {
  const started = performance.now();
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO obj_task (library_id, object_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id, start_date, end_date)
     SELECT $1, o.id, o.name || $2, o.level, o.code, o.name, $3, dep.id, o.user_id, dep.charge_user_id, $4::date, $5::date
     FROM diagnosis_object o LEFT JOIN diagnosis_object u ON u.id = o.upper_id LEFT JOIN department dep ON dep.id = coalesce(o.department_id, u.department_id)
     WHERE o.level = 'student' AND o.retired_at IS NULL`,
    [libraryId, `${CYCLE}学期质量诊断`, CYCLE, start, end],
  );
  await db.query(
    `INSERT INTO quality_result (obj_task_id, point_id) SELECT t.id, p.id FROM obj_task t JOIN quality_point p ON p.library_id = $1 WHERE t.library_id = $1`,
    [libraryId],
  );
  await db.query('COMMIT');
  return performance.now() - started;
}

async function pollLaunch(api, launchId, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (let i = 0; i < 1_000_000 && Date.now() < deadline; i++) {
    const res = await api.json('GET', `/api/herm-znfx/launch/progress?launchId=${encodeURIComponent(launchId)}`);
    if (!res.meta.success) throw new Error(`launch/progress: ${res.meta.message}`);
    if (res.data.state === 'failed') throw new Error(`launch failed: ${res.data.reason}`);
    if (res.data.state === 'done') return res.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`launch ${launchId} did not finish in ${timeoutMs} ms`);
}

async function apiLaunch(api, libraryId, start, end) {
  const t0 = performance.now();
  const res = await api.json('POST', '/api/herm-znfx/launch/start', {
    level: 'student', cycleTypeId: 'c-term', cycleValue: CYCLE, libraryId, scope: 'all', scopeIds: [], ownerRule: 'self', auditorRule: 'departmentHead', startDate: start, endDate: end,
  });
  if (!res.meta.success) throw new Error(`launch/start: ${res.meta.message}`);
  const done = await pollLaunch(api, res.data.launchId);
  return { total: performance.now() - t0, tasks: done.done };
}

async function countsOf(db, libraryId) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM obj_task WHERE library_id = $1)::int AS tasks,
            (SELECT count(*) FROM quality_result r JOIN obj_task t ON t.id = r.obj_task_id WHERE t.library_id = $1)::int AS rows`,
    [libraryId],
  );
  return rows[0];
}

/** Runs on the app's database (databaseUrl) through api (logged in as the administrator, who may launch). */
export async function benchLaunch({ api, databaseUrl, log }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const loadBefore = os.loadavg()[0];
  try {
    let started = performance.now();
    await buildStudents(db);
    for (let r = 0; r < ROUNDS; r++) {
      await buildLibrary(db, `bench-launch-api-${r}`);
      await buildLibrary(db, `bench-launch-bare-${r}`);
    }
    await db.query('ANALYZE app_user, diagnosis_object, target_library, quality_point, obj_task, quality_result');
    log(`${STUDENTS} students and ${ROUNDS * 2} libraries of ${POINTS} points built in ${ms(performance.now() - started)}`);
    const start = day(0);
    const end = day(90);
    const apiRounds = [];
    const bareRounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      const bare = await bareLaunch(db, `bench-launch-bare-${r}`, start, end);
      bareRounds.push(bare);
      const bareCounts = await countsOf(db, `bench-launch-bare-${r}`);
      const viaApi = await apiLaunch(api, `bench-launch-api-${r}`, start, end);
      apiRounds.push(viaApi.total);
      const apiCounts = await countsOf(db, `bench-launch-api-${r}`);
      if (apiCounts.tasks !== STUDENTS || apiCounts.rows !== STUDENTS * POINTS || bareCounts.rows !== STUDENTS * POINTS) {
        throw new Error(`round ${r}: API made ${apiCounts.tasks} tasks and ${apiCounts.rows} rows, bare ${bareCounts.rows} rows`);
      }
      log(`launch round ${r + 1}: bare ${ms(bare)}, API ${ms(viaApi.total)} (${apiCounts.tasks} tasks, ${apiCounts.rows} rows)`);
    }
    started = performance.now();
    const ratio = median(apiRounds) / median(bareRounds);
    log(`launch: API / bare = ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO})`);
    return { students: STUDENTS, points: POINTS, rounds: ROUNDS, apiRounds, bareRounds, ratio, loadBefore, loadAfter: os.loadavg()[0] };
  } finally {
    await db.end();
  }
}

export function launchSection(r, machine) {
  const row = (name, xs) => `| ${name} | ${xs.map(ms).join(', ')} | ${ms(median(xs))} |`;
  return `${LAUNCH_HEADING}

Launching the student-level diagnosis (诊断任务下发) for ${r.students.toLocaleString('en')} students with a ${r.points}-point library:
${(r.students * r.points).toLocaleString('en')} quality rows and ${r.students.toLocaleString('en')} tasks. Through the API: POST launch/start, the
launch-diagnosis job in the app's worker (batches of 10,000 objects, each one INSERT … SELECT of tasks feeding one
INSERT … SELECT of rows), launch/progress every 50 ms until done. Bare: the same tasks and rows by two INSERT … SELECT in
one transaction. ${r.rounds} rounds interleaved, each on a library of its own. ${machine}; load ${r.loadBefore.toFixed(2)} before, ${r.loadAfter.toFixed(2)} after.

| run | rounds | median |
| --- | --- | --- |
${row('bare INSERT … SELECT', r.bareRounds)}
${row('API (start → job → progress)', r.apiRounds)}

API / bare: **${r.ratio.toFixed(2)}** (goal ≤ ${GOAL_RATIO}) — ${r.ratio <= GOAL_RATIO ? 'met' : 'NOT met'}.
`;
}
