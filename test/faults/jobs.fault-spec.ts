// kill -9 of the worker in the middle of a library copy, an upload merge, a warning scan and a report build, and the
// same work asked twice at once (issue 17): after a restart each job completes once, with no duplicate or
// half-written rows or files. Real processes of the built app, the machine's PostgreSQL and Redis.
//
// Each job is held mid-way without sleeping: the test locks the table it writes last (./support/db-locks.ts), sees
// its statement wait in pg_locks with its earlier writes done in the same transaction or on disk, then kills.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildLibrary, contentsOf, rowsOf } from '../e2e/support/library-fixtures.js';
import { CHUNK } from '../bench/api-client.mjs';
import { busy, createWorld, signedIn, Started, until, type ApiClient, type FaultWorld } from './support/app-process.js';
import { lockTable, waitForLockWaiter, type HeldLock } from './support/db-locks.js';

const PORT = Number(process.env.FAULTS_PORT_BASE ?? 3930) + 1;
const SOURCE = 'fault-jobs-src';
const WATCHED = 'fault-w-lib';
const WATCHED_POINTS = 3_000;
const REPORT_SCOPE = { cjlx: 'major', cjdmid: 'major-510203' };

let world: FaultWorld;
let admin: ApiClient;
let author: ApiClient;
const started = new Started(() => world);

beforeAll(async () => {
  world = await createWorld('jobs');
  await started.api({ port: PORT, demoData: true });
  const db = await world.connectDb();
  await buildLibrary(db, SOURCE, { tree: [4, 5, 5], points: 2_000 });
  await buildWatchedPoints();
  admin = await signedIn(PORT);
  author = await signedIn(PORT, 'rwfzr', 'Demo2026');
});

afterAll(async () => {
  admin?.close();
  author?.close();
  await started.stopAll();
  await world?.dispose();
});

/** Points with value rules, one object's task, three samples a point: about a third of the latest samples breach. */
async function buildWatchedPoints(): Promise<void> {
  await world.db.transaction(async (m) => {
    await m.query(
      `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
       VALUES ($1, '故障监测库', 'c-year', '2026', 'school', 'dim-zlsc', 1, 'u-publisher')`, [WATCHED]);
    await m.query(
      `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, warning_rule, sort_order)
       SELECT $1 || '-p' || n, $1, 'FW-' || lpad(n::text, 6, '0'), '监测点' || n, '80', '90', 'float', '{"direction": "higher", "b": 0.9, "c": 0.8}',
              'day', jsonb_build_object('yjlx', 'value', 'tj', (ARRAY['<', '<=', '=', '>=', '>'])[n % 5 + 1], 'yjz', (40 + n % 40)::text, 'yjzq', 'month'), n
       FROM generate_series(1, $2::int) n`, [WATCHED, WATCHED_POINTS]);
    await m.query(
      `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
       VALUES ('fault-w-task', $1, '故障监测任务', 'school', 'fault-w', '故障学校', '2026', 'd-zlb', 'u-publisher', 'u-leader')`, [WATCHED]);
    await m.query(`INSERT INTO quality_result (id, obj_task_id, point_id) SELECT 'fault-w-r' || sort_order, 'fault-w-task', id FROM quality_point WHERE library_id = $1`, [WATCHED]);
    await m.query(
      `INSERT INTO sampling_record (result_id, sj, cjz, zlx, cjfs, period_key)
       SELECT r.id, timestamptz '2026-11-01 08:00' + k * interval '1 day', ((hashtext(r.id || k) & 2147483647) % 100)::text, 'float', 'report', '2026-11-' || lpad((k + 1)::text, 2, '0')
       FROM quality_result r, generate_series(0, 2) k WHERE r.obj_task_id = 'fault-w-task'`);
  });
}

/** The watched rows whose latest sample breaches their rule, in one statement (the scan must open one warning each). */
async function expectedBreaches(): Promise<number> {
  const [row] = await world.db.query(
    `SELECT count(*)::int AS n FROM quality_result r
     JOIN quality_point p ON p.id = r.point_id
     JOIN LATERAL (SELECT cjz FROM sampling_record s WHERE s.result_id = r.id ORDER BY s.sj DESC, s.id DESC LIMIT 1) s ON true
     WHERE p.library_id = $1 AND CASE p.warning_rule->>'tj'
       WHEN '<' THEN s.cjz::numeric < (p.warning_rule->>'yjz')::numeric
       WHEN '<=' THEN s.cjz::numeric <= (p.warning_rule->>'yjz')::numeric
       WHEN '=' THEN s.cjz::numeric = (p.warning_rule->>'yjz')::numeric
       WHEN '>=' THEN s.cjz::numeric >= (p.warning_rule->>'yjz')::numeric
       WHEN '>' THEN s.cjz::numeric > (p.warning_rule->>'yjz')::numeric END`, [WATCHED]);
  return row.n;
}

