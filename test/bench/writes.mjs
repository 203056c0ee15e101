// Writes under load (issue 17), called from run.mjs against the built app and its fresh bench database: four writes
// a deadline day is made of, each with autocannon, 20 connections for WRITES_SECONDS (15) s, signed in, the csrf
// parameters of 000 §7 fresh on every request:
//   - dispose a warning (POST warningflow/dispose), as the task's owner;
//   - save a cause analysis (POST disqualified/update), as the task's owner;
//   - report progress of a target task (POST targetTask/move, action report), as the task's owner;
//   - commit a fill task with a row (POST herm-sjgl/fillTasks/commit), as the filler (the administrator).
// Every request is a distinct, valid write: each takes the next item of a pool put in by SQL beforehand (a warning,
// a point's row, a task, a fill task), so none is refused for being a repeat. The outcome of every item is kept (a
// success answer, a refusal, or no answer: a timeout or still in flight when the run stopped), then the database
// is read item by item: every success written once, no refusal written, nothing written twice. Goals: p99 < 500 ms,
// 0 errors, no lost or duplicated write. Every loop is bounded in count and time.
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { ApiClient } from './api-client.mjs';
import { WRITES_HEADING } from './sections.mjs';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.WRITES_SECONDS ?? 15);
/** Items a pool: more than 20 connections can write in the time (a pool used up shows as errors, not as retries). */
const POOL = 40_000;
const GOAL_P99_MS = 500;
const OWNER = 'u-owner'; // 陈静 (rwfzr)
/** The cause-analysis pool: POOL rows in tasks of TASK_POINTS points (a save scores its task from all its rows). */
const TASK_POINTS = 100;
const TASKS = POOL / TASK_POINTS;
// when the task warning scan starts in the progress-report run
const SCAN_AFTER_MS = 3_000;
const ADMIN = 'u-admin';
const SJGL = '/api/herm-sjgl';
const ZNFX = '/api/herm-znfx';

function csrfPath(route, secret) {
  const ts = String(Date.now());
  const token = createHash('md5').update(ts + secret).digest('hex');
  return `${route}${route.includes('?') ? '&' : '?'}_t=${ts}&csrfTimestamp=${ts}&csrfToken=${token}`;
}

/**
 * The pools, set-based: POOL rows in tasks of 陈静's with a warning each, POOL target tasks of hers in execution. The
 * points have no rule and no sampling period, so the app's own scan (a minute after start) passes them by.
 */
async function seed(db) {
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
     VALUES ('bench-wr-lib', '写入基准库', 'c-year', '2026', 'school', 'dim-zlsc', 1, 'u-publisher')`,
  );
  await db.query(
    `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, warning_rule, sort_order)
     SELECT 'bench-wr-p' || n, 'bench-wr-lib', 'BWR-' || lpad(n::text, 6, '0'), '写入点' || n, '80', '90', 'float', '{"direction": "higher", "b": 0.9, "c": 0.8}',
            'none', NULL, n
     FROM generate_series(0, $1::int - 1) n`,
    [TASK_POINTS],
  );
  await db.query(
    `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
     SELECT 'bench-wr-task' || j, 'bench-wr-lib', '写入基准任务' || j, 'school', 'bench-wr' || j, '基准学校' || j, '2026', 'd-xxgc', $2, 'u-auditor'
     FROM generate_series(0, $1::int - 1) j`,
    [TASKS, OWNER],
  );
  // Row n: task n % TASKS, point n / TASKS, so consecutive requests save rows of different tasks.
  await db.query(
    `INSERT INTO quality_result (id, obj_task_id, point_id, jgz)
     SELECT 'bench-wr-r' || n, 'bench-wr-task' || (n % $1::int), 'bench-wr-p' || (n / $1::int), '50' FROM generate_series(0, $2::int - 1) n`,
    [TASKS, POOL],
  );
  await db.query(
    `INSERT INTO warning_flow (id, result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx)
     SELECT 'bench-wr-w' || n, 'bench-wr-r' || n, '2026-11', now(), 'value', '<', '80', '50', 'float' FROM generate_series(0, $1::int - 1) n`,
    [POOL],
  );
  await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id, publish_department_id) VALUES ('bench-wr-yt', '写入基准年度目标', '2026', 'u-publisher', 'd-zlb')`);
  await db.query(
    `INSERT INTO target_task (id, year_target_id, parent_id, rwmc, rwlx, rwnf, kssj, jssj, publish_department_id, charge_department_id,
                              owner_id, auditor_id, creator_id, target_value, target_unit, rwjd, task_state, audit_state)
     SELECT 'bench-wr-t' || n, 'bench-wr-yt', NULL, '写入基准任务' || n, 'A', '2026', date '2026-01-01', date '2027-06-30', 'd-zlb', 'd-xxgc',
            $2, 'u-auditor', 'u-publisher', 100, '项', 'executeing', 'normal', 1
     FROM generate_series(0, $1::int - 1) n`,
    [POOL, OWNER],
  );
  await db.query('COMMIT');
}

