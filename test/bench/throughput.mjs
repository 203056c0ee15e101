// Throughput of the read routes a deadline day leans on (issue 17), measured from outside with autocannon against a
// bare NestJS route started in the same run (test/bench/bare-nest.mjs): the ratio holds on a noisy machine where the
// absolute figures do not. Each route: 50 connections for 30 s (THROUGHPUT_SECONDS), signed in, the csrf parameters
// of 000 §7 fresh on every request. Goals: p99 < 200 ms, 0 errors, at least 20 % of the bare route's requests/s.
// THROUGHPUT_SECONDS and THROUGHPUT_ROUTES (a pattern over the route names) shorten a run while looking into one.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ApiClient } from './api-client.mjs';
import { APP_NODE_FLAGS } from './app-node-flags.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 50;
const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 30);
const GOAL_P99_MS = 200;
const GOAL_SHARE = 0.2;

async function startBare(port) {
  const child = spawn(process.execPath, [...APP_NODE_FLAGS, path.join(HERE, 'bare-nest.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the bare NestJS app exited (${child.exitCode})`);
    const up = await fetch(`http://127.0.0.1:${port}/api/bare/ping`).then((r) => r.ok, () => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the bare NestJS app did not answer in 30 s');
}

function csrfPath(route, secret) {
  const ts = String(Date.now());
  const token = createHash('md5').update(ts + secret).digest('hex');
  return `${route}${route.includes('?') ? '&' : '?'}_t=${ts}&csrfTimestamp=${ts}&csrfToken=${token}`;
}

/** One autocannon run; a non-2xx answer or an envelope with success false counts as an error. */
async function cannon({ port, route, cookie, secret }) {
  let refused = 0;
  let sample = null;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: cookie ? { cookie } : {},
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: secret ? csrfPath(route, secret) : route }) }],
    setupClient: (client) => {
      // 'body' comes before 'response': a 2xx whose envelope does not say success is refused (a 4xx counts as non2xx)
      // (a long answer comes in several pieces; meta is at the head of the first)
      let bodyOk = true;
      let first = true;
      client.on('body', (body) => {
        if (!first) return;
        first = false;
        bodyOk = body.includes('"success":true');
        if (!bodyOk && !sample) sample = body.toString('utf8').slice(0, 300);
      });
      client.on('response', (status) => {
        if (status >= 200 && status < 300 && !bodyOk) refused += 1;
        first = true;
      });
    },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx + refused,
    breakdown: { socket: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, refused, sample },
  };
}

