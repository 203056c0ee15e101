// Benchmark of data collection (issue 15), called from run.mjs against the built app and its fresh bench database:
//   1. committing a 5,000-row floating form through the API (POST /api/herm-sjgl/fillTasks/commit with the rows: save
//      and commit in one transaction, every rule checked on the server): a form with text, phone, integer, float,
//      email, date, a select and a unique text field, designed and published through the API; a fresh fill task each
//      round (a task of its own, allocated to the administrator). Goal: median < 2 s.
//   2. the unique check over 100,000 rows: a task whose other fills (12 departments) hold 100,000 rows put in by SQL,
//      then datas/uniqueCheck with 5,000 values (500 of them already filled elsewhere), and the same 5,000-row commit
//      into that task (its unique step reads the 100,000 rows); the commit refused for one duplicate is timed too.
// Medians of ROUNDS rounds after a warm-up. Every loop is bounded in count.
import os from 'node:os';
import pg from 'pg';
import { ApiClient } from './api-client.mjs';
import { COLLECTION_HEADING } from './sections.mjs';

const BASE = '/api/herm-sjgl';
const ROWS = 5_000;
const OTHER_ROWS = 100_000;
const CHECK_VALUES = 5_000;
const CHECK_TAKEN = 500;
const ROUNDS = 5;
const GOAL_MS = 2_000;
const CYCLE = '2031';
const ADMIN = 'u-admin';
const LEVELS = ['优秀', '良好', '中等', '及格', '不及格'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

/** The form of the benchmark: every kind of check the commit runs. */
function fieldsOf(levelTypeId) {
  const f = (key, label, component, validations = {}, more = {}) => ({
    key, label, component, validations: { require: false, unique: false, custom: null, ...validations },
    maxLength: null, constantTypeId: null, placeholder: null, width: null, ...more,
  });
  return [
    f('student_no', '学号', 'text', { require: true, unique: true, custom: { pattern: '^S\\d{2}-\\d{6}$', message: '学号格式不正确' } }),
    f('name', '姓名', 'text', { require: true }),
    f('mobile', '手机号码', 'phone', { require: true }),
    f('credits', '学分', 'integer', { require: true }),
    f('score', '平均成绩', 'float'),
    f('email', '邮箱', 'email'),
    f('enrolled', '入学日期', 'date', { require: true }),
    f('level', '等级', 'select', { require: true }, { constantTypeId: levelTypeId }),
  ];
}

/** Row i of a round: valid in every field; student numbers carry the round so each commit's values are new. */
function rowsOf(round, count = ROWS) {
  return Array.from({ length: count }, (_, i) => ({
    values: {
      student_no: `S${String(round).padStart(2, '0')}-${String(i).padStart(6, '0')}`,
      name: `基准学生${i}`,
      mobile: i % 10 === 0 ? `+86139${String(i).padStart(8, '0')}` : `138${String(i).padStart(8, '0')}`,
      credits: String(i % 160),
      score: `${60 + (i % 40)}.${i % 10}`,
      email: i % 3 === 0 ? null : `s${i}@bench.edu.cn`,
      enrolled: `20${20 + (i % 6)}-09-${String(1 + (i % 28)).padStart(2, '0')}`,
      level: LEVELS[i % LEVELS.length],
    },
  }));
}

export async function benchCollection({ port, csrfSecret, databaseUrl, log }) {
  const api = new ApiClient(port, csrfSecret);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const call = async (method, path, body) => {
    const res = await api.json(method, `${BASE}/${path}`, body);
    if (!res.meta?.success) throw new Error(`${path}: HTTP ${res.status} ${res.meta?.message}`);
    return res.data;
  };
  try {
    await api.login('admin', 'Admin2026');

    // The form, designed and published through the API as a designer would.
    const directory = await call('POST', 'formDirectorys/add', { name: '基准目录' });
    const levelType = await call('POST', 'constantTypes/add', { code: 'bench_level', name: '基准等级' });
    for (const [i, text] of LEVELS.entries()) await call('POST', 'constants/add', { typeId: levelType.id, value: `L${i + 1}`, text, sort: i });
    const created = await call('POST', 'forms/add', { directoryId: directory.id, name: '基准学生信息', code: 'bench_students', formType: 'floating' });
    const design = { id: created.id, directoryId: directory.id, name: '基准学生信息', code: 'bench_students', formType: 'floating', description: null, fields: fieldsOf(levelType.id), fixedRows: [] };
    await call('POST', 'forms/update', design);
    await call('POST', 'forms/publish', { id: created.id });
    const formId = created.id;

    /** A published task of this form allocated to the administrator (and departments): its fill task ids. */
    const makeTask = async (name, departmentIds = []) => {
      const task = await call('POST', 'tasks/add', { name, cycle: CYCLE, deadline: `${CYCLE}-12-31`, description: null, formIds: [formId] });
      await call('POST', 'taskAllocations/add', { taskId: task.id, formId, userIds: [ADMIN], auditorId: ADMIN });
      if (departmentIds.length > 0) await call('POST', 'taskAllocations/add', { taskId: task.id, formId, departmentIds, auditorId: ADMIN });
      await call('POST', 'tasks/publish', { id: task.id });
      const allocations = await call('GET', `taskAllocations/list?taskId=${encodeURIComponent(task.id)}`);
      const mine = allocations.find((a) => a.userId === ADMIN);
      if (!mine?.fillTaskId) throw new Error(`task ${name}: no fill task for the administrator`);
      return { taskId: task.id, fillTaskId: mine.fillTaskId, others: allocations.filter((a) => a !== mine).map((a) => a.fillTaskId) };
    };
    const storedRows = async (fillTaskId) => (await db.query(`SELECT count(*)::int AS n FROM dc_row WHERE fill_task_id = $1`, [fillTaskId])).rows[0].n;
    const commit = async (fillTaskId, rows) => {
      const started = performance.now();
      const res = await api.json('POST', `${BASE}/fillTasks/commit`, { id: fillTaskId, rows });
      return { ms: performance.now() - started, res };
    };
    const mustCommit = async (fillTaskId, rows, label) => {
      const { ms: took, res } = await commit(fillTaskId, rows);
      if (!res.meta?.success || res.data?.state !== 'unaudited') throw new Error(`${label}: commit refused: HTTP ${res.status} ${res.meta?.message}`);
      const stored = await storedRows(fillTaskId);
      if (stored !== rows.length) throw new Error(`${label}: ${stored} rows stored, ${rows.length} sent`);
      return took;
    };
    const body = Buffer.byteLength(JSON.stringify({ id: 'x', rows: rowsOf(0) }));

    // 1. Commit of 5,000 rows into a fresh fill, a task of its own each round.
    const commitRounds = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const { fillTaskId } = await makeTask(`基准提交${round}`);
      const took = await mustCommit(fillTaskId, rowsOf(round), `round ${round}`);
      if (round === 0) {
        log(`warm-up: commit of ${ROWS} rows ${ms(took)}`);
        continue;
      }
      commitRounds.push(took);
      log(`round ${round}: commit of ${ROWS} rows ${ms(took)}`);
    }

    // 2. 100,000 rows of other fills of one task and form, put in by SQL (what 12 departments would have filled).
    const { rows: departments } = await db.query(`SELECT id FROM department ORDER BY id`);
    const big = await makeTask('基准唯一校验', departments.map((d) => d.id));
    if (big.others.length !== departments.length) throw new Error(`expected ${departments.length} department fills, got ${big.others.length}`);
    let started = performance.now();
    await db.query(
      `INSERT INTO dc_row (fill_task_id, task_id, form_id, row_no, values, updated_by)
       SELECT ($1::text[])[n % array_length($1::text[], 1) + 1], $2, $3, n,
              jsonb_build_object('student_no', 'S99-' || lpad(n::text, 6, '0'), 'name', '其他学生' || n, 'mobile', '137' || lpad(n::text, 8, '0'),
                                 'credits', (n % 160)::text, 'score', '75.5', 'email', NULL, 'enrolled', '2024-09-01', 'level', '良好'),
              $5
       FROM generate_series(1, $4::int) n`,
      [big.others, big.taskId, formId, OTHER_ROWS, ADMIN],
    );
    await db.query('ANALYZE dc_row');
    const fillMs = performance.now() - started;
    log(`${OTHER_ROWS.toLocaleString('en')} rows of ${big.others.length} other fills inserted in ${ms(fillMs)}`);

    // uniqueCheck: 5,000 values, the first 500 taken by the other fills.
    const values = Array.from({ length: CHECK_VALUES }, (_, i) => (i < CHECK_TAKEN ? `S99-${String(1 + i * 37).padStart(6, '0')}` : `S98-${String(i).padStart(6, '0')}`));
    const checkRounds = [];
    for (let round = 0; round <= ROUNDS; round++) {
      started = performance.now();
      const res = await call('POST', 'datas/uniqueCheck', { fillTaskId: big.fillTaskId, field: 'student_no', values });
      const took = performance.now() - started;
      if (res.duplicates.length !== CHECK_TAKEN) throw new Error(`uniqueCheck found ${res.duplicates.length} duplicates, ${CHECK_TAKEN} expected`);
      if (round > 0) checkRounds.push(took);
      log(`${round === 0 ? 'warm-up' : `round ${round}`}: uniqueCheck of ${CHECK_VALUES} values ${ms(took)}`);
    }

    // The commit's own unique step over the same rows: commit, roll back (a manager), empty the fill, again.
    const uniqueCommitRounds = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const took = await mustCommit(big.fillTaskId, rowsOf(round), `unique round ${round}`);
      if (round > 0) uniqueCommitRounds.push(took);
      log(`${round === 0 ? 'warm-up' : `round ${round}`}: commit of ${ROWS} rows beside ${OTHER_ROWS.toLocaleString('en')} ${ms(took)}`);
      await call('POST', 'fillTasks/rollback', { id: big.fillTaskId, reason: '基准测试退回' });
      // so that every round inserts into an empty fill, as round 1 of part 1 does
      await db.query(`DELETE FROM dc_row WHERE fill_task_id = $1`, [big.fillTaskId]);
    }

    // A commit refused by the unique step: the last row repeats a value another department filled; nothing is saved.
    const refusedRows = rowsOf(50);
    refusedRows[ROWS - 1].values.student_no = 'S99-000777';
    const refusedRounds = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const { ms: took, res } = await commit(big.fillTaskId, refusedRows);
      if (res.meta?.success || res.status !== 400) throw new Error(`the duplicate was not refused: HTTP ${res.status} ${res.meta?.message}`);
      if (!String(res.meta.message).includes(`第${ROWS}行`)) throw new Error(`the refusal does not name row ${ROWS}: ${res.meta.message}`);
      if ((await storedRows(big.fillTaskId)) !== 0) throw new Error('a refused commit saved rows');
      if (round > 0) refusedRounds.push(took);
    }
    log(`refused commit (one duplicate in row ${ROWS}): median ${ms(median(refusedRounds))}`);

    return { load: os.loadavg()[0], body, commitRounds, fillMs, checkRounds, uniqueCommitRounds, refusedRounds, departments: big.others.length };
  } finally {
    api.close();
    await db.end();
  }
}

