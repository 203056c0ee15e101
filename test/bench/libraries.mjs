// Benchmarks of the target-standard libraries (target-standards module), called from run.mjs against the built app:
//   a. copying a library of 10,000 points (3-level tree of 1,110 indicators, 13,333 data sources, 3 grants) through
//      the real copier (LibraryPgCopier from backend/dist: one REPEATABLE READ transaction, five set-based
//      statements) against a bare INSERT … SELECT of the same rows in one transaction, rounds interleaved:
//      goal copier / bare ≤ 3; and the whole job through the API (POST target/copy → the job → checkStatus every 50 ms)
//      in the same interleaved rounds, split by the job's BullMQ timestamps into enqueue, pickup, run and the poll
//      seeing it: goal API / bare ≤ 1.5 (issue 17);
//   b. GET /api/herm-znfx/quality/select?objTaskId= for an object's task of 1,000 points with results and a
//      previous-cycle task: median of 50 calls after 5 warm-ups, goal < 100 ms.
// Every loop is bounded in count and time.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LIBRARIES_HEADING } from './sections.mjs';

const COPY_ROUNDS = 7;
const SELECT_WARMUP = 5;
const SELECT_CALLS = 50;
const GOAL_COPY_RATIO = 3;
const GOAL_API_RATIO = 1.5;
const GOAL_SELECT_MS = 100;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const ms = (x) => `${x.toFixed(1)} ms`;

