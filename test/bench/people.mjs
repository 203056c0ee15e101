// Benchmark of 数据管理's people (issue 32), called from run.mjs against the built app and its fresh bench database:
//  - the people import: a generated sheet of PEOPLE people (300 teachers, 200 staff, the rest students of 20 majors,
//    in the demo departments) uploaded to POST /api/user/users/import while GET /api/health is called every
//    HEALTH_EVERY_MS on its own socket (goal: the import under 30 s, /api/health p99 under 100 ms meanwhile); then the
//    same file again (nothing to write: every row unchanged);
//  - 用户管理's list (GET /api/user/users/common) with those people: REQUESTS requests, CONCURRENCY at once, pages,
//    name or account searches and person types drawn from a fixed stream (goal p99 under 200 ms).
// Every loop is bounded in count.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { signedInClient } from './api-client.mjs';
import { PEOPLE_HEADING } from './sections.mjs';
import { load } from './request-load.mjs';

const PEOPLE = 15_000;
const TEACHERS = 300;
const STAFF = 200;
const MAJORS = 20;
const HEALTH_EVERY_MS = 20;
const CONCURRENCY = 20;
const REQUESTS = 400;
const WARM_UP = 100;
const GOAL_IMPORT_MS = 30_000;
const GOAL_HEALTH_P99_MS = 100;
const GOAL_LIST_P99_MS = 200;
const COLUMNS = ['账号', '姓名', '部门', '人员类型', '角色', 'CAS账号', '手机', '邮箱', '专业代码', '班级', '年级'];
const DEPARTMENTS = ['信息工程学院', '机电工程学院', '经济管理学院'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂';

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const quantile = (xs, q) => sorted(xs)[Math.min(xs.length - 1, Math.max(0, Math.ceil(xs.length * q) - 1))];
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

/** A small seeded stream (mulberry32), so every run asks the same things. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nameOf = (i) => `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${GIVEN[Math.floor(i / 400) % GIVEN.length]}`;

/** The generated sheet: teachers, staff, then students; accounts B…, names from a fixed list. */
async function peopleSheet() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('人员');
  sheet.addRow(COLUMNS);
  for (let i = 0; i < PEOPLE; i++) {
    const department = DEPARTMENTS[i % DEPARTMENTS.length];
    if (i < TEACHERS) sheet.addRow([`BT${String(i).padStart(5, '0')}`, nameOf(i), department, '教师', '目标任务负责人', '', `138${String(i).padStart(8, '0')}`, `t${i}@bench.example.edu.cn`, '', '', '']);
    else if (i < TEACHERS + STAFF) sheet.addRow([`BW${String(i).padStart(5, '0')}`, nameOf(i), department, '教职工', '', '', '', '', '', '', '']);
    else {
      const major = (i % MAJORS) + 1;
      sheet.addRow([`BS${String(i).padStart(5, '0')}`, nameOf(i), department, '学生', '', '', '', '', `BENCH-M${String(major).padStart(2, '0')}`, `${major}班`, String(2023 + (i % 3))]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST users/import with the file as multipart, on the client's session. */
async function importFile(api, bytes) {
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="casOnly"\r\n\r\nfalse\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const body = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const started = performance.now();
  const res = await api.request('POST', '/api/user/users/import', { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } });
  const took = performance.now() - started;
  const answer = JSON.parse(res.body.toString('utf8'));
  if (!answer.meta?.success) throw new Error(`users/import: ${JSON.stringify(answer.meta)} ${JSON.stringify(answer.data?.problems?.slice(0, 5))}`);
  return { took, answer: answer.data };
}

/** GET /api/health every HEALTH_EVERY_MS on its own socket until stopped: each call's time. */
function pollHealth(port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  let running = true;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => {
          times.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => resolve());
    });
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await one();
      const rest = HEALTH_EVERY_MS - (performance.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      agent.destroy();
      return times;
    },
  };
}

/** The list queries a 用户管理 page asks: a page of everyone, a search by part of a name or account, a person type, a department. */
function listQueries(random, departments, count) {
  return Array.from({ length: count }, (_, k) => {
    const kind = k % 4;
    if (kind === 0) return `pageNum=${1 + Math.floor(random() * 1500)}&pageSize=10`;
    if (kind === 1) return `pageNum=1&pageSize=10&userName=${encodeURIComponent(random() < 0.5 ? nameOf(Math.floor(random() * PEOPLE)).slice(0, 2) : `bs${Math.floor(random() * 150)}`)}`;
    if (kind === 2) return `pageNum=${1 + Math.floor(random() * 50)}&pageSize=10&personKind=${['staff', 'teacher', 'student'][Math.floor(random() * 3)]}`;
    return `pageNum=${1 + Math.floor(random() * 20)}&pageSize=10&orgId=${encodeURIComponent(departments[Math.floor(random() * departments.length)])}`;
  });
}