/** Warnings of the watched rows: in all, and distinct per row and period. */
async function watchedWarnings(): Promise<{ rows: number; distinct: number }> {
  const [row] = await world.db.query(
    `SELECT count(*)::int AS rows, count(DISTINCT (w.result_id, w.period_key))::int AS distinct
     FROM warning_flow w JOIN quality_result r ON r.id = w.result_id WHERE r.obj_task_id = 'fault-w-task'`);
  return row;
}

// ---- the four jobs, asked through the API as the browser does ----

async function requestCopy(name: string): Promise<{ libraryId: string; taskId: string }> {
  const res = await admin.json<{ libraryId: string; taskId: string }>('POST', '/api/herm-znfx/target/copy', { id: SOURCE, name });
  expect(res.meta.success).toBe(true);
  return res.data;
}

function copyDone(taskId: string) {
  return until(`copy ${taskId}`, async () => {
    const res = await admin.json<boolean>('GET', `/api/herm-znfx/target/checkStatus?taskId=${encodeURIComponent(taskId)}`);
    return busy(res) || (res.meta.success && res.data === false) ? undefined : res;
  }, 90_000, 200);
}

/** An upload of `bytes` with every chunk sent, not merged yet. */
async function uploadChunks(bytes: Buffer): Promise<string> {
  const guid = `fault-${randomUUID()}`;
  const total = Math.ceil(bytes.length / CHUNK);
  for (let i = 0; i < total; i++) await admin.sendChunk(guid, i, total, bytes.subarray(i * CHUNK, (i + 1) * CHUNK));
  return guid;
}

async function requestMerge(guid: string, fileName: string, size: number) {
  return admin.json('POST', `/api/docrepo/upload/merge?guid=${guid}&fileName=${encodeURIComponent(fileName)}&size=${size}`);
}

function mergeDone(guid: string) {
  return until(`merge ${guid}`, async () => {
    const res = await admin.json<{ fileId: string } | null>('GET', `/api/docrepo/upload/mergeStatus?guid=${guid}`);
    return busy(res) || (res.meta.success && res.meta.message === 'waitting') ? undefined : res;
  }, 90_000, 200);
}

async function requestScan(): Promise<string> {
  const res = await admin.json<{ jobId: string }>('POST', '/api/herm-znfx/warning/scan');
  expect(res.meta.success).toBe(true);
  return res.data.jobId;
}

function scanDone(jobId: string) {
  return until(`scan ${jobId}`, async () => {
    const res = await admin.json<boolean>('GET', `/api/herm-znfx/warning/scanStatus?jobId=${encodeURIComponent(jobId)}`);
    return busy(res) || (res.meta.success && res.data === false) ? undefined : res;
  }, 90_000, 200);
}

async function requestReport(name: string): Promise<{ taskId: string; reportId: string }> {
  const res = await author.json<{ taskId: string; reportId: string }>('POST', '/api/herm-znfx/report/generate', { reportName: name, cycle: '2025', scopes: [REPORT_SCOPE] });
  expect(res.meta).toEqual({ success: true, message: expect.any(String) });
  return res.data;
}

function reportDone(taskId: string) {
  return until(`report ${taskId}`, async () => {
    const res = await author.json<boolean>('GET', `/api/herm-znfx/report/checkStatus?taskId=${encodeURIComponent(taskId)}`);
    return busy(res) || (res.meta.success && res.data === false) ? undefined : res;
  }, 90_000, 200);
}

