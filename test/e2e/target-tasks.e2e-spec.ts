import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
/** This suite's year target; every task it makes hangs under it (and only those are counted or removed). */
const YT = 'tte-yt';

jest.setTimeout(60_000);

/** Issue 13: target tasks (add, update, delete, detail), the list by page type and the moves of a task's life. */
describe('target tasks (issue 13)', () => {
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // u-publisher, 发展规划与质量管理处
  let admin: Client;
  let bmfzr: Client; // u-depthead, head of 教务处 (d-jwc)
  let bmshr: Client; // u-auditor, auditor in 教务处
  let rwfzr: Client; // u-owner, 信息工程学院 (d-xxgc)
  let xld: Client; // u-leader
  let a: string; // charge 教务处, owner 陈静, auditor 张伟
  let b: string; // charge 信息工程学院, owner 李红, cooperating 教务处
  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const base = { yearTargetId: YT, rwlx: 'A', rwnf: '2031', kssj: '2031-01-01', jssj: '2031-12-31' };
  const add = (c: Client, body: object) => c.post(`${API}/targetTask/add`, { ...base, ...body });
  const act = (c: Client, id: string, action: string, extra: object = {}) => c.post(`${API}/targetTask/move`, { id, action, ...extra });
  const ids = async (c: Client, pageType: string, extra = '') => {
    const res = await c.get(`${API}/targetTask/list?pageType=${pageType}&yearTargetId=${YT}&pageSize=50${extra}`);
    expect(res.body.meta).toMatchObject({ success: true });
    return ((res.body.data as { records: Array<{ id: string }> }).records.map((r) => r.id)).sort();
  };
  /** Every row this suite's tasks have, in every table a move writes. */
  const rows = async () => {
    const q = (sql: string) => db.query(sql, [YT]) as Promise<unknown[]>;
    const mine = `SELECT id FROM target_task WHERE year_target_id = $1`;
    return {
      tasks: await q(`SELECT id, rwjd, task_state, audit_state, jssj::text, target_value::text FROM target_task WHERE year_target_id = $1 ORDER BY id`),
      reports: await q(`SELECT task_id, kind, audit_state FROM progress_report WHERE task_id IN (${mine}) ORDER BY id`),
      delays: await q(`SELECT task_id, decision FROM task_delay WHERE task_id IN (${mine}) ORDER BY id`),
      urges: await q(`SELECT task_id, state FROM task_urge WHERE task_id IN (${mine}) ORDER BY id`),
      history: await q(`SELECT task_id, action, from_state, to_state FROM task_history WHERE task_id IN (${mine}) ORDER BY id`),
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    [fabu, admin, bmfzr, bmshr, rwfzr, xld] = await Promise.all([as('fabu'), as('admin', 'Admin2026'), as('bmfzr'), as('bmshr'), as('rwfzr'), as('xld')]);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, 'TTE测试年度目标', '2031', 'u-publisher')`, [YT]);
    const ra = await add(fabu, { rwmc: 'TTE任务甲', chargeDepartId: 'd-jwc', ownerId: 'u-owner', auditorId: 'u-auditor' });
    expect(ra.body).toMatchObject({ meta: { success: true, message: '新增成功' }, data: { rwmc: 'TTE任务甲', rwjd: 'notPushed', auditState: null, cjrmc: '王明', ownerName: '陈静', auditorName: '张伟' } });
    a = ra.body.data.id;
    const rb = await add(fabu, { rwmc: 'TTE任务乙', rwlx: 'B', chargeDepartId: 'd-xxgc', ownerId: 'u-depthead', auditorId: 'u-publisher', coopDepartIds: ['d-jwc'] });
    expect(rb.body.meta.success).toBe(true);
    b = rb.body.data.id;
    expect(rb.body.data.coopDepartments).toEqual([{ id: 'd-jwc', name: expect.any(String) }]);
  });
  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM target_task WHERE year_target_id = $1 AND parent_id IS NOT NULL`, [YT]);
      await db.query(`DELETE FROM target_task WHERE year_target_id = $1`, [YT]);
      await db.query(`DELETE FROM year_target WHERE id = $1`, [YT]);
    }
    await t?.close();
  });

  it('only the publisher or an administrator writes tasks, and the input is checked with Chinese messages', async () => {
    expect((await add(rwfzr, { rwmc: 'TTE越权', chargeDepartId: 'd-jwc', ownerId: 'u-owner' })).body.meta.success).toBe(false);
    const noName = await add(fabu, { rwmc: ' ', chargeDepartId: 'd-jwc', ownerId: 'u-owner' });
    expect(noName.status).toBe(400);
    expect(noName.body.meta).toEqual({ success: false, message: '请填写任务名称' });
    const dates = await add(fabu, { rwmc: 'TTE日期', chargeDepartId: 'd-jwc', ownerId: 'u-owner', kssj: '2031-05-01', jssj: '2031-04-01' });
    expect(dates.body.meta).toEqual({ success: false, message: '结束时间不能早于开始时间' });
    const updated = await admin.post(`${API}/targetTask/update`, { ...base, id: b, rwmc: 'TTE任务乙', rwlx: 'C', chargeDepartId: 'd-xxgc', ownerId: 'u-depthead', auditorId: 'u-publisher', coopDepartIds: ['d-jwc'] });
    expect(updated.body).toMatchObject({ meta: { success: true, message: '修改成功' }, data: { id: b, rwlx: 'C', rwlxmc: '一般任务' } });
  });

  it('refuses null, control characters and wrong types in add, update, move and the list with the field\'s Chinese message, storing nothing (issue 30)', async () => {
    const refused = (res: { status: number; body: { meta: unknown } }, message: string) =>
      expect({ status: res.status, meta: res.body.meta }).toEqual({ status: 400, meta: { success: false, message } });
    const before = await rows();
    const task = { rwmc: 'TTE拒收', chargeDepartId: 'd-jwc', ownerId: 'u-owner' };
    refused(await add(fabu, { ...task, rwmc: null }), '请填写任务名称');
    refused(await add(fabu, { ...task, rwmc: 'TTE\t拒收' }), '任务名称包含非法字符');
    refused(await add(fabu, { ...task, kssj: 20310101 }), '请填写开始时间（yyyy-MM-dd）');
    refused(await add(fabu, { ...task, examType: null }), '考核方式须为分数或等级');
    refused(await add(fabu, { ...task, coopDepartIds: [5] }), '协同部门第1项必须是文本');
    refused(await add(fabu, { ...task, targetUnit: '个'.repeat(21) }), '计量单位最多20个字符');
    refused(await admin.post(`${API}/targetTask/update`, { ...base, ...task, id: b, ownerId: null }), '请选择任务负责人');
    // A reason is at most 500 characters whatever the move (the old DTO let 1,000 through, and an urge stored them).
    refused(await act(fabu, a, 'urge', { reason: '长'.repeat(501) }), '原因最多500个字符');
    refused(await act(fabu, a, 'report', { valueReached: 'abc' }), '完成值须为数字');
    refused(await act(fabu, a, 'report', { fileIds: null }), '佐证材料须为文件列表');
    refused(await fabu.post(`${API}/targetTask/move`, { id: a, action: null }), '操作不正确');
    expect(await rows()).toEqual(before);
    refused(await fabu.get(`${API}/targetTask/list?pageType=YEAR_TASK&name=%09`), '名称包含非法字符');
    refused(await fabu.get(`${API}/targetTask/list?pageType=YEAR_TASK&leafOnly=maybe`), '仅末级任务必须是布尔值');
    refused(await fabu.get(`${API}/targetTask/detail?id=`), '缺少目标任务');
  });

  it('a task lives through audit, push, accept, define, report and the report audit, with a history row per move', async () => {
    expect((await act(fabu, a, 'submitAudit')).body).toMatchObject({ meta: { success: true }, data: { auditState: 0 } });
    expect((await act(bmshr, a, 'passAudit')).body).toMatchObject({ data: { auditState: 1 } });
    expect((await act(fabu, a, 'push')).body).toMatchObject({ data: { rwjd: 'waitAccept' } });
    // 陈静 owns it; it has no children, so it is a last-level task to define.
    expect((await act(rwfzr, a, 'accept')).body).toMatchObject({ data: { rwjd: 'waitDefine' } });
    const noTarget = await act(rwfzr, a, 'define');
    expect(noTarget.body.meta).toEqual({ success: false, message: '请填写大于0的量化目标值' });
    expect((await act(rwfzr, a, 'define', { target: 10 })).body).toMatchObject({ data: { rwjd: 'executeing', targetValue: 10, taskState: 'normal' } });
    const reported = await act(rwfzr, a, 'report', { reportType: 'final', content: '完成了', valueReached: 10 });
    expect(reported.body).toMatchObject({ meta: { success: true } });
    // The owner cannot audit their own report, even as … anyone: the domain's message, nothing written.
    const before = await rows();
    const own = await act(rwfzr, a, 'passReport');
    expect(own.body.meta).toEqual({ success: false, message: '任务负责人不能审核自己的进度' });
    expect(await rows()).toEqual(before);
    const passed = await act(bmshr, a, 'passReport');
    expect(passed.body).toMatchObject({ meta: { success: true }, data: { rwjd: 'hasDone', taskState: 'finished', actions: [] } });
    const after = await rows();
    expect(after.reports).toEqual([{ task_id: a, kind: 'final', audit_state: 'pass' }]);
    expect((after.history as Array<{ task_id: string; action: string }>).filter((h) => h.task_id === a).map((h) => h.action)).toEqual([
      'add', 'submitAudit', 'passAudit', 'push', 'accept', 'define', 'report', 'passReport',
    ]);
    // A task with a report is not deleted.
    const del = await fabu.post(`${API}/targetTask/delete`, { id: a });
    expect(del.body.meta).toEqual({ success: false, message: '该任务已有进度上报，不能删除' });
  });

  it('refuses an illegal move with the state it is in, and changes nothing', async () => {
    const before = await rows();
    const push = await act(fabu, b, 'push');
    expect(push.status).toBe(409);
    expect(push.body.meta).toEqual({ success: false, message: '任务审核状态为「未提交审核」，不能下发' });
    const accept = await act(bmfzr, b, 'accept');
    expect(accept.body.meta).toEqual({ success: false, message: '任务处于「未下发」状态，不能接收任务' });
    const stranger = await act(rwfzr, b, 'pause');
    expect(stranger.body.meta.success).toBe(false);
    expect(await rows()).toEqual(before);
  });

  it('a delay and an urge write their side rows', async () => {
    await act(fabu, b, 'submitAudit');
    await act(fabu, b, 'passAudit'); // 王明 is 乙's auditor
    await act(fabu, b, 'push');
    const child = await add(fabu, { rwmc: 'TTE任务乙-1', parentId: b, chargeDepartId: 'd-xxgc', ownerId: 'u-owner' });
    expect(child.body.meta.success).toBe(true);
    expect((await act(bmfzr, b, 'accept')).body).toMatchObject({ data: { rwjd: 'waitResolve' } });
    expect((await act(fabu, b, 'urge', { reason: '请尽快分解' })).body.meta.success).toBe(true);
    expect((await act(bmfzr, b, 'acceptUrge')).body.meta.success).toBe(true);
    expect((await act(bmfzr, b, 'resolve')).body).toMatchObject({ data: { rwjd: 'executeing' } });
    expect((await act(bmfzr, b, 'requestDelay', { reason: '资源不足', newEndDate: '2032-03-31' })).body.meta.success).toBe(true);
    expect((await act(fabu, b, 'grantDelay')).body).toMatchObject({ data: { rwjd: 'delayNotDone', jssj: '2032-03-31' } });
    const r = await rows();
    expect(r.urges).toEqual([{ task_id: b, state: 'acceptUrge' }]);
    expect(r.delays).toEqual([{ task_id: b, decision: 'granted' }]);
    // A task with children is not deleted; its child is.
    expect((await fabu.post(`${API}/targetTask/delete`, { id: b })).body.meta).toEqual({ success: false, message: '该任务下有子任务，不能删除' });
    expect((await fabu.post(`${API}/targetTask/delete`, { id: child.body.data.id })).body.meta).toEqual({ success: true, message: '删除成功' });
  });

  it('scopes the list by page type: everything to the publisher and leader, a department its own, an owner theirs', async () => {
    await db.query(`UPDATE target_task_coop_department SET owner_id = 'u-auditor' WHERE task_id = $1`, [b]);
    const both = [a, b].sort();
    expect(await ids(fabu, 'YEAR_TASK')).toEqual(both);
    expect(await ids(xld, 'YEAR_TASK')).toEqual(both);
    expect(await ids(fabu, 'MY_YEAR_TASK')).toEqual(both);
    expect(await ids(admin, 'MY_YEAR_TASK')).toEqual([]);
    // 李红 heads 教务处: 甲 is its task, 乙 only its cooperation.
    expect(await ids(bmfzr, 'DEPARTMENT_TASK')).toEqual([a]);
    expect(await ids(bmfzr, 'DEPARTMENT_COOP_TASK')).toEqual([b]);
    expect(await ids(rwfzr, 'DEPARTMENT_TASK')).toEqual([]);
    expect(await ids(rwfzr, 'MY_TASK')).toEqual([a]);
    expect(await ids(rwfzr, 'YEAR_TASK')).toEqual([a]);
    expect(await ids(bmshr, 'MY_COOP_TASK')).toEqual([b]);
    expect(await ids(rwfzr, 'MY_COOP_TASK')).toEqual([]);
    expect(await ids(fabu, 'WARNING_TASK')).toEqual([]);
    // Filters: name, task type, task state, year.
    expect(await ids(fabu, 'YEAR_TASK', `&name=${encodeURIComponent('任务甲')}`)).toEqual([a]);
    expect(await ids(fabu, 'YEAR_TASK', '&rwlx=C')).toEqual([b]);
    expect(await ids(fabu, 'YEAR_TASK', '&taskState=finished')).toEqual([a]);
    expect(await ids(fabu, 'YEAR_TASK', '&year=2030')).toEqual([]);
    const paged = await fabu.get(`${API}/targetTask/list?pageType=YEAR_TASK&yearTargetId=${YT}&pageSize=1&sort=asc`);
    expect(paged.body.data).toMatchObject({ total: 2, current: 1, pages: 2, records: [{ id: a }] });
    // The detail: 陈静 has no part in 乙.
    expect((await rwfzr.get(`${API}/targetTask/detail?id=${b}`)).body.meta.success).toBe(false);
    expect((await bmfzr.get(`${API}/targetTask/detail?id=${b}`)).body).toMatchObject({ meta: { success: true }, data: { id: b } });
  });
});
