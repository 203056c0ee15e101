// Benchmark of the 诊改对象 list (issue 32), called from run.mjs against the built app and its fresh bench database:
//   1. 15,000 objects made by SQL (generate_series): 20 majors over the departments, 200 courses under them, 300
//      teachers and 14,480 students (people of those kinds) under the majors;
//   2. the list (GET /api/herm-sjgl/diagnosisObjects/list) as the administrator, 20 requests at once, 400 each, four
//      ways the page asks it: every level (pages 1–10), students searched by account, one department's courses, one
//      major's courses and students: median and p99 (goal of issue 32: p99 < 200 ms).
// Every loop is bounded in count.
import os from 'node:os';
import pg from 'pg';
import { signedInClient } from './api-client.mjs';
import { OBJECTS_HEADING } from './sections.mjs';
import { load } from './request-load.mjs';

const MAJORS = 20;
const COURSES = 200;
const TEACHERS = 300;
const STUDENTS = 15_000 - MAJORS - COURSES - TEACHERS;
const CONCURRENCY = 20;
const REQUESTS = 400;
const SEQUENTIAL = 100;
const GOAL_P99_MS = 200;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p99 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)];
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

export async function build(db) {
  await db.query('BEGIN');
  const { rows: departments } = await db.query(`SELECT id FROM department ORDER BY id`);
  const depts = departments.map((d) => d.id);
  await db.query(
    `INSERT INTO diagnosis_object (id, level, code, name, department_id, responsible_id)
     SELECT 'bo-m-' || n, 'major', 'BM' || lpad(n::text, 3, '0'), '基准专业' || n, ($2::text[])[n % array_length($2::text[], 1) + 1], 'u-owner'
     FROM generate_series(1, $1::int) n`,
    [MAJORS, depts],
  );
  await db.query(
    `INSERT INTO diagnosis_object (id, level, code, name, department_id, upper_id)
     SELECT 'bo-c-' || n, 'course', 'BC' || lpad(n::text, 4, '0'), '基准课程' || n, m.department_id, m.id
     FROM generate_series(1, $1::int) n JOIN diagnosis_object m ON m.id = 'bo-m-' || (n % $2::int + 1)`,
    [COURSES, MAJORS],
  );
  await db.query(
    `INSERT INTO app_user (id, account, name, password_hash, org_id, person_kind)
     SELECT 'bo-u-' || k || n, 'bo' || k || lpad(n::text, 5, '0'), CASE k WHEN 't' THEN '基准教师' ELSE '基准学生' END || n, 'no-login',
            ($3::text[])[n % array_length($3::text[], 1) + 1], CASE k WHEN 't' THEN 'teacher' ELSE 'student' END
     FROM (SELECT 't' AS k, generate_series(1, $1::int) AS n UNION ALL SELECT 's', generate_series(1, $2::int)) p`,
    [TEACHERS, STUDENTS, depts],
  );
  await db.query(
    `INSERT INTO diagnosis_object (level, code, name, department_id, user_id)
     SELECT 'teacher', u.account, u.name, u.org_id, u.id FROM app_user u WHERE u.id LIKE 'bo-u-t%'`,
  );
  await db.query(
    `INSERT INTO diagnosis_object (level, code, name, department_id, upper_id, user_id, class_name, grade)
     SELECT 'student', u.account, u.name, m.department_id, m.id, u.id, '基准' || (substr(u.id, 7)::int % 40 + 1) || '班', (2023 + substr(u.id, 7)::int % 3)::text
     FROM app_user u JOIN diagnosis_object m ON m.id = 'bo-m-' || (substr(u.id, 7)::int % $1::int + 1) WHERE u.id LIKE 'bo-u-s%'`,
    [MAJORS],
  );
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE diagnosis_object, app_user');
  const { rows } = await db.query(`SELECT count(*)::int AS objects, count(*) FILTER (WHERE level = 'student')::int AS students FROM diagnosis_object`);
  const { rows: [busiest] } = await db.query(
    `SELECT department_id AS id, count(*)::int AS n FROM diagnosis_object WHERE level = 'course' GROUP BY department_id ORDER BY n DESC LIMIT 1`,
  );
  return { ...rows[0], department: busiest.id };
}