// ---- what one effect looks like ----

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under the files directory, relative paths. */
function filesUnder(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

async function expectWholeCopy(libraryId: string): Promise<void> {
  expect(await rowsOf(world.db, libraryId)).toEqual(await rowsOf(world.db, SOURCE));
  expect(await contentsOf(world.db, libraryId)).toEqual(await contentsOf(world.db, SOURCE));
}

async function expectOneStoredFile(guid: string, content: Buffer): Promise<void> {
  const hash = sha256(content);
  const rows: Array<{ id: string; storage_key: string; size: string }> = await world.db.query('SELECT id, storage_key, size FROM doc_file WHERE sha256 = $1', [hash]);
  expect(rows).toHaveLength(1);
  expect(Number(rows[0]!.size)).toBe(content.length);
  const stored = filesUnder(world.filesDir).filter((f) => !f.startsWith('.chunks') && sha256(readFileSync(path.join(world.filesDir, f))) === hash);
  expect(stored).toEqual([rows[0]!.storage_key]);
  // Nothing of the upload is left behind: no chunks, no part file, no temporary file of a write.
  expect(existsSync(path.join(world.filesDir, '.chunks', guid))).toBe(false);
  expect(filesUnder(world.filesDir).filter((f) => f.endsWith('.part'))).toEqual([]);
}

async function expectOneBuiltReport(reportId: string): Promise<void> {
  const [report] = await world.db.query('SELECT state, document_key FROM quality_report WHERE id = $1', [reportId]);
  expect(report.state).toBe('draft');
  const [history] = await world.db.query(`SELECT count(*) FILTER (WHERE action = 'built')::int AS built FROM report_history WHERE report_id = $1`, [reportId]);
  expect(history.built).toBe(1);
  const document = readFileSync(path.join(world.filesDir, report.document_key));
  expect(document.subarray(0, 2).toString('latin1')).toBe('PK');
}

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);

/** Sessions of this world's database waiting for a lock (on a table or a row). */
async function waitingSessions(): Promise<number> {
  const [row] = await world.db.query(
    `SELECT count(DISTINCT l.pid)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database()`);
  return row.n;
}

describe('a worker killed twice mid-job (issue 31 item 6, 7)', () => {
  it('a merge (three attempts) still completes once; a report build (one attempt) becomes 生成失败, not 生成中 for good', async () => {
    // Asked with no worker running, so both jobs wait in the queue until the locks are in place.
    const content = pdf(2 * CHUNK + 321);
    const guid = await uploadChunks(content);
    expect((await requestMerge(guid, '两次强杀.pdf', content.length)).meta.success).toBe(true);
    const report = await requestReport('两次强杀后的报告');

    const tables = ['doc_file', 'report_history'];
    const locks: HeldLock[] = [];
    try {
      for (const table of tables) locks.push(await lockTable(world.databaseUrl, table));
      for (const round of [1, 2]) {
        const worker = await started.worker();
        try {
          if (round === 1) for (const table of tables) await waitForLockWaiter(world.db, table);
          // The killed worker's sessions still wait, holding the merge's and the report's rows (PostgreSQL notices
          // their client gone only once the lock is granted): the second runs wait behind them, on those rows.
          else await until('the second runs waiting', async () => ((await waitingSessions()) >= 4 ? true : undefined), 90_000, 200);
        } finally {
          worker.kill('SIGKILL');
          await worker.exited();
        }
      }
    } finally {
      await Promise.all(locks.map((l) => l.release()));
    }

    // Stalled twice: the merge may stall attempts − 1 = 2 times and runs a third time; the build, of one attempt,
    // may stall once and fails for good on the second, which its failure hook records.
    const last = await started.worker();
    try {
      const [merged, built] = await Promise.all([mergeDone(guid), reportDone(report.taskId)]);
      expect(merged.meta).toEqual({ success: true, message: expect.any(String) });
      await expectOneStoredFile(guid, content);
      expect(built.meta).toEqual({ success: false, message: '报告生成失败，请稍后重新生成或联系管理员' });
      const [row] = await world.db.query('SELECT state, fail_reason FROM quality_report WHERE id = $1', [report.reportId]);
      expect(row).toEqual({ state: 'failed', fail_reason: '报告生成失败，请稍后重新生成或联系管理员' });
      const detail = await author.json<{ actions: string[] }>('GET', `/api/herm-sjgl/report/detail?id=${report.reportId}`);
      expect(detail.data.actions).toEqual(['rebuild', 'delete']);
    } finally {
      // The next test asks for its jobs with no worker running.
      await last.stop();
    }
  });
});