/** POOL fill tasks of the administrator on one published form: one task through the API, the others its copies by SQL. */
async function seedFills(api, db) {
  const call = async (method, path, body) => {
    const res = await api.json(method, `${SJGL}/${path}`, body);
    if (!res.meta?.success) throw new Error(`${path}: HTTP ${res.status} ${res.meta?.message}`);
    return res.data;
  };
  const field = { key: 'name', label: '名称', component: 'text', validations: { require: true, unique: false, custom: null }, maxLength: null, constantTypeId: null, placeholder: null, width: null };
  const directory = await call('POST', 'formDirectorys/add', { name: '写入基准目录' });
  const form = await call('POST', 'forms/add', { directoryId: directory.id, name: '写入基准表', code: 'bench_writes', formType: 'floating' });
  await call('POST', 'forms/update', { id: form.id, directoryId: directory.id, name: '写入基准表', code: 'bench_writes', formType: 'floating', description: null, fields: [field], fixedRows: [] });
  await call('POST', 'forms/publish', { id: form.id });
  const task = await call('POST', 'tasks/add', { name: '写入基准采集', cycle: '2026', deadline: '2099-12-31', description: null, formIds: [form.id] });
  await call('POST', 'taskAllocations/add', { taskId: task.id, formId: form.id, userIds: [ADMIN], auditorId: ADMIN });
  await call('POST', 'tasks/publish', { id: task.id });
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO dc_task (id, name, cycle, deadline, description, publish_state, created_by, published_at)
     SELECT 'bench-wr-ct' || n, t.name, t.cycle, t.deadline, t.description, t.publish_state, t.created_by, t.published_at
     FROM dc_task t, generate_series(0, $2::int - 1) n WHERE t.id = $1`,
    [task.id, POOL],
  );
  await db.query(
    `INSERT INTO dc_task_form (task_id, form_id, version, sort_order)
     SELECT 'bench-wr-ct' || n, f.form_id, f.version, f.sort_order FROM dc_task_form f, generate_series(0, $2::int - 1) n WHERE f.task_id = $1`,
    [task.id, POOL],
  );
  await db.query(
    `INSERT INTO dc_allocation (id, task_id, form_id, user_id, auditor_id)
     SELECT 'bench-wr-ca' || n, 'bench-wr-ct' || n, a.form_id, a.user_id, a.auditor_id FROM dc_allocation a, generate_series(0, $2::int - 1) n WHERE a.task_id = $1`,
    [task.id, POOL],
  );
  await db.query(
    `INSERT INTO dc_fill_task (id, allocation_id, task_id, form_id, version, state)
     SELECT 'bench-wr-f' || n, 'bench-wr-ca' || n, 'bench-wr-ct' || n, f.form_id, f.version, 'uncommitted' FROM dc_fill_task f, generate_series(0, $2::int - 1) n WHERE f.task_id = $1`,
    [task.id, POOL],
  );
  await db.query('COMMIT');
}

/**
 * One autocannon run of POSTs to `route`, the body of request i made by `bodyOf(i)`: a 2xx whose envelope says
 * success counts as a success; anything else (non-2xx, success false, socket errors, timeouts) as an error.
 */
async function cannon({ port, route, cookie, secret, bodyOf }) {
  let next = 0;
  let refused = 0;
  let sample = null;
  /** item → true (success answer) or false (any other answer); items sent and not here had no answer. */
  const answers = new Map();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    headers: { cookie, 'content-type': 'application/json' },
    requests: [{
      method: 'POST',
      // context is the connection's; one request at a time on it, so its answer is for the item set up last
      setupRequest: (req, context) => {
        context.item = next++;
        return { ...req, path: csrfPath(route, secret), body: JSON.stringify(bodyOf(context.item % POOL)) };
      },
      onResponse: (status, body, context) => {
        const ok = status >= 200 && status < 300 && body.includes('"success":true');
        answers.set(context.item, ok);
        if (status >= 200 && status < 300 && !ok) refused += 1;
        if (!ok && !sample) sample = `HTTP ${status} ${body.slice(0, 300)}`;
      },
    }],
  });
  const succeeded = [...answers.values()].filter(Boolean).length;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    sent: next,
    succeeded,
    answers,
    errors: result.errors + result.timeouts + result.non2xx + refused,
    breakdown: { socket: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, refused, sample },
    exhausted: next > POOL,
  };
}

/**
 * Compares the answers with what the database holds, item by item. `written` maps an item to how many rows carry
 * its own request's text. Lost: a success not written; wrong: a refusal written; twice: more than one row.
 */
function check(answers, sent, written) {
  let lost = 0;
  let wrong = 0;
  let unanswered = 0;
  let unansweredWritten = 0;
  for (let i = 0; i < Math.min(sent, POOL); i++) {
    const ok = answers.get(i);
    const rows = written.get(i) ?? 0;
    if (ok === true && rows === 0) lost += 1;
    if (ok === false && rows > 0) wrong += 1;
    if (ok === undefined) {
      unanswered += 1;
      if (rows > 0) unansweredWritten += 1;
    }
  }
  const twice = [...written.values()].filter((n) => n > 1).length;
  const outside = [...written.keys()].filter((i) => i >= sent).length;
  return { lost, wrong, twice, outside, unanswered, unansweredWritten, writtenItems: written.size };
}

export async function benchWrites({ port, csrfSecret, databaseUrl, log }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const admin = new ApiClient(port, csrfSecret);
  const owner = new ApiClient(port, csrfSecret);
  const loadBefore = os.loadavg()[0];
  try {
    await admin.login('admin', 'Admin2026');
    await owner.login('rwfzr', 'Demo2026');
    let started = performance.now();
    await seed(db);
    await seedFills(admin, db);
    await db.query('VACUUM ANALYZE warning_flow, quality_result, quality_point, target_task, progress_report, dc_task, dc_task_form, dc_allocation, dc_fill_task');
    log(`writes: pools of ${POOL.toLocaleString('en')} warnings, rows, target tasks and fill tasks in ${(performance.now() - started).toFixed(0)} ms; ${CONNECTIONS} connections × ${SECONDS} s a write`);
    // The task warning scan runs in the middle of the progress reports (a scheduled scan on a deadline day): it opens
    // tens of thousands of warnings over the pool's tasks, whose rows it key-share locks until its statement ends.
    const taskScan = {};
    const scanAlongside = async () => {
      await new Promise((r) => setTimeout(r, SCAN_AFTER_MS));
      const began = performance.now();
      const scanned = await admin.json('POST', `${ZNFX}/targetTask/warningScan`);
      if (!scanned.meta?.success) throw new Error(`targetTask/warningScan: HTTP ${scanned.status} ${scanned.meta?.message}`);
      Object.assign(taskScan, scanned.data, { ms: Math.round(performance.now() - began) });
      log(`writes: the task warning scan during the progress reports ${JSON.stringify(taskScan)}`);
    };

    /** item number → rows carrying its text, from a query answering (item, rows). */
    const itemsOf = async (sql) => new Map((await db.query(sql)).rows.map((r) => [r.item, r.rows]));
    const WRITES = [
      {
        name: 'dispose a warning', route: `${ZNFX}/warningflow/dispose`, client: owner,
        bodyOf: (i) => ({ id: `bench-wr-w${i}`, yyfx: `写入原因${i}`, clcs: `写入措施${i}` }),
        // a disposed warning has its time and its own request's texts
        written: () => itemsOf(`SELECT substr(id, 11)::int AS item, 1 AS rows FROM warning_flow
                                WHERE id LIKE 'bench-wr-w%' AND clsj IS NOT NULL AND yyfx = '写入原因' || substr(id, 11) AND clcs = '写入措施' || substr(id, 11)`),
      },
      {
        name: 'save a cause analysis', route: `${ZNFX}/disqualified/update`, client: owner,
        bodyOf: (i) => ({ id: `bench-wr-p${Math.floor(i / TASKS)}`, gzdxid: `bench-wr-task${i % TASKS}`, yyfx: `原因分析${i}`, gjcs: `改进措施${i}` }),
        written: () => itemsOf(`SELECT substr(id, 11)::int AS item, 1 AS rows FROM quality_result
                                WHERE id LIKE 'bench-wr-r%' AND yyfx = '原因分析' || substr(id, 11) AND gjcs = '改进措施' || substr(id, 11)`),
      },
      {
        name: 'report progress of a task', route: `${ZNFX}/targetTask/move`, client: owner, alongside: scanAlongside,
        bodyOf: (i) => ({ id: `bench-wr-t${i}`, action: 'report', reportType: 'process', content: `进度${i}`, valueReached: 10 + (i % 80) }),
        // reports of a pool task (any text): more than one would be a write applied twice
        written: () => itemsOf(`SELECT substr(task_id, 11)::int AS item, count(*)::int AS rows FROM progress_report
                                WHERE task_id LIKE 'bench-wr-t%' AND content = '进度' || substr(task_id, 11) GROUP BY task_id`),
      },
      {
        name: 'commit a fill task', route: `${SJGL}/fillTasks/commit`, client: admin,
        bodyOf: (i) => ({ id: `bench-wr-f${i}`, rows: [{ values: { name: `填报${i}` } }] }),
        // a committed fill and its rows: its own request's row, once
        written: () => itemsOf(`SELECT substr(f.id, 11)::int AS item, count(r.id)::int AS rows FROM dc_fill_task f
                                JOIN dc_row r ON r.fill_task_id = f.id AND r.values->>'name' = '填报' || substr(f.id, 11)
                                WHERE f.id LIKE 'bench-wr-f%' AND f.state = 'unaudited' GROUP BY f.id`),
      },
    ];
    const rows = [];
    for (const w of WRITES) {
      const beside = w.alongside?.();
      const r = await cannon({ port, route: w.route, cookie: w.client.cookie, secret: csrfSecret, bodyOf: w.bodyOf });
      await beside;
      const c = check(r.answers, r.sent, await w.written());
      const { answers: _kept, ...result } = r;
      rows.push({ name: w.name, route: w.route, ...result, check: c });
      log(`${w.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.succeeded} succeeded, ${c.writtenItems} written, ${r.errors} errors${r.errors ? ` ${JSON.stringify(r.breakdown)}` : ''}${r.exhausted ? ' (pool used up)' : ''}; check ${JSON.stringify(c)}`);
    }
    return { rows, taskScan, load: [loadBefore, os.loadavg()[0]] };
  } finally {
    admin.close();
    owner.close();
    await db.end();
  }
}

export function writesSection(r, machine) {
  const yes = (met) => (met ? 'yes' : '**no**');
  const row = (...cells) => `| ${cells.join(' | ')} |`;
  const exact = (c) => c.lost === 0 && c.wrong === 0 && c.twice === 0 && c.outside === 0;
  const all = r.rows.every((w) => w.p99 < GOAL_P99_MS && w.errors === 0 && exact(w.check) && !w.exhausted);
  return [
    WRITES_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- writes\` (test/bench/writes.mjs, autocannon): ${CONNECTIONS} connections for ${SECONDS} s a write,`,
    `signed in, fresh csrf parameters on every request, each request a distinct valid write (the next of a pool of ${POOL.toLocaleString('en')} put in by SQL),`,
    `then the database counted. Machine: ${machine.nproc} CPUs, ${machine.cpu}, Node ${machine.node}; load average ${r.load[0].toFixed(1)} when it began and`,
    `${r.load[1].toFixed(1)} when it ended. Goals (issue 17): p99 < ${GOAL_P99_MS} ms, no error, no lost or duplicated write.`,
    '',
    row('write', 'route', 'req/s', 'p50', 'p99', 'errors', 'success answers', 'items written', 'lost / refused but written / twice', 'no answer (written)', 'p99 met', 'no lost or duplicated write'),
    row('---', '---', '---', '---', '---', '---', '---', '---', '---', '---', '---', '---'),
    ...r.rows.map((w) => row(w.name, `\`POST ${w.route}\``, Math.round(w.rps), `${w.p50} ms`, `${w.p99} ms`, w.errors + (w.exhausted ? ' (pool used up)' : ''), w.succeeded, w.check.writtenItems,
      `${w.check.lost} / ${w.check.wrong} / ${w.check.twice}`, `${w.check.unanswered} (${w.check.unansweredWritten})`, yes(w.p99 < GOAL_P99_MS), yes(exact(w.check)))),
    '',
    `- ${all ? 'Every goal is met.' : '**Not every goal is met** (see the table).'}`,
    '- Checked item by item: an item is written when its row carries its own request\'s text (a disposed warning with its cause and',
    '  measure, a quality row with its analysis, a progress report with its content, a committed fill with its row). Every success',
    '  answer must be written, no refused item may be, and none twice. "No answer" are requests still in flight when the run',
    '  stopped, timed out, or set up by autocannon and never sent (its first one a connection): either outcome is right for them.',
    `- The task warning scan runs ${SCAN_AFTER_MS / 1000} s into the progress reports (${JSON.stringify(r.taskScan)}), as a scheduled scan would on a`,
    '  deadline day. Until the fix of 2026-11-24 such a run answered 13–33 calls with 503 (no pool connection free within 5 s) and p99 up',
    '  to 5 s: a move read the person on the pool while holding its transaction\'s connection, and when the scan slowed every',
    '  commit, all 20 connections were held by moves each waiting for a second one. The move now reads the person first,',
    '  a fill reads its form through its transaction (test/e2e/one-connection.e2e-spec.ts runs these writes on a pool of one',
    '  connection), and a move locks its task FOR NO KEY UPDATE, which does not wait for the key-share locks the scan\'s new',
    '  warnings hold on their tasks until its statement ends.',
    `- The cause-analysis pool is ${TASKS} tasks of ${TASK_POINTS} points. A save reads its own row and writes the row and the task's`,
    '  score (from the rows as stored) under the task\'s lock; until 2026-11-24 it read the task\'s whole table, 133 saves a',
    '  second with p99 246 ms here, and a task of 20,000 points 2 a second.',
    '',
  ].join('\n');
}