export async function benchThroughput({ port, bare, csrfSecret, databaseUrl, log }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const clients = [];
  const signedIn = async (user, password) => {
    const c = new ApiClient(port, csrfSecret);
    await c.login(user, password);
    clients.push(c);
    return c.cookie;
  };
  let bareApp = null;
  try {
    // the demo's biggest task by points (not the tasks other parts of the bench built), ten schools of the national set
    const task = (await db.query(`SELECT obj_task_id AS id FROM quality_result WHERE obj_task_id NOT LIKE 'bench%' GROUP BY obj_task_id ORDER BY count(*) DESC LIMIT 1`)).rows[0].id;
    const warned = (await db.query(`SELECT r.obj_task_id AS id FROM warning_flow w JOIN quality_result r ON r.id = w.result_id WHERE r.obj_task_id NOT LIKE 'bench%' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)).rows[0].id;
    const codes = (await db.query(`SELECT code FROM school ORDER BY is_own DESC, code LIMIT 10`)).rows.map((r) => r.code);
    const admin = await signedIn('admin', 'Admin2026');
    const owner = await signedIn('rwfzr', 'Demo2026');
    const leader = await signedIn('xld', 'Demo2026');
    const ROUTES = [
      ['tryLoginUserInfo', '/api/user/tryLoginUserInfo', admin],
      ['MY_TASK list (陈静)', '/api/herm-znfx/targetTask/list?pageType=MY_TASK&pageNum=1&pageSize=10', owner],
      ['quality-point table of a task', `/api/herm-znfx/quality/select?objTaskId=${encodeURIComponent(task)}`, admin],
      ['warning table of a task', `/api/herm-znfx/warningflow/list?objTaskId=${encodeURIComponent(warned)}`, admin],
      ['report list', '/api/herm-sjgl/report/select?current=1&size=10', admin],
      ['school rank (10 schools)', `/api/herm-znfx/rivalAnalysis/queryRankAnalysis?indicator=students&schoolCodes=${codes.join(',')}`, leader],
    ];
    // THROUGHPUT_ROUTES (a regular expression over the names) measures some routes only, e.g. under a CPU profile
    const only = process.env.THROUGHPUT_ROUTES ? new RegExp(process.env.THROUGHPUT_ROUTES) : null;
    if (only) ROUTES.splice(0, ROUTES.length, ...ROUTES.filter(([name]) => only.test(name)));
    bareApp = await startBare(bare);
    log(`throughput: bare NestJS on ${bare}; ${CONNECTIONS} connections × ${SECONDS} s a route`);
    // The bare route is measured before and after the routes, and the faster of the two is the floor: a slow moment of
    // this shared machine at one end must not make the routes' shares look better than they are.
    const before = await cannon({ port: bare, route: '/api/bare/ping' });
    log(`bare NestJS route (before): ${Math.round(before.rps)} req/s, p99 ${before.p99} ms`);
    const measured = [];
    for (const [name, route, cookie] of ROUTES) {
      const r = await cannon({ port, route, cookie, secret: csrfSecret });
      measured.push({ name, route: route.split('?')[0], ...r });
      log(`${name}: ${Math.round(r.rps)} req/s (${((r.rps / before.rps) * 100).toFixed(1)} % of bare before), p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors${r.errors ? ` ${JSON.stringify(r.breakdown)}` : ''}`);
    }
    const after = await cannon({ port: bare, route: '/api/bare/ping' });
    log(`bare NestJS route (after): ${Math.round(after.rps)} req/s, p99 ${after.p99} ms`);
    const floor = after.rps > before.rps ? after : before;
    const rows = measured.map((r) => ({ ...r, share: r.rps / floor.rps }));
    return { floor, bareRuns: [before.rps, after.rps], rows };
  } finally {
    for (const c of clients) c.close();
    if (bareApp && bareApp.exitCode === null) {
      bareApp.kill('SIGTERM');
      await once(bareApp, 'exit').catch(() => undefined);
    }
    await db.end();
  }
}

export function throughputSection(r, machine) {
  const ok = (x) => x.p99 < GOAL_P99_MS && x.errors === 0 && x.share >= GOAL_SHARE;
  const met = r.rows.filter(ok).length;
  return [
    '## Throughput: the deadline-day reads against a bare NestJS route',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- throughput\` (test/bench/throughput.mjs, autocannon): ${CONNECTIONS} connections for ${SECONDS} s`,
    `a route, signed in, against the built app on the demo data, and a bare NestJS route (test/bench/bare-nest.mjs: one constant answer, no`,
    `session, guard or database) in the same run; ${machine.nproc} CPUs (${machine.cpu}) shared by the client, the API and PostgreSQL, Node ${machine.node}.`,
    `Goals (issue 17): p99 < ${GOAL_P99_MS} ms, 0 errors, at least ${GOAL_SHARE * 100} % of the bare route's requests per second.`,
    '',
    '| route | requests/s | share of bare | p50 | p99 | errors | goal met |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| bare NestJS route \`/api/bare/ping\` | ${Math.round(r.floor.rps)} | 100 % | ${r.floor.p50} ms | ${r.floor.p99} ms | ${r.floor.errors} | — |`,
    ...r.rows.map((x) => `| ${x.name} \`${x.route}\` | ${Math.round(x.rps)} | ${(x.share * 100).toFixed(1)} % | ${x.p50} ms | ${x.p99} ms | ${x.errors} | ${ok(x) ? 'yes' : '**no**'} |`),
    '',
    `- The bare route ran before the routes (${Math.round(r.bareRuns[0])} req/s) and after them (${Math.round(r.bareRuns[1])} req/s); the faster is the floor.`,
    `- ${met} of ${r.rows.length} routes meet all three goals (the starting measurement, 2026-11-23: 2.6–8.1 % of the bare route, p99 104–228 ms).`,
    '- **Where the time went** (a CPU profile of the API under this load; API and PostgreSQL CPU per request read from /proc): the',
    '  session read and the access checks ran five to seven statements on every call, each parsed and planned anew, and on this',
    '  virtual machine a system call is dear: the profile spends about half the API\'s time in `writev`, one for each answer and one',
    '  for each SQL round trip. So the rule that pays is fewer round trips. What changed:',
    '  - **access stamps**: the session read also returns the person\'s access version and the shared access epoch (bumped by',
    '    triggers on every change of the person, roles, grants, menus, departments), and what the guard and `tryLoginUserInfo`',
    '    need of the person is kept in memory under that stamp: exact (a revoked grant closes the page on the next call, in every',
    '    process), and `tryLoginUserInfo` is one statement instead of six;',
    '  - **prepared statements**: the pool\'s client sends every statement with parameters as a named prepared statement, parsed',
    '    once per connection: PostgreSQL CPU per call fell by about half on the lists (MY_TASK 2.1 → 1.1 ms, the quality table',
    '    4.0 → 2.2 ms), where planning cost more than running;',
    '  - **one statement for a viewer**: a task check reads administrator, library grant and departments headed together (the',
    '    quality table, the warning table and the report list: two round trips for the viewer instead of four or five);',
    '  - **a page and its count in one statement** (`pageWithTotal` in infrastructure/database/sql.ts) for the task lists and',
    '    the report list, and the lists of one\'s own tasks no longer read the person\'s standing, which they never filter by:',
    '    the MY_TASK list 4 statements → 2 (462 → 567 requests/s), the report list 6 → 5 (423 → 533);',
    '  - **sessions kept in memory** (2026-11-24, infrastructure/session/kept-sessions.ts): each API process keeps the sessions it',
    '    has read, with their access stamps, until PostgreSQL says one changed (triggers of migration session-notices NOTIFY on',
    '    every pool connection, which LISTENs; a change made through the process\'s own pool is heard before its COMMIT returns,',
    '    another process\'s within milliseconds; nothing is kept while no connection listens). A signed-in call pays no session',
    '    round trip. Measured back to back on the same machine, without → with (bare route 10,044 and 10,048 requests/s):',
    '    tryLoginUserInfo 1,776 → 2,318 (+31 %), MY_TASK 1,031 → 1,140 (+11 %), the warning table 747 → 871 (+17 %), the report',
    '    list 837 → 1,025 (+22 %), the school rank 751 → 909 (+21 %), the quality table 403 → 420. Express no longer hashes every',
    '    answer for an ETag, and express-session checks the cookie\'s signature with cookie-signature 1.2 (one HMAC, no two extra',
    '    SHA-1s): both were in the profile, each within the noise here.',
    '  - **a larger young generation** (2026-11-25, `--max-semi-space-size=32` in `npm start` and the Docker image; the bare',
    '    route runs with the same flag): with fifty requests in flight the objects of one outlived two scavenges of the',
    '    default 16 MB semi-spaces and were promoted, then collected again by mark-sweep (garbage collection was 16 % of the',
    '    API\'s CPU on the quality table). Back to back, without → with: MY_TASK 1,490 → 1,868 and 1,462 → 1,636 requests/s,',
    '    the quality table 599 → 696 and 563 → 623, the warning table 1,282 → 1,328 and 1,118 → 1,409.',
    '- **What is left, and what would close it.** Every route is under 200 ms at p99 now, the quality table too (49 KB',
    '  answers). Statements per call: tryLoginUserInfo 0 (1 on a process\'s first call of a session), the MY_TASK list 1,',
    '  the school rank 1, the report list 4, the warning table 4, the quality table 7. The profile of the API under this load',
    '  shows it busy 96–98 % of the time, on what the bare route never pays: for the quality table the `writev` of its',
    '  answer and of the SQL round trips (25 %), garbage collection (16 %), JSON.stringify of the answer (7 %) and',
    '  reading the rows off the PostgreSQL protocol (12 %); for the smaller routes the session cookie\'s HMAC and',
    '  express-session\'s hashes of the session, the csrf check, helmet\'s headers and the validation of the query',
    '  (class-validator, about 5 %). Reaching 20 % means halving the API\'s CPU per call again: the viewer folded into the',
    '  page query of the quality and warning tables (3 statements fewer), a session middleware that does not hash the',
    '  session twice per call, and for the quality table an answer built by PostgreSQL as JSON text, which Node would pass',
    '  on without parsing rows or stringifying. Several API processes (node cluster) raise the absolute figures but not',
    '  this ratio, which compares one process with one process.',
    '',
  ].join('\n');
}