describe('kill -9 of the worker mid-job', () => {
  it('a copy, a merge, a scan and a report held mid-way each complete once after a restart', async () => {
    // Asked with no worker running, so each job waits in the queue until the locks are in place.
    const copy = await requestCopy('强杀后复制');
    const content = pdf(3 * CHUNK + 1234);
    const guid = await uploadChunks(content);
    expect((await requestMerge(guid, '强杀.pdf', content.length)).meta.success).toBe(true);
    const scan = await requestScan();
    const report = await requestReport('强杀后生成的报告');

    const tables = ['point_datasource', 'doc_file', 'warning_flow', 'report_history'];
    const locks: HeldLock[] = [];
    try {
      for (const table of tables) locks.push(await lockTable(world.databaseUrl, table));
      const first = await started.worker();
      for (const table of tables) await waitForLockWaiter(world.db, table);
      first.kill('SIGKILL');
      expect(await first.exited()).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      await Promise.all(locks.map((l) => l.release()));
    }

    const t0 = Date.now();
    const second = await started.worker();
    const [copied, merged, scanned, built] = await Promise.all([copyDone(copy.taskId), mergeDone(guid), scanDone(scan), reportDone(report.taskId)]);
    console.info(`after kill -9, a new worker finished the four jobs in ${Date.now() - t0} ms`);
    expect(copied.meta.success).toBe(true);
    expect(merged.meta).toEqual({ success: true, message: expect.any(String) });
    expect(scanned.meta.success).toBe(true);
    // The worker's log says why, should the build have failed.
    expect({ built: built.meta, log: built.meta.success ? '' : second.logText() }).toEqual({ built: { success: true, message: expect.any(String) }, log: '' });

    await expectWholeCopy(copy.libraryId);
    const [{ n }] = await world.db.query(`SELECT count(*)::int AS n FROM target_library WHERE name = '强杀后复制'`);
    expect(n).toBe(1);
    await expectOneStoredFile(guid, content);
    const breaches = await expectedBreaches();
    expect(breaches).toBeGreaterThan(WATCHED_POINTS / 10);
    expect(await watchedWarnings()).toEqual({ rows: breaches, distinct: breaches });
    await expectOneBuiltReport(report.reportId);
  });
});

describe('the same work twice at once', () => {
  it('two copies, two merges of one upload and two scans: one effect each', async () => {
    // Two workers, so the doubles can run side by side.
    await started.worker();
    const content = pdf(2 * CHUNK + 77);
    const guid = await uploadChunks(content);
    const before = await watchedWarnings();
    // A sample of a new period (December) a watched row: the scans have new breaches to open.
    await world.db.query(
      `INSERT INTO sampling_record (result_id, sj, cjz, zlx, cjfs, period_key)
       SELECT r.id, timestamptz '2026-12-02 08:00', ((hashtext(r.id || 'dec') & 2147483647) % 100)::text, 'float', 'report', '2026-12-02'
       FROM quality_result r WHERE r.obj_task_id = 'fault-w-task'`);
    const december = await expectedBreaches();
    // A manual scan's job id is its second: two asked in one second are one job. Two scans of different seconds are
    // two jobs, which the two workers run at the same time.
    const scanA = await requestScan();
    const scanB = await until('a second scan job', async () => {
      const id = await requestScan();
      return id === scanA ? undefined : id;
    }, 5_000, 100);
    const [a, b, mergeA, mergeB] = await Promise.all([
      requestCopy('同时复制'), requestCopy('同时复制'),
      requestMerge(guid, '同时.pdf', content.length), requestMerge(guid, '同时.pdf', content.length),
    ]);
    expect([mergeA.meta.success, mergeB.meta.success]).toEqual([true, true]);
    const outcomes = await Promise.all([copyDone(a.taskId), copyDone(b.taskId), mergeDone(guid), scanDone(scanA), scanDone(scanB)]);
    expect(outcomes.map((o) => o.meta.success)).toEqual([true, true, true, true, true]);

    // Each copy request makes its own whole library, and nothing more.
    expect(a.libraryId).not.toBe(b.libraryId);
    await expectWholeCopy(a.libraryId);
    await expectWholeCopy(b.libraryId);
    const [{ n }] = await world.db.query(`SELECT count(*)::int AS n FROM target_library WHERE name = '同时复制'`);
    expect(n).toBe(2);
    await expectOneStoredFile(guid, content);
    // One warning a breaching row for December, however many scans ran; November's stay as they were.
    expect(december).toBeGreaterThan(WATCHED_POINTS / 10);
    expect(await watchedWarnings()).toEqual({ rows: before.rows + december, distinct: before.rows + december });
  });
});
