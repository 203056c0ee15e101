import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
/** This suite's year and year target: no other suite or demo content uses them. */
const YEAR = '2039';
const YT = 'msg-yt';

jest.setTimeout(120_000);

type Client = ReturnType<typeof client>;
interface Row {
  user: string;
  kind: string;
  title: string;
  content: string;
  link: string | null;
}

/**
 * Issue 34, 消息中心: each target-task move leaves exactly the messages it should (the people it hands the next step to
 * or whose work it decided, never the actor), in the move's transaction (a refused move none); the unread count, the
 * list, marking read; nobody reads or marks another's messages.
 */
describe('messages (issue 34)', () => {
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // u-publisher 王明: creates and pushes
  let bmshr: Client; // u-auditor 张伟: audits
  let rwfzr: Client; // u-owner 陈静: owns the task
  let task: string;
  let seen = 0;

  const as = async (account: string): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, 'Demo2026')).status).toBe(200);
    return c;
  };
  const move = (c: Client, action: string, extra: object = {}) => c.post(`${API}/targetTask/move`, { id: task, action, ...extra });
  /** The messages of the task written since the last call. */
  const fresh = async (): Promise<Row[]> => {
    const rows: Row[] = await db.query(
      `SELECT user_id AS user, kind, title, content, link FROM message WHERE object_type = 'target-task' AND object_id = $1 ORDER BY created_at, user_id, title`, [task]);
    const out = rows.slice(seen);
    seen = rows.length;
    return out;
  };
  /** A move that succeeds and leaves exactly `expected` (user, title). */
  const leaves = async (c: Client, action: string, extra: object, expected: Array<[string, string]>) => {
    const res = await move(c, action, extra);
    expect({ action, meta: res.body.meta }).toEqual({ action, meta: { success: true, message: '操作成功' } });
    const rows = await fresh();
    expect(rows.map((r) => [r.user, r.title])).toEqual(expected);
    for (const r of rows) expect(r.kind).toBe('targetTask');
    return rows;
  };
  const refusedLeavesNone = async (c: Client, action: string, extra: object = {}) => {
    const res = await move(c, action, extra);
    expect(res.body.meta.success).toBe(false);
    expect(await fresh()).toEqual([]);
  };
  const unread = async (c: Client) => (await c.get('/api/message/unreadCount')).body.data as { total: number; byKind: Record<string, number>; latestId: string | null };

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: false, env: { WARNING_SCAN_EVERY_MINUTES: '0' } });
    db = await seed(t);
    [fabu, bmshr, rwfzr] = await Promise.all([as('fabu'), as('bmshr'), as('rwfzr')]);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, '消息年度目标', $2, 'u-publisher')`, [YT, YEAR]);
    const res = await fabu.post(`${API}/targetTask/add`, {
      yearTargetId: YT, rwmc: '消息测试任务', rwlx: 'A', rwnf: YEAR, kssj: `${YEAR}-01-01`, jssj: `${YEAR}-06-30`,
      chargeDepartId: 'd-jwc', ownerId: 'u-owner', auditorId: 'u-auditor', targetUnit: '篇',
    });
    expect(res.body.meta.success).toBe(true);
    task = res.body.data.id;
    // the people's messages from the demo, if any, are not this suite's: every figure below counts from a clean slate
    await db.query(`DELETE FROM message WHERE user_id IN ('u-publisher', 'u-auditor', 'u-owner')`);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('leaves a message for each person a move concerns, none on a refused move', async () => {
    await refusedLeavesNone(fabu, 'push');
    await leaves(fabu, 'submitAudit', {}, [['u-auditor', '目标任务待审核']]);
    const failed = await leaves(bmshr, 'failAudit', { reason: '目标表述不清' }, [['u-publisher', '目标任务审核未通过']]);
    expect(failed[0]!.content).toBe('张伟审核驳回了目标任务「消息测试任务」，原因：目标表述不清');
    expect(failed[0]!.link).toBe(`/qualityManagement/annualWbs/yearTask?task=${task}`);
    await leaves(fabu, 'submitAudit', {}, [['u-auditor', '目标任务待审核']]);
    await leaves(bmshr, 'passAudit', {}, [['u-publisher', '目标任务审核通过']]);
    const pushed = await leaves(fabu, 'push', {}, [['u-owner', '目标任务已下发']]);
    expect(pushed[0]!.content).toBe('王明下发了目标任务「消息测试任务」，请接收');
    expect(pushed[0]!.link).toBe(`/qualityManagement/annualWbs/personal?task=${task}`);
    await leaves(rwfzr, 'sendBack', { reason: '分工不合理' }, [['u-publisher', '目标任务已退回']]);
    await leaves(fabu, 'push', {}, [['u-owner', '目标任务已下发']]);
    await leaves(rwfzr, 'accept', {}, []);
    await leaves(fabu, 'urge', { reason: '请尽快制定目标' }, [['u-owner', '目标任务督办']]);
    await refusedLeavesNone(rwfzr, 'define', { target: 0 });
    await leaves(rwfzr, 'define', { target: 80 }, []);
    const reported = await leaves(rwfzr, 'report', { reportType: 'process', content: '完成初稿', valueReached: 20 }, [['u-auditor', '进度报告待审核']]);
    expect(reported[0]!.link).toBe(`/qualityManagement/annualWbs/department?task=${task}`);
    await refusedLeavesNone(rwfzr, 'rejectReport', { reason: '自己驳回' });
    const rejected = await leaves(bmshr, 'rejectReport', { reason: '佐证材料不完整' }, [['u-owner', '目标任务已驳回']]);
    expect(rejected[0]!.content).toBe('张伟驳回了目标任务「消息测试任务」的进度报告，原因：佐证材料不完整');
    await leaves(rwfzr, 'requestDelay', { newEndDate: `${YEAR}-09-30`, reason: '设备未到' }, [['u-auditor', '延期申请待审批']]);
    const granted = await leaves(bmshr, 'grantDelay', {}, [['u-owner', '延期申请已同意']]);
    expect(granted[0]!.content).toContain(`${YEAR}-09-30`);
  });

  it('counts the unread, lists unread first, and marks only the person\'s own messages read', async () => {
    // 陈静: pushed twice, urged, rejected, delay granted
    const before = await unread(rwfzr);
    expect(before.total).toBe(5);
    expect(before.byKind).toEqual({ targetTask: 5, diagnosis: 0, collection: 0, report: 0, warning: 0, mention: 0 });
    const list = (await rwfzr.get('/api/message/list?pageSize=50')).body.data as { total: number; records: Array<{ id: string; title: string; readAt: string | null; createdAt: string }> };
    expect(list.total).toBe(5);
    expect(before.latestId).toBe(list.records[0]!.id);
    expect((await rwfzr.get('/api/message/list?kind=report')).body.data.total).toBe(0);

    // 张伟 cannot mark 陈静's message, nor read it in his list
    const hers = list.records[0]!.id;
    const foreign = await bmshr.post('/api/message/read', { ids: [hers] });
    expect(foreign.body.data).toEqual({ updated: 0 });
    expect((await unread(rwfzr)).total).toBe(5);
    const his = (await bmshr.get('/api/message/list?pageSize=50')).body.data as { records: Array<{ id: string }> };
    expect(his.records.map((r) => r.id)).not.toContain(hers);

    // she marks one: it drops to the end of the list (unread first) and out of the count
    expect((await rwfzr.post('/api/message/read', { ids: [hers, hers] })).body.data).toEqual({ updated: 1 });
    expect((await rwfzr.post('/api/message/read', { ids: [hers] })).body.data).toEqual({ updated: 0 });
    const after = (await rwfzr.get('/api/message/list?pageSize=50')).body.data as { records: Array<{ id: string; readAt: string | null }> };
    expect(after.records.map((r) => r.readAt === null)).toEqual([true, true, true, true, false]);
    expect(after.records[4]!.id).toBe(hers);
    expect((await unread(rwfzr)).total).toBe(4);
    expect((await rwfzr.get('/api/message/list?unreadOnly=true')).body.data.total).toBe(4);

    // nothing to mark is refused with a Chinese message
    const empty = await rwfzr.post('/api/message/read', { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.meta.message).toBe('请选择消息');

    // 全部已读: hers only
    const auditorBefore = (await unread(bmshr)).total;
    expect(auditorBefore).toBe(4);
    expect((await rwfzr.post('/api/message/readAll', {})).body.data).toEqual({ updated: 4 });
    expect((await unread(rwfzr)).total).toBe(0);
    expect((await unread(bmshr)).total).toBe(auditorBefore);
    expect((await bmshr.post('/api/message/readAll', { kind: 'report' })).body.data).toEqual({ updated: 0 });
    expect((await unread(bmshr)).total).toBe(auditorBefore);
  });

  it('a quality report\'s moves, share and @mention tell the experts, the school leaders, the author, whom it names', async () => {
    const SJGL = '/api/herm-sjgl';
    const [zj, xld] = await Promise.all([as('zj'), as('xld')]);
    const report = 'msg-report';
    await db.query(
      `INSERT INTO quality_report (id, report_name, cycle_value, scopes, template_id, template, cover_id, cover, principal, author_id, state, overview, tables, score, built_at)
       SELECT $1, '消息测试报告', cycle_value, scopes, template_id, template, cover_id, cover, principal, 'u-publisher', 'draft', overview, tables, score, built_at FROM quality_report WHERE id = 'qr-demo-2026'`, [report]);
    const holders = async (code: string): Promise<string[]> => (await db.query(`SELECT DISTINCT ur.user_id AS id FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE r.code = $1 ORDER BY 1`, [code])).map((r: { id: string }) => r.id);
    let seenReport = 0;
    const reportRows = async () => {
      const rows: Row[] = await db.query(`SELECT user_id AS user, kind, title, content, link FROM message WHERE object_type = 'quality-report' AND object_id = $1 ORDER BY created_at, user_id`, [report]);
      const out = rows.slice(seenReport);
      seenReport = rows.length;
      return out;
    };
    const titles = (rows: Row[]) => rows.map((r) => [r.user, r.kind, r.title]);

    expect((await rwfzr.post(`${SJGL}/report/submit`, { id: report })).body.meta.success).toBe(false);
    expect(await reportRows()).toEqual([]);
    expect((await fabu.post(`${SJGL}/report/submit`, { id: report })).body.meta.success).toBe(true);
    const experts = await holders('expert');
    expect(experts).toContain('u-expert');
    const submitted = await reportRows();
    expect(titles(submitted)).toEqual(experts.map((id) => [id, 'report', '质量报告待审核']));
    expect(submitted[0]!.link).toBe(`/qualityManagement/qualityReport?report=${report}`);
    expect((await zj.post(`${SJGL}/report/review`, { id: report, fhjg: 'A', opinion: '同意' })).body.meta.success).toBe(true);
    expect(titles(await reportRows())).toEqual((await holders('schoolLeader')).map((id) => [id, 'report', '质量报告待发布']));
    expect((await xld.post(`${SJGL}/report/review`, { id: report, fhjg: 'A', opinion: '发布' })).body.meta.success).toBe(true);
    const published = await reportRows();
    expect(titles(published)).toEqual([['u-publisher', 'report', '质量报告已发布']]);
    expect(published[0]!.content).toBe('刘建国审核发布了质量报告「消息测试报告」');
    expect((await fabu.post(`${SJGL}/report/share`, { id: report, userIds: ['u-owner'] })).body.meta.success).toBe(true);
    expect(titles(await reportRows())).toEqual([['u-owner', 'report', '质量报告已共享']]);
    expect((await fabu.post(`${SJGL}/report/discuss`, { id: report, content: '请看 @陈静', mentionIds: ['u-owner'] })).body.meta.success).toBe(true);
    const mentioned = await reportRows();
    expect(titles(mentioned)).toEqual([['u-owner', 'mention', '有人在质量报告中@了你']]);
    expect(mentioned[0]!.content).toBe('王明在质量报告「消息测试报告」的讨论中@了你：请看 @陈静');
  });

  it('refuses the routes without a session', async () => {
    const anonymous = client(t);
    expect((await anonymous.get('/api/message/unreadCount')).status).toBe(401);
    expect((await anonymous.post('/api/message/readAll', {})).status).toBe(401);
  });
});