export async function benchPeople({ port, csrfSecret, databaseUrl, log }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const clients = [];
  try {
    const loadBefore = os.loadavg()[0];
    // the majors the students name (issue 32's diagnosis objects; the demo may have its own)
    await db.query(
      `INSERT INTO diagnosis_object (level, code, name, department_id)
       SELECT 'major', 'BENCH-M' || lpad(n::text, 2, '0'), '基准专业' || n, (SELECT id FROM department WHERE name = '机电工程学院' LIMIT 1)
       FROM generate_series(1, ${MAJORS}) n ON CONFLICT DO NOTHING`,
    );
    const bytes = await peopleSheet();
    log(`people sheet: ${PEOPLE.toLocaleString('en')} rows, ${(bytes.length / 1024).toFixed(0)} KB`);
    const admin = await signedInClient(port, csrfSecret, 'admin', 'Admin2026', CONCURRENCY);
    clients.push(admin);

    const health = pollHealth(port);
    const first = await importFile(admin, bytes);
    const healthTimes = await health.stop();
    log(`import: ${(first.took / 1000).toFixed(2)} s, ${JSON.stringify({ ...first.answer, initialPassword: first.answer.initialPassword ? '(given)' : null })}; /api/health during it: ${healthTimes.length} calls, median ${ms(median(healthTimes))}, p99 ${ms(quantile(healthTimes, 0.99))}, max ${ms(Math.max(...healthTimes))}`);
    const health2 = pollHealth(port);
    const again = await importFile(admin, bytes);
    const healthTimes2 = await health2.stop();
    log(`the same file again: ${(again.took / 1000).toFixed(2)} s, ${JSON.stringify(again.answer)}; /api/health p99 ${ms(quantile(healthTimes2, 0.99))}`);

    await db.query('VACUUM ANALYZE app_user, user_role, diagnosis_object');
    const people = Number((await db.query(`SELECT count(*) AS c FROM app_user`)).rows[0].c);
    const departments = (await db.query(`SELECT id FROM department WHERE name = ANY($1)`, [DEPARTMENTS])).rows.map((r) => r.id);
    const random = seeded(0x9e0e1e);
    const warm = listQueries(random, departments, WARM_UP);
    await load(admin, (k) => `/api/user/users/common?${warm[k]}`, WARM_UP, CONCURRENCY);
    const queries = listQueries(random, departments, REQUESTS);
    const list = await load(admin, (k) => `/api/user/users/common?${queries[k]}`, REQUESTS, CONCURRENCY);
    log(`users/common with ${people.toLocaleString('en')} people: median ${ms(median(list.times))}, p95 ${ms(quantile(list.times, 0.95))}, p99 ${ms(quantile(list.times, 0.99))}, ${list.rps.toFixed(0)} req/s`);
    return { first, again, healthTimes, healthTimes2, list, people, bytes: bytes.length, loadBefore, load: os.loadavg()[0] };
  } finally {
    for (const c of clients) c.close();
    await db.end();
  }
}

export function peopleSection(r, machine) {
  const row = (...cells) => `| ${cells.join(' | ')} |`;
  const verdict = (ok) => (ok ? '(met)' : '(**not met**)');
  const hp99 = quantile(r.healthTimes, 0.99);
  const lp99 = quantile(r.list.times, 0.99);
  return [
    PEOPLE_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- people\` (test/bench/people.mjs): the built app through its HTTP API, on`,
    `${machine.nproc} CPUs (${machine.cpu}), Node ${machine.node}. A generated sheet of ${PEOPLE.toLocaleString('en')} people (${TEACHERS} teachers, ${STAFF} staff, the rest`,
    `students of ${MAJORS} majors; ${(r.bytes / 1024).toFixed(0)} KB) imported by the administrator while \`/api/health\` is called every ${HEALTH_EVERY_MS} ms on its own socket;`,
    `then 用户管理's list with ${r.people.toLocaleString('en')} people: ${REQUESTS} requests, ${CONCURRENCY} at once (pages, searches by part of a name or account,`,
    `person types, departments, from a fixed seed). Load average ${r.loadBefore.toFixed(1)} before and ${r.load.toFixed(1)} at the end${r.loadBefore > machine.nproc ? ' (other work was running on the machine)' : ''}.`,
    '',
    row('what', 'time', 'goal'),
    row('---', '---', '---'),
    row(`import of ${PEOPLE.toLocaleString('en')} people (${r.first.answer.created} created, one initial password hashed once)`, `**${(r.first.took / 1000).toFixed(2)} s**`, `< ${GOAL_IMPORT_MS / 1000} s ${verdict(r.first.took < GOAL_IMPORT_MS)}`),
    row('`/api/health` during the import', `median ${ms(median(r.healthTimes))}, **p99 ${ms(hp99)}**, max ${ms(Math.max(...r.healthTimes))} (${r.healthTimes.length} calls)`, `p99 < ${GOAL_HEALTH_P99_MS} ms ${verdict(hp99 < GOAL_HEALTH_P99_MS)}`),
    row(`the same file again (${r.again.answer.unchanged} unchanged, nothing written)`, `${(r.again.took / 1000).toFixed(2)} s; \`/api/health\` p99 ${ms(quantile(r.healthTimes2, 0.99))}`, ''),
    row(`\`users/common\`, ${CONCURRENCY} at once`, `median ${ms(median(r.list.times))}, p95 ${ms(quantile(r.list.times, 0.95))}, **p99 ${ms(lp99)}**, ${r.list.rps.toFixed(0)} req/s`, `p99 < ${GOAL_LIST_P99_MS} ms ${verdict(lp99 < GOAL_LIST_P99_MS)}`),
    '',
    '- The sheet is read in the sheet reader\'s worker thread (infrastructure/excel), the rows checked in one pass, and the',
    '  writes are one statement each over unnest()ed arrays in one transaction; the one initial password is hashed once.',
  ].join('\n');
}