/** A library like the e2e fixture, set-based: tree a × b × c, `points` points over the leaves, sources, 3 grants. */
async function buildLibrary(db, id, { tree: [a, b, c], points, cycle = '2026', codePrefix = 'BX' }) {
  await db.query('BEGIN');
  try {
    await db.query(
      `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
       VALUES ($1, $2, 'c-year', $3, 'school', 'dim-zlsc', 3, 'u-publisher')`,
      [id, `基准库${id}`, cycle],
    );
    await db.query(`INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order) SELECT $1 || '-a' || g, $1, NULL, '一级' || g, 1, g FROM generate_series(1, $2::int) g`, [id, a]);
    await db.query(
      `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
       SELECT $1 || '-a' || g || '-b' || h, $1, $1 || '-a' || g, '二级' || g || '.' || h, 2, h FROM generate_series(1, $2::int) g, generate_series(1, $3::int) h`,
      [id, a, b],
    );
    await db.query(
      `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order)
       SELECT $1 || '-a' || g || '-b' || h || '-c' || k, $1, $1 || '-a' || g || '-b' || h, '三级' || g || '.' || h || '.' || k, 3, k
       FROM generate_series(1, $2::int) g, generate_series(1, $3::int) h, generate_series(1, $4::int) k`,
      [id, a, b, c],
    );
    await db.query(
      `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsjzxz, cal_rule, sampling_period, sort_order)
       SELECT $1 || '-p' || n, $1, $1 || '-a' || (leaf / ($3::int * $4::int) + 1) || '-b' || (leaf / $4::int % $3::int + 1) || '-c' || (leaf % $4::int + 1),
              $6 || '-' || lpad(n::text, 5, '0'), '质控点' || n, '内涵说明' || n, '不低于标准值，目标值见右', (60 + n % 30)::text, (70 + n % 25)::text,
              'percent', n % 2, '{"direction": "higher", "b": 0.9, "c": 0.8}'::jsonb, 'none', n
       FROM (SELECT n, (n - 1) % ($2::int * $3::int * $4::int) AS leaf FROM generate_series(1, $5::int) n) s`,
      [id, a, b, c, points, codePrefix],
    );
    await db.query(
      `INSERT INTO point_datasource (point_id, sjlx, jsgz, cjfs, xsfs, sort_order)
       SELECT p.id, 'percent', '规则' || p.sort_order, 'report', 'table', 0 FROM quality_point p WHERE p.library_id = $1
       UNION ALL SELECT p.id, 'percent', NULL, 'algorithm', 'line', 1 FROM quality_point p WHERE p.library_id = $1 AND p.sort_order % 3 = 0`,
      [id],
    );
    await db.query(
      `INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type) VALUES
       ('target-library', $1, 'role', 'r-leader', 'read'), ('target-library', $1, 'role', 'r-expert', 'read'), ('target-library', $1, 'user', 'u-auditor', 'write')`,
      [id],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/** The bare reference: the same rows with the same id map, one plain INSERT … SELECT a table, no checks, one transaction. */
async function bareCopy(db, sourceId, targetId) {
  const started = performance.now();
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, target_type, creator_id)
     SELECT $2, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, target_type, creator_id FROM target_library WHERE id = $1`,
    [sourceId, targetId],
  );
  await db.query(
    `INSERT INTO indicator (id, library_id, parent_id, name, level, sort_order, origin_id)
     SELECT md5($2 || '/' || id)::uuid::text, $2, md5($2 || '/' || parent_id)::uuid::text, name, level, sort_order, id FROM indicator WHERE library_id = $1`,
    [sourceId, targetId],
  );
  await db.query(
    `INSERT INTO quality_point (id, library_id, indicator_id, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule, sampling_period, warning_rule, sort_order, origin_id)
     SELECT md5($2 || '/' || id)::uuid::text, $2, md5($2 || '/' || indicator_id)::uuid::text, code, zkdmc, nh, zdbz, bzz, mbz, zlx, fsdl, fsjzxz, ration, cal_rule,
            sampling_period, warning_rule, sort_order, id FROM quality_point WHERE library_id = $1`,
    [sourceId, targetId],
  );
  await db.query(
    `INSERT INTO point_datasource (id, point_id, sjlx, jsgz, cjfs, xsfs, config, sort_order)
     SELECT md5($2 || '/' || d.id)::uuid::text, md5($2 || '/' || d.point_id)::uuid::text, d.sjlx, d.jsgz, d.cjfs, d.xsfs, d.config, d.sort_order
     FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE p.library_id = $1`,
    [sourceId, targetId],
  );
  await db.query(
    `INSERT INTO authority (resource_type, resource_id, subject_type, subject_id, authority_type)
     SELECT resource_type, $2, subject_type, subject_id, authority_type FROM authority WHERE resource_type = 'target-library' AND resource_id = $1`,
    [sourceId, targetId],
  );
  await db.query('COMMIT');
  return performance.now() - started;
}

async function rowsOf(db, id) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM indicator WHERE library_id = $1)::int AS indicators, (SELECT count(*) FROM quality_point WHERE library_id = $1)::int AS points,
            (SELECT count(*) FROM point_datasource d JOIN quality_point p ON p.id = d.point_id WHERE p.library_id = $1)::int AS datasources,
            (SELECT count(*) FROM authority WHERE resource_type = 'target-library' AND resource_id = $1)::int AS authorities`,
    [id],
  );
  return rows[0];
}

async function dropLibrary(db, id) {
  await db.query(`DELETE FROM authority WHERE resource_type = 'target-library' AND resource_id = $1`, [id]);
  await db.query(`DELETE FROM target_library WHERE id = $1`, [id]);
}

/** An object's task on a library with a result for every point (about half missing their targets). */
async function buildTask(db, taskId, libraryId, cycle) {
  await db.query(
    `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
     VALUES ($1, $2, $3, 'school', 'bench-school', '基准学校', $4, 'd-zlb', 'u-publisher', 'u-leader')`,
    [taskId, libraryId, `基准学校${cycle}年度质量诊断`, cycle],
  );
  await db.query(
    `INSERT INTO quality_result (obj_task_id, point_id, jgz, jgdj, yyfx, gjcs, unfin, dis, updated_by)
     SELECT $1, p.id, (60 + p.sort_order % 40)::text, CASE WHEN p.sort_order % 2 = 0 THEN 'A' ELSE 'D' END,
            CASE WHEN p.sort_order % 2 = 1 THEN '原因分析' || p.sort_order END, CASE WHEN p.sort_order % 2 = 1 THEN '改进措施' || p.sort_order END,
            p.sort_order % 2 = 1, p.sort_order % 3 = 0, 'u-publisher'
     FROM quality_point p WHERE p.library_id = $2`,
    [taskId, libraryId],
  );
}

async function pollTask(api, taskId, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (let i = 0; i < 100_000 && Date.now() < deadline; i++) {
    const res = await api.json('GET', `/api/herm-znfx/target/checkStatus?taskId=${encodeURIComponent(taskId)}`);
    if (!res.meta.success) throw new Error(`copy failed: ${res.meta.message}`);
    if (res.data === true) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`copy ${taskId} did not finish in ${timeoutMs} ms`);
}

/** The copy through the API: POST target/copy, then checkStatus until true; its phases from the job's BullMQ hash. */
async function apiCopy(api, redis, queuePrefix, source, name) {
  const started = Date.now();
  const t0 = performance.now();
  const res = await api.json('POST', '/api/herm-znfx/target/copy', { id: source, name });
  if (!res.meta.success) throw new Error(`target/copy: ${res.meta.message}`);
  const answered = Date.now();
  await pollTask(api, res.data.taskId);
  const total = performance.now() - t0;
  const seen = Date.now();
  const [processedOn, finishedOn] = (await redis.hmget(`${queuePrefix}:copy-target:${res.data.taskId}`, 'processedOn', 'finishedOn')).map(Number);
  // Wall-clock milliseconds of this machine (app and bench share the clock); pickup counts from the POST's answer.
  const phases = processedOn > 0 && finishedOn > 0
    ? { enqueue: answered - started, pickup: processedOn - answered, run: finishedOn - processedOn, seen: seen - finishedOn }
    : null;
  return { total, phases, libraryId: res.data.libraryId };
}

/**
 * Runs both benchmarks on the app's database (databaseUrl) through api (logged in as the administrator); the API
 * copy's phases are read from the app's queue (redisUrl, queuePrefix). `dist` is backend/dist/backend/src.
 */
export async function benchLibraries({ api, databaseUrl, redisUrl, queuePrefix, dist, log }) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { DataSource } = await import('typeorm');
  // The copier's step log is at debug level; this process has no app to set the level.
  const { Logger } = await import('@nestjs/common');
  Logger.overrideLogger(['warn', 'error']);
  const { LibraryPgCopier } = await import(path.join(dist, 'modules/target-standards/infrastructure/library.pg-copier.js'));
  const { LoggingLibraryCopyObserver } = await import(path.join(dist, 'modules/target-standards/infrastructure/library-copy-observer.js'));
  const typeorm = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 2 } });
  await typeorm.initialize();
  const copier = new LibraryPgCopier(typeorm, new LoggingLibraryCopyObserver());
  const loadBefore = os.loadavg()[0];
  try {
    // a. Copy of 10,000 points.
    const source = 'bench-lib-10k';
    let started = performance.now();
    await buildLibrary(db, source, { tree: [10, 10, 10], points: 10_000 });
    await db.query('ANALYZE target_library, indicator, quality_point, point_datasource, authority');
    const sourceRows = await rowsOf(db, source);
    log(`library of ${sourceRows.points} points, ${sourceRows.indicators} indicators, ${sourceRows.datasources} data sources built in ${ms(performance.now() - started)}`);

    const copierRounds = [];
    const bareRounds = [];
    const apiRounds = [];
    const apiPhases = [];
    // One warm-up each, then rounds interleaved so all three see the same cache and autovacuum weather.
    // Each copy alone: a CHECKPOINT first (no dirty pages of the last one left to write out), its copy dropped after.
    const viaCopier = async () => {
      const id = randomUUID();
      await db.query('CHECKPOINT');
      const t0 = performance.now();
      const outcome = await copier.copy({ sourceId: source, libraryId: id, name: '基准副本', cycleValue: null, creatorId: 'u-publisher' }, 1);
      const took = performance.now() - t0;
      if (outcome.state !== 'copied' || outcome.points !== sourceRows.points || outcome.datasources !== sourceRows.datasources) throw new Error(`copier: ${JSON.stringify(outcome)}`);
      await dropLibrary(db, id);
      return { took };
    };
    const viaBare = async () => {
      const id = randomUUID();
      await db.query('CHECKPOINT');
      const took = await bareCopy(db, source, id);
      const bareRows = await rowsOf(db, id);
      if (JSON.stringify(bareRows) !== JSON.stringify(sourceRows)) throw new Error(`bare copy: ${JSON.stringify(bareRows)}`);
      await dropLibrary(db, id);
      return { took };
    };
    const viaApi = async (round) => {
      await db.query('CHECKPOINT');
      const r = await apiCopy(api, redis, queuePrefix, source, `接口副本${round}`);
      if (JSON.stringify(await rowsOf(db, r.libraryId)) !== JSON.stringify(sourceRows)) throw new Error('the API copy is incomplete');
      await dropLibrary(db, r.libraryId);
      return { took: r.total, phases: r.phases };
    };
    const ways = [['copier', viaCopier], ['bare', viaBare], ['api', viaApi]];
    for (let round = 0; round <= COPY_ROUNDS; round++) {
      // The order turns each round, so none of the three always goes first (or last) after the others' writes.
      const took = {};
      for (let k = 0; k < ways.length; k++) {
        const [name, run] = ways[(round + k) % ways.length];
        took[name] = await run(round);
      }
      const phases = took.api.phases ? Object.entries(took.api.phases).map(([k, v]) => `${k} ${v} ms`).join(', ') : 'phases unknown';
      const line = `copier ${ms(took.copier.took)}, bare INSERT … SELECT ${ms(took.bare.took)}, API ${ms(took.api.took)} (${phases})`;
      if (round === 0) {
        log(`copy warm-up: ${line}`);
        continue;
      }
      copierRounds.push(took.copier.took);
      bareRounds.push(took.bare.took);
      apiRounds.push(took.api.took);
      apiPhases.push(took.api.phases);
      log(`copy round ${round}: ${line}`);
    }

    // b. The quality-point table of a task with 1,000 points, results, and last cycle's task.
    await buildLibrary(db, 'bench-lib-1k', { tree: [10, 10, 1], points: 1_000, cycle: '2026', codePrefix: 'TB' });
    await buildLibrary(db, 'bench-lib-1k-prev', { tree: [10, 10, 1], points: 1_000, cycle: '2025', codePrefix: 'TB' });
    await buildTask(db, 'bench-task-2026', 'bench-lib-1k', '2026');
    await buildTask(db, 'bench-task-2025', 'bench-lib-1k-prev', '2025');
    await db.query('ANALYZE obj_task, quality_result, quality_point, point_datasource, indicator');
    const select = async () => {
      const t0 = performance.now();
      const res = await api.json('GET', '/api/herm-znfx/quality/select?objTaskId=bench-task-2026');
      const took = performance.now() - t0;
      if (!res.meta.success || res.data.rows.length !== 1_000 || res.data.rows.some((r) => r.sljsz === null)) throw new Error(`quality/select: ${res.meta.message}`);
      return { took, bytes: JSON.stringify(res.data).length };
    };
    for (let i = 0; i < SELECT_WARMUP; i++) await select();
    const selectRounds = [];
    let bytes = 0;
    for (let i = 0; i < SELECT_CALLS; i++) {
      const r = await select();
      selectRounds.push(r.took);
      bytes = r.bytes;
    }
    log(`quality/select of 1,000 points: median ${ms(median(selectRounds))}, p95 ${ms(p95(selectRounds))} over ${SELECT_CALLS} calls`);
    return { sourceRows, copierRounds, bareRounds, apiRounds, apiPhases, selectRounds, selectBytes: bytes, selectRows: 1_000, load: [loadBefore, os.loadavg()[0]] };
  } finally {
    redis.disconnect();
    await typeorm.destroy().catch(() => undefined);
    await db.end().catch(() => undefined);
  }
}

