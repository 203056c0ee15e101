// Benchmark of message push (message-push module), a script of its own (not yet a part of run.mjs):
//   a warning scan's batch of 40,000 warning messages for BENCH_PUSH_PEOPLE people (default 200) in 10 departments,
//   each department with a DingTalk robot, plus one webhook taking warnings, delivered by the built app's own classes
//   (backend/dist: DeliveryService with the PostgreSQL repositories, nodemailer and the HTTP poster) to a local SMTP
//   server (smtp-server) and a local HTTP receiver: the messages written (one INSERT … SELECT, as the outbox's
//   message-insert.sql.ts does in the scan's transaction), the batch planned (deliver-messages) and every delivery sent
//   (push-message, 8 at a time as the worker runs them: one digest mail a person, one post a department, the webhook's
//   pages of 2,000). Goal of issue 34: messages + digests within 2× the scan's own time — the scan that opens 39,151
//   warnings takes 1,457 ms in docs/PERFORMANCE.md (pass another with BENCH_SCAN_MS).
//
//   npm run build, then: DATABASE_URL=postgres://…/<a migrated database with the demo data> node test/bench/message-push.mjs [messages]
//
// It adds its own rows (ids bench-mp-*) and deletes them at the end. Every loop is bounded in count.
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { deliveryBench } from './push-plan.mjs';

const MESSAGES = Number(process.argv[2] ?? 40_000);
const PEOPLE = Number(process.env.BENCH_PUSH_PEOPLE ?? 200);
const DEPARTMENTS = 10;
const SCAN_MS = Number(process.env.BENCH_SCAN_MS ?? 1457);
const CONCURRENCY = 8;
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../backend/dist/backend/src');
const ms = (x) => `${x.toFixed(0)} ms`;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: a migrated database with the demo data');
  let mails = 0;
  let posts = 0;
  const smtp = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], disableReverseLookup: true, logger: false, onData(stream, _s, cb) { stream.resume(); stream.on('end', () => { mails += 1; cb(); }); } });
  await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
  const receiver = createServer((req, res) => { req.resume(); req.on('end', () => { posts += 1; res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0,"errmsg":"ok"}'); }); });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${receiver.address().port}`;

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { DataSource } = await import('typeorm');
  const typeorm = new DataSource({ type: 'postgres', url: databaseUrl });
  await typeorm.initialize();
  const config = { pushAllowedHosts: ['127.0.0.1'], publicUrl: 'https://zg.example.edu.cn' };
  const delivery = await deliveryBench({ typeorm, dist, config });
  const { settings } = delivery;
  const batchId = `bench-mp-${Date.now()}`;
  const cleanUp = async () => {
    await db.query(`DELETE FROM push_delivery WHERE batch_id LIKE 'bench-mp-%'`);
    await db.query(`DELETE FROM message WHERE batch_id LIKE 'bench-mp-%'`);
    await db.query(`DELETE FROM push_webhook WHERE id = 'bench-mp-hook'`);
    await db.query(`DELETE FROM app_user WHERE id LIKE 'bench-mp-u%'`);
    await db.query(`DELETE FROM department WHERE id LIKE 'bench-mp-d%'`);
  };
  const smtpBefore = (await db.query(`SELECT * FROM push_smtp_setting WHERE id = 1`)).rows[0] ?? null;
  try {
    await cleanUp();
    await db.query(`INSERT INTO department (id, name, parent_id) SELECT 'bench-mp-d' || n, '推送基准部门' || n, NULL FROM generate_series(1, $1::int) n`, [DEPARTMENTS]);
    await db.query(`INSERT INTO push_department_robot (department_id, dingtalk_url, dingtalk_secret) SELECT id, $1, 'SECbench' FROM department WHERE id LIKE 'bench-mp-d%'`, [`${base}/ding?access_token=bench`]);
    await db.query(`INSERT INTO push_webhook (id, name, url, secret, kinds) VALUES ('bench-mp-hook', '推送基准', $1, 'bench', '{warning}')`, [`${base}/hook`]);
    await db.query(
      `INSERT INTO app_user (id, account, name, password_hash, org_id, email)
       SELECT 'bench-mp-u' || n, 'bench-mp-u' || n, '基准教师' || n, 'no-login', 'bench-mp-d' || (n % $2 + 1), 'bench' || n || '@example.edu.cn' FROM generate_series(1, $1::int) n`,
      [PEOPLE, DEPARTMENTS],
    );
    await settings.saveSmtp({ enabled: true, host: '127.0.0.1', port: smtp.server.address().port, secure: false, user: '', password: null, from: '诊改平台 <zg@example.edu.cn>' });

    let started = performance.now();
    await db.query(
      `INSERT INTO message (user_id, kind, title, content, object_type, object_id, link, batch_id)
       SELECT 'bench-mp-u' || (n % $2 + 1), 'warning', '监测点预警', '指标低于阈值（第 ' || n || ' 条）', 'warning', 'bench-w' || n, '/analysis/monitoring?id=bench-w' || n, $3
       FROM generate_series(1, $1::int) n`,
      [MESSAGES, PEOPLE, batchId],
    );
    const writeMs = performance.now() - started;
    started = performance.now();
    const count = await delivery.plan([batchId]);
    const planMs = performance.now() - started;
    started = performance.now();
    const { count: produced } = await delivery.compose(CONCURRENCY);
    const composeMs = performance.now() - started;
    started = performance.now();
    await delivery.send(CONCURRENCY);
    const sendMs = performance.now() - started;
    const statuses = (await db.query(`SELECT status, count(*)::int AS n FROM push_delivery WHERE batch_id = $1 GROUP BY status`, [batchId])).rows;
    const producedMs = writeMs + planMs + composeMs;
    const total = writeMs + planMs + sendMs;
    console.log(`messages: ${MESSAGES.toLocaleString('en')} for ${PEOPLE} people in ${DEPARTMENTS} departments`);
    console.log(`  written (INSERT … SELECT)      ${ms(writeMs)}`);
    console.log(`  planned (deliver-messages)     ${ms(planMs)}: ${count} deliveries`);
    console.log(`  digests composed (× ${CONCURRENCY})        ${ms(composeMs)}: ${produced} mails and posts read and written`);
    console.log(`  produced (written + planned + composed) ${ms(producedMs)}; the scan's own time ${ms(SCAN_MS)}; ratio ${(producedMs / SCAN_MS).toFixed(2)} (goal ≤ 2): ${producedMs / SCAN_MS <= 2 ? 'met' : 'NOT met'}`);
    console.log(`  sent (push-message × ${CONCURRENCY})      ${ms(sendMs)}: ${mails} mails, ${posts} robot and webhook posts; ${JSON.stringify(statuses)}`);
    console.log(`  written + planned + sent (delivered to the local servers) ${ms(total)}: ${(total / SCAN_MS).toFixed(2)}× the scan (sending is the SMTP server's pace, reported, not the goal)`);
    if (statuses.some((s) => s.status !== 'sent')) process.exitCode = 1;
  } finally {
    await cleanUp().catch(() => undefined);
    if (smtpBefore) await settings.saveSmtp({ enabled: smtpBefore.enabled, host: smtpBefore.host, port: smtpBefore.port, secure: smtpBefore.secure, user: smtpBefore.username, password: smtpBefore.password, from: smtpBefore.from_address });
    else await db.query(`DELETE FROM push_smtp_setting`);
    delivery.close();
    await typeorm.destroy().catch(() => undefined);
    await db.end().catch(() => undefined);
    smtp.close();
    receiver.close();
  }
}

await main();
