import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DataSource } from 'typeorm';
import { UnitOfWork } from '../../backend/src/infrastructure/database/unit-of-work.port.js';
import { DeliveryService } from '../../backend/src/modules/message-push/application/delivery.service.js';
import { MessageAnnouncer, MessageOutbox, type NewMessage } from '../../backend/src/modules/messages/application/ports/message-outbox.port.js';
import { JOB_CATALOGUE } from '../../backend/src/shared/jobs/job-catalogue.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, waitFor, type TestApp } from './support/test-app.js';

// Message push against real local servers: an SMTP server (smtp-server) taking the mails, an HTTP receiver playing
// DingTalk's and WeCom's group robots and a generic webhook, checking their formats and signatures. Messages are
// posted through the messages module's outbox (as an event would) and delivered by the app's own workers.

interface Mail { to: string; subject: string; text: string; html: string }
interface Hit { path: string; query: URLSearchParams; headers: IncomingMessage['headers']; raw: string; body: Record<string, unknown> }

const DING_SECRET = 'SECmessagepush0123456789';
const HOOK_SECRET = 'hook-secret-令牌';

/** An SMTP server that keeps every mail it is given (parsed: recipient, subject, Chinese text). */
async function startSmtp(): Promise<{ port: number; mails: Mail[]; logins: string[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    // No reverse DNS of 127.0.0.1 per connection: the test's time is spent on push, not on the resolver.
    disableReverseLookup: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(`${auth.username ?? ''}:${auth.password ?? ''}`);
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(',') : (m.to?.text ?? '');
          mails.push({ to, subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '' });
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The robots and the webhook: /ding-ok and /wecom-ok answer errcode 0, /ding-refuse errcode 310000, /fail-500 a 500. */
async function startReceiver(): Promise<{ base: string; hits: Hit[]; close(): Promise<void> }> {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const raw = Buffer.concat(chunks).toString('utf8');
      hits.push({ path: url.pathname, query: url.searchParams, headers: req.headers, raw, body: JSON.parse(raw || '{}') as Record<string, unknown> });
      if (url.pathname === '/fail-500') {
        res.writeHead(500).end('server error');
        return;
      }
      const errcode = url.pathname === '/ding-refuse' ? 310000 : 0;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errcode, errmsg: errcode ? 'sign not match' : 'ok' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return { base, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const dingSignOf = (timestamp: string, secret: string) => createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');

describe('message push (e-mail, DingTalk and WeCom robots, webhooks)', () => {
  let t: TestApp;
  let db: DataSource;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  const admin = () => c;
  let c: ReturnType<typeof client>;

  /** Posts messages as an event does: in a transaction, announced after its commit. */
  async function post(messages: NewMessage[]): Promise<string> {
    const outbox = t.app.get(MessageOutbox, { strict: false });
    const uow = t.app.get(UnitOfWork, { strict: false });
    const before = new Set((await db.query(`SELECT DISTINCT batch_id FROM message`) as Array<{ batch_id: string }>).map((r) => r.batch_id));
    await uow.run((tx) => outbox.post(tx, messages));
    const after = (await db.query(`SELECT DISTINCT batch_id FROM message`) as Array<{ batch_id: string }>).map((r) => r.batch_id);
    return after.find((b) => !before.has(b))!;
  }

  const deliveries = (batchId: string) =>
    db.query(`SELECT channel, target, status, attempts, last_error, message_count, title FROM push_delivery WHERE batch_id = $1 ORDER BY id`, [batchId]) as Promise<
      Array<{ channel: string; target: string; status: string; attempts: number; last_error: string | null; message_count: number; title: string }>
    >;
  const settled = (batchId: string, count: number) =>
    waitFor(async () => {
      const rows = await deliveries(batchId);
      return rows.length === count && rows.every((r) => r.status !== 'queued') ? rows : null;
    }, `batch ${batchId}'s ${String(count)} deliveries`, 30_000);

  beforeAll(async () => {
    smtp = await startSmtp();
    rx = await startReceiver();
    t = await startTestApp({
      runWorkers: true,
      env: { PUSH_ALLOWED_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://zg.example.edu.cn' },
      // Quick retries: three tries 100 ms apart instead of the production spacing.
      catalogue: { ...JOB_CATALOGUE, 'push-message': { ...JOB_CATALOGUE['push-message'], attempts: 3, backoffMs: 100 } },
    });
    db = await seed(t);
    await db.query(`UPDATE app_user SET email = account || '@example.edu.cn' WHERE id IN ('u-owner', 'u-auditor', 'u-depthead')`);
    c = client(t);
    await c.login('admin', 'Admin2026').expect(200);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await rx?.close();
  });

  it('keeps the administrator\'s channels, never answering a password or a secret, and refuses what is not http(s)', async () => {
    const saved = await admin().post('/api/messagePush/smtp', { enabled: true, host: '127.0.0.1', port: smtp.port, secure: false, user: 'zg', password: 'smtp-密码', from: '诊改平台 <zg@example.edu.cn>' }).expect(200);
    expect(saved.body.data).toEqual({ enabled: true, host: '127.0.0.1', port: smtp.port, secure: false, user: 'zg', passwordSet: true, from: '诊改平台 <zg@example.edu.cn>' });
    // Saved again without a password: the stored one stays.
    await admin().post('/api/messagePush/smtp', { enabled: true, host: '127.0.0.1', port: smtp.port, secure: false, user: 'zg', from: '诊改平台 <zg@example.edu.cn>' }).expect(200);
    await admin().post('/api/messagePush/robot', { departmentId: 'd-xxgc', dingtalkUrl: `${rx.base}/ding-ok?access_token=abc`, dingtalkSecret: DING_SECRET, wecomUrl: `${rx.base}/wecom-ok?key=k1` }).expect(200);
    const hook = await admin().post('/api/messagePush/webhook', { name: '校内门户', url: `${rx.base}/hook-ok`, secret: HOOK_SECRET, kinds: ['targetTask', 'warning'], enabled: true }).expect(200);
    expect(hook.body.data).toMatchObject({ name: '校内门户', kinds: ['targetTask', 'warning'], secretSet: true });

    const settings = await admin().get('/api/messagePush/settings').expect(200);
    const text = JSON.stringify(settings.body.data);
    expect(text).not.toContain('smtp-密码');
    expect(text).not.toContain(DING_SECRET);
    expect(text).not.toContain(HOOK_SECRET);
    expect(settings.body.data.robots).toContainEqual({ departmentId: 'd-xxgc', departmentName: expect.any(String), dingtalkUrl: `${rx.base}/ding-ok?access_token=abc`, dingtalkSecretSet: true, wecomUrl: `${rx.base}/wecom-ok?key=k1` });

    const bad = await admin().post('/api/messagePush/webhook', { name: '坏地址', url: 'file:///etc/passwd', kinds: ['warning'], enabled: true });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.body.meta.message).toMatch(/http 或 https/);
    const badRobot = await admin().post('/api/messagePush/robot', { departmentId: 'd-jwc', dingtalkUrl: 'ftp://robot.example.cn/send', wecomUrl: null });
    expect(badRobot.body.meta.success).toBe(false);
    expect((await db.query(`SELECT count(*)::int AS n FROM push_department_robot WHERE department_id = 'd-jwc'`))[0].n).toBe(0);
  });

  it('sends a test mail and test robot posts (发送测试)', async () => {
    const mail = await admin().post('/api/messagePush/smtp/test', { to: 'tester@example.edu.cn' }).expect(200);
    expect(mail.body.data).toEqual({ ok: true, error: null });
    const got = smtp.mails.find((m) => m.to === 'tester@example.edu.cn')!;
    expect(got.subject).toBe('【诊改平台】诊改平台测试消息');
    expect(got.text).toContain('收到即表示推送设置正确');
    expect(smtp.logins).toContain('zg:smtp-密码');
    const ding = await admin().post('/api/messagePush/robot/test', { departmentId: 'd-xxgc', channel: 'dingtalk' }).expect(200);
    expect(ding.body.data).toEqual({ ok: true, error: null });
    // A department without a robot answers why, not a failure of the request.
    const none = await admin().post('/api/messagePush/robot/test', { departmentId: 'd-jwc', channel: 'wecom' }).expect(200);
    expect(none.body.data).toEqual({ ok: false, error: '该部门未设置企业微信机器人' });
  });

  it('lets each person choose which kinds reach them by which channel', async () => {
    const owner = client(t);
    await owner.login('rwfzr', 'Demo2026').expect(200);
    const mine = await owner.get('/api/messagePush/preferences').expect(200);
    expect(mine.body.data.email).toBe('rwfzr@example.edu.cn');
    expect(mine.body.data.channels).toEqual([
      { channel: 'email', available: true, reason: null },
      { channel: 'dingtalk', available: true, reason: null },
      { channel: 'wecom', available: true, reason: null },
    ]);
    expect(mine.body.data.preferences).toHaveLength(6 * 3);
    expect(mine.body.data.preferences.every((p: { enabled: boolean }) => p.enabled)).toBe(true);
    const saved = await owner.post('/api/messagePush/preferences', { preferences: [{ kind: 'report', channel: 'email', enabled: false }] }).expect(200);
    expect(saved.body.data.preferences).toContainEqual({ kind: 'report', channel: 'email', enabled: false });
    expect(saved.body.data.preferences).toContainEqual({ kind: 'report', channel: 'dingtalk', enabled: true });
    // 张伟's department (教务处) has no robot: greyed out with the reason.
    const auditor = client(t);
    await auditor.login('bmshr', 'Demo2026').expect(200);
    const his = await auditor.get('/api/messagePush/preferences').expect(200);
    expect(his.body.data.channels[1]).toEqual({ channel: 'dingtalk', available: false, reason: '所在部门未设置钉钉群机器人' });
  });

  it('delivers an event\'s messages: a mail to each person, the department\'s robots (signed), the webhook (HMAC)', async () => {
    const hitsBefore = rx.hits.length;
    const batchId = await post([
      { userIds: ['u-owner', 'u-auditor'], kind: 'targetTask', title: '目标任务已下发', content: '王明下发了任务「提升专业建设水平」', objectType: 'target-task', objectId: 'mp-task-1', link: '/qualityManagement/annualWbs/personal?id=mp-task-1' },
      { userIds: ['u-owner'], kind: 'report', title: '质量报告已退回', content: '原因：数据不全', objectType: 'quality-report', objectId: 'mp-report-1', link: null },
    ]);
    const rows = await settled(batchId, 5);
    // 陈静's report mail is off (her choice): two mails, 信息工程学院's two robots (张伟's 教务处 has none), one webhook page.
    expect(rows.map((r) => `${r.channel}:${r.status}`).sort()).toEqual(['dingtalk:sent', 'email:sent', 'email:sent', 'webhook:sent', 'wecom:sent']);

    const owner = smtp.mails.find((m) => m.to === 'rwfzr@example.edu.cn')!;
    expect(owner.subject).toBe('【诊改平台】目标任务已下发');
    expect(owner.text).toContain('陈静，您好');
    expect(owner.text).toContain('王明下发了任务「提升专业建设水平」');
    expect(owner.text).toContain('https://zg.example.edu.cn/qualityManagement/annualWbs/personal?id=mp-task-1');
    expect(smtp.mails.filter((m) => m.to === 'rwfzr@example.edu.cn')).toHaveLength(1);
    expect(smtp.mails.find((m) => m.to === 'bmshr@example.edu.cn')?.subject).toBe('【诊改平台】目标任务已下发');

    const hits = rx.hits.slice(hitsBefore);
    const ding = hits.find((h) => h.path === '/ding-ok')!;
    expect(ding.query.get('access_token')).toBe('abc');
    const timestamp = ding.query.get('timestamp')!;
    expect(Math.abs(Date.now() - Number(timestamp))).toBeLessThan(60_000);
    expect(ding.query.get('sign')).toBe(dingSignOf(timestamp, DING_SECRET));
    expect(ding.body).toMatchObject({ msgtype: 'markdown', markdown: { title: '诊改平台：2 条新消息', text: expect.stringContaining('**陈静**：目标任务已下发') } });
    expect((ding.body.markdown as { text: string }).text).toContain('质量报告已退回');
    expect((ding.body.markdown as { text: string }).text).not.toContain('张伟');

    const wecom = hits.find((h) => h.path === '/wecom-ok')!;
    expect(wecom.query.get('key')).toBe('k1');
    expect(wecom.body).toEqual({ msgtype: 'markdown', markdown: { content: expect.stringContaining('### 诊改平台：2 条新消息') } });

    const hook = hits.find((h) => h.path === '/hook-ok')!;
    const sentAt = hook.headers['x-zhengai-timestamp'] as string;
    expect(hook.headers['x-zhengai-signature']).toBe(`sha256=${createHmac('sha256', HOOK_SECRET).update(`${sentAt}.${hook.raw}`).digest('hex')}`);
    expect(hook.body).toMatchObject({ event: 'messages', batchId, page: 1, pages: 1, total: 2 });
    // The webhook takes targetTask and warning only: the report message is not in it.
    expect((hook.body.messages as Array<{ userName: string; kind: string }>).map((m) => `${m.userName}:${m.kind}`).sort()).toEqual(['张伟:targetTask', '陈静:targetTask']);
  });

  it('sends each person ONE digest for a batch of many warnings, not a mail each', async () => {
    const mailsBefore = smtp.mails.length;
    const hitsBefore = rx.hits.length;
    const warnings: NewMessage[] = Array.from({ length: 40 }, (_, i) => ({
      userIds: ['u-owner'], kind: 'warning', title: `监测点预警 ${String(i + 1)}`, content: `指标「就业率」低于阈值（第 ${String(i + 1)} 条）`, objectType: 'warning', objectId: `mp-w-${String(i)}`, link: `/analysis/monitoring?id=mp-w-${String(i)}`,
    }));
    const batchId = await post(warnings);
    const rows = await settled(batchId, 4);
    expect(rows.map((r) => `${r.channel}:${r.status}:${String(r.message_count)}`).sort()).toEqual(['dingtalk:sent:40', 'email:sent:40', 'webhook:sent:40', 'wecom:sent:40']);
    const mails = smtp.mails.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('rwfzr@example.edu.cn');
    expect(mails[0]!.subject).toBe('【诊改平台】监测预警：新增 40 条预警');
    // The first five listed (messages of one batch share their time: any five), then the count and the message centre.
    expect(mails[0]!.text.split('\n').filter((line) => /^· 监测点预警 \d+：指标「就业率」低于阈值/.test(line))).toHaveLength(5);
    expect(mails[0]!.text).toContain('……等 40 条');
    expect(mails[0]!.text).toContain('https://zg.example.edu.cn/messages');
    const posts = rx.hits.slice(hitsBefore);
    expect(posts.filter((h) => h.path === '/ding-ok')).toHaveLength(1);
    expect(posts.find((h) => h.path === '/ding-ok')!.body).toMatchObject({ markdown: { title: '监测预警：新增 40 条预警', text: expect.stringContaining('**陈静**：40 条') } });
    expect((posts.find((h) => h.path === '/hook-ok')!.body.messages as unknown[]).length).toBe(40);
  });

  it('delivers a batch once, however often it is announced', async () => {
    const batchId = await post([{ userIds: ['u-auditor'], kind: 'targetTask', title: '任务已催办', content: '请尽快填报', objectType: null, objectId: null, link: null }]);
    await settled(batchId, 2);
    const mails = smtp.mails.length;
    const hits = rx.hits.length;
    await t.app.get(MessageAnnouncer, { strict: false }).announce(batchId);
    // Planned again by hand (as if the deliver job's id had expired): every delivery is recorded, nothing is queued.
    expect(await t.app.get(DeliveryService).deliverBatch(batchId)).toEqual({ queued: 0 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.mails.length).toBe(mails);
    expect(rx.hits.length).toBe(hits);
    expect((await deliveries(batchId)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('retries a failed delivery, then records it failed with its error, the event itself committed', async () => {
    await admin().post('/api/messagePush/robot', { departmentId: 'd-jwc', dingtalkUrl: `${rx.base}/ding-refuse?access_token=x`, wecomUrl: `${rx.base}/fail-500?key=y` }).expect(200);
    const before = rx.hits.length;
    const batchId = await post([{ userIds: ['u-depthead'], kind: 'diagnosis', title: '诊断任务已退回', content: '请修改后重新提交', objectType: 'diagnosis-task', objectId: 'mp-d-1', link: null }]);
    // The event's message stands, whatever push does.
    expect((await db.query(`SELECT title FROM message WHERE batch_id = $1`, [batchId]))).toEqual([{ title: '诊断任务已退回' }]);
    const rows = await settled(batchId, 3);
    const byChannel = Object.fromEntries(rows.map((r) => [r.channel, r]));
    expect(byChannel.email).toMatchObject({ status: 'sent' });
    expect(byChannel.dingtalk).toMatchObject({ status: 'failed', attempts: 3, last_error: expect.stringContaining('errcode 310000') });
    expect(byChannel.wecom).toMatchObject({ status: 'failed', attempts: 3, last_error: expect.stringContaining('HTTP 500') });
    const tries = rx.hits.slice(before);
    expect(tries.filter((h) => h.path === '/ding-refuse')).toHaveLength(3);
    expect(tries.filter((h) => h.path === '/fail-500')).toHaveLength(3);
    // The log shows it to the administrator.
    const log = await admin().get('/api/messagePush/deliveries?status=failed&pageSize=50').expect(200);
    expect(log.body.data.records).toContainEqual(expect.objectContaining({ batchId, channel: 'dingtalk', targetName: '教务处', status: 'failed', attempts: 3 }));
  });
});