/** The section of docs/PERFORMANCE.md for these benchmarks. */
export function librariesSection(r, machine) {
  const copier = median(r.copierRounds);
  const bare = median(r.bareRounds);
  const ratio = copier / bare;
  const api = median(r.apiRounds);
  const apiRatio = api / bare;
  const phases = r.apiPhases.filter(Boolean);
  const phase = (k) => (phases.length > 0 ? `${median(phases.map((p) => p[k]))} ms` : '?');
  const selectMedian = median(r.selectRounds);
  const yes = (met) => (met ? 'yes' : '**no**');
  const row = (...cells) => `| ${cells.join(' | ')} |`;
  const s = r.sourceRows;
  return [
    LIBRARIES_HEADING,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- libraries\` (test/bench/libraries.mjs, called from run.mjs) against the`,
    `built app and its database, on the machine above (${machine.nproc} CPUs, ${machine.cpu}, Node ${machine.node}); load average`,
    `${r.load[0].toFixed(1)} when it began and ${r.load[1].toFixed(1)} when it ended (other work shared the machine when that is above ${machine.nproc}).`,
    '',
    row('benchmark', 'measure', 'result', 'goal', 'met'),
    row('---', '---', '---', '---', '---'),
    row(`copy of a library of ${s.points.toLocaleString('en')} points (${s.indicators.toLocaleString('en')} indicators in 3 levels, ${s.datasources.toLocaleString('en')} data sources, ${s.authorities} grants) by the copier (LibraryPgCopier, one transaction)`, `median of ${COPY_ROUNDS}`, ms(copier), '', ''),
    row('… bare `INSERT … SELECT` of the same rows (same id map, one transaction)', `median of ${COPY_ROUNDS}, interleaved`, ms(bare), '', ''),
    row('copier / bare', '', ratio.toFixed(2), `≤ ${GOAL_COPY_RATIO}`, yes(ratio <= GOAL_COPY_RATIO)),
    row('the whole copy through the API: POST target/copy → job → checkStatus true (polled every 50 ms)', `median of ${COPY_ROUNDS}, interleaved`, ms(api), '', ''),
    row('… its phases: POST answered (enqueue) / worker picked it up / job ran / the poll saw it', `medians of ${phases.length}`, ['enqueue', 'pickup', 'run', 'seen'].map(phase).join(' / '), '', ''),
    row('API copy / bare', '', apiRatio.toFixed(2), `≤ ${GOAL_API_RATIO}`, yes(apiRatio <= GOAL_API_RATIO)),
    row('`GET /api/herm-znfx/quality/select?objTaskId=` of a task with 1,000 points, results and a previous-cycle task', `median of ${SELECT_CALLS} (p95)`, `${ms(selectMedian)} (${ms(p95(r.selectRounds))}), ${(r.selectBytes / 1024).toFixed(0)} KB of JSON`, `< ${GOAL_SELECT_MS} ms`, yes(selectMedian < GOAL_SELECT_MS)),
    '',
    row('round', 'copier', 'bare', 'API copy'),
    row('---', '---', '---', '---'),
    ...r.copierRounds.map((c, i) => row(i + 1, ms(c), ms(r.bareRounds[i]), ms(r.apiRounds[i]))),
    '',
    '- The copier is the bare statements plus what makes it safe: REPEATABLE READ (every statement copies one snapshot of the source),',
    '  the existence check that makes a retried job answer done, a count of each table\'s rows, and the step hooks. Its ids are',
    '  md5(new library / source row) as uuids, so a parent is mapped without a table or a round trip.',
    '- The API copy adds the queue and the polling; its phases come from the job\'s BullMQ hash (processedOn, finishedOn) and this',
    '  machine\'s clock: enqueue is the POST until its answer (session, access, the job added to Redis), pickup from that answer',
    '  to the worker starting (negative: the worker took the job before the answer reached the client; BullMQ\'s worker blocks',
    '  on Redis and wakes at once), run the job itself (the copier plus a progress write to Redis a stage), seen the poll',
    '  noticing the end (up to its 50 ms interval plus one checkStatus).',
    `- Earlier runs measured the API copy in 3 rounds after all the copier rounds (992 ms against 491 ms bare, 2×). Here, in the`,
    `  same rounds with the order turning, the queue and the poll add ${phase('enqueue')} + ${phase('seen')} (medians) and the job ran a median`,
    `  ${phase('run')} against the copier's ${ms(copier)} alone (the job runs in the app's process beside the poll it answers).`,
    `- API / bare ≤ ${GOAL_API_RATIO}: ${apiRatio <= GOAL_API_RATIO ? 'met in this run' : '**not met** in this run'}. What is left above the bare copy is the job's run, not the queue: it took`,
    '  longer than the same copier run from the bench in most rounds (0.9× to 1.35× in the medians of three runs on this loaded',
    '  machine). What would make the goal safe: finding why the same statements run slower in the app. Not the app\'s named',
    '  prepared statements: the copier on one connection with PreparingClient against a plain client, 10 interleaved rounds,',
    '  1541 against 1497 ms (medians; the prepared one\'s runs 6–10, on a generic plan, 1166 against 1285). Not yet measured',
    '  apart: the progress write to Redis at each stage inside the transaction, and the app serving the poll at the same time.',
    '- The table call is one statement for the rows (points, this cycle\'s results, last cycle\'s by code) plus the indicators, data',
    `  sources and attachments, then about ${Math.round(r.selectBytes / r.selectRows)} bytes of JSON a row.`,
    '- A copy is mostly WAL and page writes, whose speed on this virtual machine varies from second to second (see the rounds);',
    '  a CHECKPOINT before each copy keeps one copy from paying for the last, and the rounds alternate copier and bare.',
    '',
  ].join('\n');
}