export async function benchObjects({ port, csrfSecret, databaseUrl, log }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let admin = null;
  const loadBefore = os.loadavg()[0];
  try {
    let started = performance.now();
    const built = await build(db);
    const buildMs = performance.now() - started;
    log(`built ${built.objects.toLocaleString('en')} objects (${built.students.toLocaleString('en')} students) in ${ms(buildMs)}`);
    admin = await signedInClient(port, csrfSecret, 'admin', 'Admin2026', CONCURRENCY);
    const base = '/api/herm-sjgl/diagnosisObjects/list';
    const lists = [];
    for (const [label, pathOf] of [
      ['every level, pages 1–10', (k) => `${base}?pageNum=${(k % 10) + 1}&pageSize=10`],
      ['students, searched by account', (k) => `${base}?level=student&keyword=${encodeURIComponent(`bos${String((k * 37) % 14480 + 1).padStart(5, '0').slice(0, 4)}`)}&pageSize=10`],
      ["one department's courses", () => `${base}?level=course&departmentId=${encodeURIComponent(built.department)}&pageSize=10`],
      ["one major's courses and students, pages 1–10", (k) => `${base}?upperId=bo-m-${(k % 20) + 1}&pageNum=${(k % 10) + 1}&pageSize=10`],
    ]) {
      await load(admin, pathOf, 100, CONCURRENCY); // warm-up: the app's first requests of a route compile its code
      started = performance.now();
      const { times, total } = await load(admin, pathOf, REQUESTS, CONCURRENCY);
      const wallMs = performance.now() - started;
      const alone = (await load(admin, pathOf, SEQUENTIAL, 1)).times;
      const result = { label, total, median: median(times), p99: p99(times), max: Math.max(...times), rps: (REQUESTS / wallMs) * 1000, alone: median(alone) };
      lists.push(result);
      log(`${label}: ${total.toLocaleString('en')} rows, median ${ms(result.median)}, p99 ${ms(result.p99)}, ${result.rps.toFixed(0)} requests/s; alone ${ms(result.alone)}`);
    }
    return { built, buildMs, lists, load: [loadBefore, os.loadavg()[0]] };
  } finally {
    admin?.close();
    await db.end().catch(() => undefined);
  }
}

export function objectsSection(r, machine) {
  const rows = r.lists.map((l) => `| ${l.label} | ${l.total.toLocaleString('en')} | ${ms(l.median)} | ${ms(l.p99)} | ${ms(l.max)} | ${l.rps.toFixed(0)} | ${ms(l.alone)} | ${l.p99 < GOAL_P99_MS ? 'met' : 'missed'} |`);
  return [
    OBJECTS_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- objects\` (test/bench/objects.mjs). ` +
      `${r.built.objects.toLocaleString('en')} diagnosis objects (${MAJORS} majors, ${COURSES} courses, ${TEACHERS} teachers, ${r.built.students.toLocaleString('en')} students) built by SQL in ${ms(r.buildMs)}; ` +
      `GET /api/herm-sjgl/diagnosisObjects/list as the administrator, ${CONCURRENCY} requests at once, ${REQUESTS} each after a warm-up of 100, then ${SEQUENTIAL} one at a time ("alone"). Goal (issue 32): p99 < ${GOAL_P99_MS} ms.`,
    `Machine: ${machine.nproc} × ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}; load average ${r.load[0].toFixed(1)} before, ${r.load[1].toFixed(1)} after (other work on the machine counts in the figures).`,
    '',
    '| list | rows | median | p99 | max | requests/s | alone | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n');
}