export function collectionSection(r, machine) {
  const row = (...cells) => `| ${cells.join(' | ')} |`;
  const commitMedian = median(r.commitRounds);
  const uniqueMedian = median(r.uniqueCommitRounds);
  const met = commitMedian < GOAL_MS;
  const uniqueMet = uniqueMedian < GOAL_MS;
  return [
    COLLECTION_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- collection\` (test/bench/collection.mjs): the built app through its HTTP API, on`,
    `${machine.nproc} CPUs (${machine.cpu}), Node ${machine.node}. The form (designed and published through the API): 学号 (text, required, unique, a custom`,
    'pattern), 姓名 (required), 手机号码 (phone), 学分 (integer), 平均成绩 (float), 邮箱 (email), 入学日期 (date), 等级 (select of a constant type).',
    `Every commit sends ${ROWS.toLocaleString('en')} rows (${(r.body / 1024).toFixed(0)} KB of JSON) to \`fillTasks/commit\`: saved and committed in one transaction,`,
    `every rule checked on the server. ${OTHER_ROWS.toLocaleString('en')} rows of ${r.departments} other fills of one task were put in by SQL in ${ms(r.fillMs)}.`,
    `Medians of ${ROUNDS} rounds after a warm-up; load average ${r.load.toFixed(1)} at the end (the client, the API and PostgreSQL share the CPUs).`,
    '',
    row('benchmark', 'what it does', 'median', 'rounds'),
    row('---', '---', '---', '---'),
    row(`**commit of ${ROWS.toLocaleString('en')} rows**`, `a fresh fill; the task's other fills empty (goal < ${GOAL_MS / 1000} s)`, `**${ms(commitMedian)}** ${met ? '(met)' : '(**not met**)'}`, r.commitRounds.map(ms).join(', ')),
    row(`datas/uniqueCheck of ${CHECK_VALUES.toLocaleString('en')} values`, `against ${OTHER_ROWS.toLocaleString('en')} rows of other fills; ${CHECK_TAKEN} of the values taken`, ms(median(r.checkRounds)), r.checkRounds.map(ms).join(', ')),
    row(`commit of ${ROWS.toLocaleString('en')} rows beside ${OTHER_ROWS.toLocaleString('en')}`, 'the same commit; its unique step reads the other fills\' rows', `${ms(uniqueMedian)} ${uniqueMet ? '(met)' : '(**not met**)'}`, r.uniqueCommitRounds.map(ms).join(', ')),
    row('… refused', `one value of row ${ROWS} filled by another department: 400, nothing saved`, ms(median(r.refusedRounds)), r.refusedRounds.map(ms).join(', ')),
    '',
    met && uniqueMet
      ? '- The goal is met, with and without the other fills\' rows.'
      : `- **The goal is not met** (${ms(commitMedian)} into an empty task, ${ms(uniqueMedian)} beside ${OTHER_ROWS.toLocaleString('en')} rows).`,
    '',
  ].join('\n');
}
