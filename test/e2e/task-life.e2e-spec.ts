import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { PNG_1x1, tempFilesDir, uploadFile, type Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
/** This suite's cycle year and year targets: no other suite or demo content uses them, so whole lists can be compared. */
const YEAR = '2037';
const YT1 = 'tlf-yt-1';
const YT2 = 'tlf-yt-2';

jest.setTimeout(120_000);

interface Envelope<T = unknown> {
  meta: { success: boolean; message: string };
  code?: number;
  data: T;
}
interface Node {
  id: string;
  kind: string;
  name: string;
  rwjd: string | null;
  children: Node[];
}

/**
 * Issue 13, a task's whole life (target-tasks.e2e-spec.ts has add/update/delete and the list's page types): every
 * allowed move, illegal ones refused with the state named and nothing changed; the situation's numbers; the catalog's
 * tree; report evidence, task files and cooperating departments, each with who may and who may not.
 */
describe('a target task from publishing to finished (issue 13)', () => {
  const files = tempFilesDir();
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // u-publisher 王明: the year target publisher
  let admin: Client;
  let bmfzr: Client; // u-depthead 李红: head of 教务处 (d-jwc), owner of the parent task P
  let bmshr: Client; // u-auditor 张伟: auditor of L, in 教务处
  let rwfzr: Client; // u-owner 陈静: 信息工程学院, owner of the last-level task L
  let xld: Client; // u-leader: school leader, sees everything
  let P: string; // 教务处, owner 李红, decomposed into L
  let L: string; // 教务处, owner 陈静, auditor 张伟: the one whose life this is
  let X: string; // 信息工程学院, owner 王明: nobody above but the publisher's side sees it
  let Z: string; // under the second year target, 教务处, owner 王明
  let myFile: { fileId: string; fileName: string }; // 陈静's
  let myFile2: { fileId: string; fileName: string }; // 陈静's
  let othersFile: { fileId: string; fileName: string }; // 王明's

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const add = async (body: object): Promise<string> => {
    const res = await fabu.post(`${API}/targetTask/add`, { rwlx: 'A', rwnf: YEAR, kssj: `${YEAR}-01-01`, jssj: `${YEAR}-12-31`, ...body });
    expect(res.body.meta).toMatchObject({ success: true });
    return res.body.data.id as string;
  };
  const act = (c: Client, id: string, action: string, extra: object = {}) => c.post(`${API}/targetTask/move`, { id, action, ...extra });
  const ok = async (c: Client, id: string, action: string, extra: object = {}) => {
    const res = await act(c, id, action, extra);
    expect({ action, meta: res.body.meta }).toEqual({ action, meta: { success: true, message: '操作成功' } });
    return res.body.data as {
      rwjd: string; taskState: string; auditState: number | null; jssj: string; actions: string[];
      rejection: { kind: string; reason: string; at: string; byName: string | null } | null;
      openUrge: { message: string | null; at: string; fromName: string | null } | null;
    };
  };
  const situation = async (c: Client, id: string) => {
    const res = await c.get(`${API}/targetTask/situation?id=${id}`);
    return res.body as Envelope<{
      task: { id: string; rwjd: string; actions: string[] };
      progress: string;
      scheduleStatus: string;
      path: Array<{ id: string; rwmc: string }>;
      children: Array<{ id: string }>;
      reports: Array<{ kind: string; auditState: string; auditReason: string | null; progress: string; valueReached: number | null; reporterName: string; auditorName: string | null; files: Array<{ fileId: string; fileName: string; stage: string }> }>;
      delays: Array<{ decision: string; oldEndDate: string; newEndDate: string; decisionReason: string | null }>;
      urges: Array<{ state: string; status: string; urgeType: number; fromName: string; toName: string }>;
      warnings: unknown[];
      history: Array<{ action: string; actorName: string; fromState: string | null; toState: string | null; reason: string | null }>;
      files: Array<{ id: string; fileId: string; fileName: string; stage: string; lxmc?: string | null }>;
    }>;
  };
  const ids = async (c: Client, pageType: string, extra = '') => {
    const cycle = extra.includes('cycleYear=') ? '' : `&cycleYear=${YEAR}`;
    const res = await c.get(`${API}/targetTask/list?pageType=${pageType}${cycle}&pageSize=50${extra}`);
    expect(res.body.meta).toMatchObject({ success: true });
    return ((res.body.data as { records: Array<{ id: string }> }).records.map((r) => r.id)).sort();
  };
  /** Every row of this suite's tasks, in every table a move or a files route writes. */
  const rows = async () => {
    const q = (sql: string) => db.query(sql, [[YT1, YT2]]) as Promise<unknown[]>;
    const mine = `SELECT id FROM target_task WHERE year_target_id = ANY($1)`;
    return {
      tasks: await q(`SELECT id, rwjd, task_state, audit_state, jssj::text, target_value::text, audit_reason FROM target_task WHERE year_target_id = ANY($1) ORDER BY id`),
      reports: await q(`SELECT id, task_id, kind, audit_state, audit_reason, value_reached::text FROM progress_report WHERE task_id IN (${mine}) ORDER BY id`),
      delays: await q(`SELECT id, task_id, decision, new_end_date::text FROM task_delay WHERE task_id IN (${mine}) ORDER BY id`),
      urges: await q(`SELECT id, task_id, state, urge_type FROM task_urge WHERE task_id IN (${mine}) ORDER BY id`),
      history: await q(`SELECT id, task_id, action FROM task_history WHERE task_id IN (${mine}) ORDER BY id`),
      coops: await q(`SELECT task_id, department_id, owner_id FROM target_task_coop_department WHERE task_id IN (${mine}) ORDER BY task_id, department_id`),
      attachments: await q(`SELECT id, owner_type, owner_id, stage, name, lx_id FROM attachment
                            WHERE owner_id IN (${mine}) OR owner_id IN (SELECT id FROM progress_report WHERE task_id IN (${mine})) ORDER BY id`),
    };
  };
  /** An illegal move: 409, the domain's message naming the state, and no row of the suite changed. */
  const refused = async (c: Client, id: string, action: string, message: string, extra: object = {}) => {
    const before = await rows();
    const res = await act(c, id, action, extra);
    expect({ action, status: res.status, meta: res.body.meta }).toEqual({ action, status: 409, meta: { success: false, message } });
    expect(await rows()).toEqual(before);
  };
  /** Any refusal (not a 409: a permission or an input check) that writes nothing. */
  const refusedAs = async (call: () => Promise<{ body: Envelope }>, message: string | RegExp) => {
    const before = await rows();
    const res = await call();
    expect(res.body.meta.success).toBe(false);
    if (typeof message === 'string') expect(res.body.meta.message).toBe(message);
    else expect(res.body.meta.message).toMatch(message);
    expect(await rows()).toEqual(before);
  };

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true, env: { FILES_DIR: files.dir, WARNING_SCAN_EVERY_MINUTES: '0' } });
    db = await seed(t);
    [fabu, admin, bmfzr, bmshr, rwfzr, xld] = await Promise.all([as('fabu'), as('admin', 'Admin2026'), as('bmfzr'), as('bmshr'), as('rwfzr'), as('xld')]);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, 'TLF年度目标一', $3, 'u-publisher'), ($2, 'TLF年度目标二', $3, 'u-publisher')`, [YT1, YT2, YEAR]);
    P = await add({ yearTargetId: YT1, rwmc: 'TLF总任务', chargeDepartId: 'd-jwc', ownerId: 'u-depthead', auditorId: 'u-auditor' });
    L = await add({ yearTargetId: YT1, parentId: P, rwmc: 'TLF末级任务', chargeDepartId: 'd-jwc', ownerId: 'u-owner', auditorId: 'u-auditor', targetUnit: '篇' });
    X = await add({ yearTargetId: YT1, rwmc: 'TLF信息学院任务', rwlx: 'B', chargeDepartId: 'd-xxgc', ownerId: 'u-publisher', auditorId: 'u-publisher' });
    Z = await add({ yearTargetId: YT2, rwmc: 'TLF目标二任务', chargeDepartId: 'd-jwc', ownerId: 'u-publisher' });
    myFile = await uploadFile(t, rwfzr, '进度材料.png', PNG_1x1);
    myFile2 = await uploadFile(t, rwfzr, '补充材料.png', PNG_1x1);
    othersFile = await uploadFile(t, fabu, '王明的文件.png', PNG_1x1);
  });

  afterAll(async () => {
    if (db) {
      await db.query(`DELETE FROM attachment WHERE owner_type = 'target-task' AND owner_id IN (SELECT id FROM target_task WHERE year_target_id = ANY($1))`, [[YT1, YT2]]);
      await db.query(`DELETE FROM attachment WHERE owner_type = 'progress-report' AND owner_id IN (SELECT r.id FROM progress_report r JOIN target_task t ON t.id = r.task_id WHERE t.year_target_id = ANY($1))`, [[YT1, YT2]]);
      await db.query(`DELETE FROM target_task WHERE year_target_id = ANY($1) AND parent_id IS NOT NULL`, [[YT1, YT2]]);
      await db.query(`DELETE FROM target_task WHERE year_target_id = ANY($1)`, [[YT1, YT2]]);
      await db.query(`DELETE FROM year_target WHERE id = ANY($1)`, [[YT1, YT2]]);
    }
    await t?.close();
    files.remove();
  });

  it('a department head sees their department\'s tasks and no other\'s; an owner only their own (list and situation)', async () => {
    // 李红 heads 教务处: P, L (and Z under the second target); 信息工程学院's X is not hers.
    expect(await ids(bmfzr, 'DEPARTMENT_TASK')).toEqual([P, L, Z].sort());
    expect(await ids(bmfzr, 'YEAR_TASK')).toEqual([P, L, Z].sort());
    expect((await situation(bmfzr, L)).meta.success).toBe(true);
    const foreign = await situation(bmfzr, X);
    expect(foreign.meta).toMatchObject({ success: false });
    expect(foreign.data).toBeNull();
    // 陈静 owns L only.
    expect(await ids(rwfzr, 'MY_TASK')).toEqual([L]);
    expect(await ids(rwfzr, 'YEAR_TASK')).toEqual([L]);
    expect(await ids(rwfzr, 'DEPARTMENT_TASK')).toEqual([]);
    for (const other of [P, X, Z]) expect((await situation(rwfzr, other)).meta.success).toBe(false);
    // The publisher and the school leader see all four.
    expect(await ids(xld, 'YEAR_TASK')).toEqual([P, L, X, Z].sort());
    expect((await situation(xld, X)).meta.success).toBe(true);
  });

  it('filters by target cycle, charge department and last-level name or owner', async () => {
    expect(await ids(fabu, 'YEAR_TASK')).toEqual([P, L, X, Z].sort());
    expect(await ids(fabu, 'YEAR_TASK', '&cycleYear=2036')).toEqual([]);
    expect(await ids(fabu, 'YEAR_TASK', '&chargeDepartId=d-xxgc')).toEqual([X]);
    // Last-level: P has a child, so it never matches, though its name contains 任务 too.
    expect(await ids(fabu, 'YEAR_TASK', `&leafName=${encodeURIComponent('TLF')}`)).toEqual([L, X, Z].sort());
    expect(await ids(fabu, 'YEAR_TASK', `&leafName=${encodeURIComponent('总任务')}`)).toEqual([]);
    expect(await ids(fabu, 'YEAR_TASK', `&leafOwner=${encodeURIComponent('陈静')}`)).toEqual([L]);
    expect(await ids(fabu, 'YEAR_TASK', `&leafOwner=${encodeURIComponent('李红')}`)).toEqual([]);
    expect(await ids(fabu, 'YEAR_TASK', '&leafOnly=true')).toEqual([L, X, Z].sort());
    expect(await ids(fabu, 'YEAR_TASK', `&leafOwner=${encodeURIComponent('王明')}&chargeDepartId=d-jwc`)).toEqual([Z]);
  });

  it('answers the year\'s catalog as a tree, scoped: the tasks one sees and their ancestors', async () => {
    const tree = async (c: Client, year = YEAR) => {
      const res = await c.get(`${API}/targetTask/catalog?year=${year}`);
      expect(res.body.meta.success).toBe(true);
      return res.body.data as Node[];
    };
    const shape = (nodes: Node[]): unknown[] => nodes.map((n) => ({ [`${n.kind}:${n.name}`]: shape(n.children) }));
    expect(shape(await tree(fabu))).toEqual([
      { 'yearTarget:TLF年度目标一': [{ 'task:TLF总任务': [{ 'task:TLF末级任务': [] }] }, { 'task:TLF信息学院任务': [] }] },
      { 'yearTarget:TLF年度目标二': [{ 'task:TLF目标二任务': [] }] },
    ]);
    const all = await tree(fabu);
    expect(all[0]).toMatchObject({ id: YT1, kind: 'yearTarget', rwjd: null });
    expect(all[0]!.children[0]).toMatchObject({ id: P, rwjd: 'notPushed', children: [{ id: L, rwjd: 'notPushed', children: [] }] });
    // 陈静 sees L, and P only as its path; nothing of the second target.
    expect(shape(await tree(rwfzr))).toEqual([{ 'yearTarget:TLF年度目标一': [{ 'task:TLF总任务': [{ 'task:TLF末级任务': [] }] }] }]);
    expect(shape(await tree(bmfzr))).toEqual([
      { 'yearTarget:TLF年度目标一': [{ 'task:TLF总任务': [{ 'task:TLF末级任务': [] }] }] },
      { 'yearTarget:TLF年度目标二': [{ 'task:TLF目标二任务': [] }] },
    ]);
    expect(await tree(fabu, '2036')).toEqual([]);
    const bad = await fabu.get(`${API}/targetTask/catalog?year=20x7`);
    expect(bad.body.meta).toEqual({ success: false, message: '年份须为四位年份' });
    // The query as the contract's TaskCatalogQuery reads it (issue 30).
    for (const [query, message] of [['year=', '请选择年份'], ['year=2%0926', '年份包含非法字符'], ['year=20261', '年份须为四位年份']]) {
      const res = await fabu.get(`${API}/targetTask/catalog?${query}`);
      expect({ query, status: res.status, meta: res.body.meta }).toEqual({ query, status: 400, meta: { success: false, message } });
    }
  });

  it('the parent task: audit failed and passed, pushed, sent back, pushed again, accepted to decompose, resolved', async () => {
    await refused(fabu, P, 'push', '任务审核状态为「未提交审核」，不能下发');
    await refused(bmshr, P, 'passAudit', '任务审核状态为「未提交审核」，不能审核通过');
    expect(await ok(fabu, P, 'submitAudit')).toMatchObject({ auditState: 0, rwjd: 'notPushed' });
    await refused(bmshr, P, 'failAudit', '请填写审核不通过的原因');
    // the failed submission stands on the task (its card shows it) until it is submitted again (issue 34)
    expect(await ok(bmshr, P, 'failAudit', { reason: '目标表述不清' })).toMatchObject({
      auditState: 2,
      rejection: { kind: 'audit', reason: '目标表述不清', byName: '张伟', at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) },
    });
    expect(await ok(fabu, P, 'submitAudit')).toMatchObject({ auditState: 0, rejection: null });
    expect(await ok(bmshr, P, 'passAudit')).toMatchObject({ auditState: 1 });
    expect(await ok(fabu, P, 'push')).toMatchObject({ rwjd: 'waitAccept' });
    await refused(bmfzr, P, 'resolve', '任务处于「待接收」状态，不能完成分解');
    expect(await ok(bmfzr, P, 'sendBack', { reason: '分工不合理' })).toMatchObject({ rwjd: 'goBack', auditState: 1 });
    // Sent back, the audit stands: no new submission, pushed again as it is.
    await refused(fabu, P, 'submitAudit', '任务审核状态为「审核通过」，不能提交审核');
    expect(await ok(fabu, P, 'push')).toMatchObject({ rwjd: 'waitAccept' });
    // P has a child: accepted, it waits to be decomposed.
    expect(await ok(bmfzr, P, 'accept')).toMatchObject({ rwjd: 'waitResolve' });
    await refused(bmfzr, P, 'report', '任务处于「待分解」状态，不能提交进度', { reportType: 'process', content: 'x' });
    expect(await ok(bmfzr, P, 'resolve')).toMatchObject({ rwjd: 'executeing' });
    const s = await situation(fabu, P);
    expect(s.data.children.map((c) => c.id)).toEqual([L]);
    expect(s.data.path).toEqual([]);
    expect(s.data.history.map((h) => [h.action, h.actorName, h.fromState, h.toState])).toEqual([
      ['add', '王明', null, 'notPushed'],
      ['submitAudit', '王明', 'notPushed', 'notPushed'],
      ['failAudit', '张伟', 'notPushed', 'notPushed'],
      ['submitAudit', '王明', 'notPushed', 'notPushed'],
      ['passAudit', '张伟', 'notPushed', 'notPushed'],
      ['push', '王明', 'notPushed', 'waitAccept'],
      ['sendBack', '李红', 'waitAccept', 'goBack'],
      ['push', '王明', 'goBack', 'waitAccept'],
      ['accept', '李红', 'waitAccept', 'waitResolve'],
      ['resolve', '李红', 'waitResolve', 'executeing'],
    ]);
    expect(s.data.history.find((h) => h.action === 'failAudit')?.reason).toBe('目标表述不清');
  });

  it('the last-level task lives from push to delayDone, each illegal move refused with nothing changed', async () => {
    await ok(fabu, L, 'submitAudit');
    await ok(bmshr, L, 'passAudit');
    expect(await ok(fabu, L, 'push')).toMatchObject({ rwjd: 'waitAccept' });
    await refused(rwfzr, L, 'report', '任务处于「待接收」状态，不能提交进度', { reportType: 'process', content: '太早了' });
    expect(await ok(rwfzr, L, 'accept')).toMatchObject({ rwjd: 'waitDefine' });
    // Urged while the target is not set; only the owner accepts, once.
    await refused(rwfzr, L, 'acceptUrge', '没有待接收的催办');
    expect((await ok(bmfzr, L, 'urge', { reason: '请尽快制定目标' })).openUrge).toMatchObject({ message: '请尽快制定目标', fromName: '李红' });
    await refusedAs(() => act(bmshr, L, 'acceptUrge'), /.+/);
    expect(await ok(rwfzr, L, 'acceptUrge')).toMatchObject({ openUrge: null, rejection: null });
    await refused(rwfzr, L, 'define', '请填写大于0的量化目标值', { target: 0 });
    expect(await ok(rwfzr, L, 'define', { target: 80 })).toMatchObject({ rwjd: 'executeing' });

    // A process report with a file; the owner cannot audit it; the auditor rejects it with a reason.
    await ok(rwfzr, L, 'report', { reportType: 'process', content: '完成初稿', valueReached: 20, fileIds: [myFile.fileId] });
    await refused(rwfzr, L, 'report', '已有进度在审核中，请等待审核后再提交', { reportType: 'process', content: '再来一次', valueReached: 30 });
    await refused(rwfzr, L, 'passReport', '任务负责人不能审核自己的进度');
    await refused(rwfzr, L, 'rejectReport', '任务负责人不能审核自己的进度', { reason: '自己驳回' });
    await refused(bmshr, L, 'rejectReport', '请填写驳回原因');
    expect((await ok(bmshr, L, 'rejectReport', { reason: '佐证材料不完整' })).rejection).toMatchObject({ kind: 'report', reason: '佐证材料不完整', byName: '张伟' });
    // the owner's card (their list) shows the rejection while it stands (issue 34)
    const mine = await rwfzr.get(`${API}/targetTask/list?pageType=MY_TASK&cycleYear=${YEAR}&pageSize=50`);
    expect((mine.body.data as { records: Array<{ id: string; rwjd: string; rejection: unknown }> }).records.find((r) => r.id === L)).toMatchObject({
      rwjd: 'executeing',
      rejection: { kind: 'report', reason: '佐证材料不完整', byName: '张伟' },
    });
    let s = (await situation(rwfzr, L)).data;
    expect(s.reports).toHaveLength(1);
    expect(s.reports[0]).toMatchObject({ kind: 'process', auditState: 'reject', auditReason: '佐证材料不完整', valueReached: 20, progress: '25.00', reporterName: '陈静', auditorName: '张伟' });
    expect(s.reports[0]!.files).toEqual([expect.objectContaining({ fileId: myFile.fileId, fileName: '进度材料.png', stage: 'process' })]);
    // A rejected report is no progress.
    expect(s.progress).toBe('0');
    expect(s.path).toEqual([{ id: P, rwmc: 'TLF总任务' }]);

    // Evidence must be the reporter's own merged files of allowed types: refused before anything is written.
    await refusedAs(() => act(rwfzr, L, 'report', { reportType: 'process', content: '补交', valueReached: 40, fileIds: [othersFile.fileId] }), '佐证材料只能是本人上传的文件');
    await refusedAs(() => act(rwfzr, L, 'report', { reportType: 'process', content: '补交', valueReached: 40, fileIds: ['no-such-file'] }), '佐证材料文件不存在或尚未合并完成');
    // reported again: the rejection no longer stands
    expect(await ok(rwfzr, L, 'report', { reportType: 'process', content: '补交材料', valueReached: 40, fileIds: [myFile.fileId, myFile2.fileId] })).toMatchObject({ rejection: null });
    // The parent task's owner passes a child's report as childPass.
    await ok(bmfzr, L, 'passReport');
    s = (await situation(bmshr, L)).data;
    expect(s.reports.map((r) => [r.auditState, r.progress, r.files.length])).toEqual([['childPass', '50.00', 2], ['reject', '25.00', 1]]);
    expect(s.progress).toBe('50.00');

    // A delay refused, then asked again and granted: jssj moves, the task is delayNotDone.
    await refused(rwfzr, L, 'requestDelay', '请填写延期原因', { newEndDate: `${Number(YEAR) + 1}-03-31` });
    await ok(rwfzr, L, 'requestDelay', { reason: '数据未到', newEndDate: `${Number(YEAR) + 1}-02-28` });
    await refused(rwfzr, L, 'grantDelay', '任务负责人不能审批自己的延期申请');
    await ok(bmshr, L, 'refuseDelay', { reason: '理由不充分' });
    await refused(bmshr, L, 'grantDelay', '没有待审批的延期申请');
    await ok(rwfzr, L, 'requestDelay', { reason: '外部数据延迟发布', newEndDate: `${Number(YEAR) + 1}-03-31` });
    expect(await ok(bmshr, L, 'grantDelay')).toMatchObject({ rwjd: 'delayNotDone', jssj: `${Number(YEAR) + 1}-03-31` });
    s = (await situation(rwfzr, L)).data;
    expect(s.delays.map((d) => [d.decision, d.oldEndDate, d.newEndDate, d.decisionReason])).toEqual([
      ['granted', `${YEAR}-12-31`, `${Number(YEAR) + 1}-03-31`, null],
      ['refused', `${YEAR}-12-31`, `${Number(YEAR) + 1}-02-28`, '理由不充分'],
    ]);
    expect(s.urges).toEqual([expect.objectContaining({ state: 'acceptUrge', status: 'targetNotSet', urgeType: 1, fromName: '李红', toName: '陈静' })]);

    // Paused, it takes nothing but resume.
    await ok(fabu, L, 'pause');
    await refused(rwfzr, L, 'report', '任务处于「暂停」状态，不能提交进度', { reportType: 'final', content: '暂停中' });
    await ok(fabu, L, 'resume');
    await refused(fabu, L, 'resume', '任务处于「正常」状态，不能恢复');

    // The final report passed by the auditor finishes the delayed task.
    await ok(rwfzr, L, 'report', { reportType: 'final', content: '全部完成', valueReached: 80 });
    const done = await ok(bmshr, L, 'passReport');
    expect(done).toMatchObject({ rwjd: 'delayDone', taskState: 'finished', actions: [] });
    s = (await situation(rwfzr, L)).data;
    expect(s).toMatchObject({ progress: '100.00', scheduleStatus: 'finish' });
    expect(s.reports.map((r) => [r.kind, r.auditState, r.progress])).toEqual([['final', 'pass', '100.00'], ['process', 'childPass', '50.00'], ['process', 'reject', '25.00']]);
    await refused(rwfzr, L, 'report', '任务处于「延期完成」状态，不能提交进度', { reportType: 'process', content: '还想交' });
    await refused(fabu, L, 'pause', '任务处于「延期完成」状态，不能暂停');
    expect(s.history.map((h) => h.action)).toEqual([
      'add', 'submitAudit', 'passAudit', 'push', 'accept', 'urge', 'acceptUrge', 'define', 'report', 'rejectReport', 'report', 'passReport',
      'requestDelay', 'refuseDelay', 'requestDelay', 'grantDelay', 'pause', 'resume', 'report', 'passReport',
    ]);
    expect(s.history.find((h) => h.action === 'rejectReport')).toMatchObject({ actorName: '张伟', reason: '佐证材料不完整' });
  });

  it('works out the schedule status from progress and time', async () => {
    // Z: executing with a passed report of 10 % while its whole time has passed (block), then of 100 % (finish).
    // Executing with nothing reported is behind, never 未开始 beside 执行中 (issue 35); not yet pushed, it is 未开始.
    await db.query(`UPDATE target_task SET rwjd = 'notPushed', kssj = '2020-01-01', jssj = '2020-12-31', target_value = 10 WHERE id = $1`, [Z]);
    expect((await situation(fabu, Z)).data).toMatchObject({ progress: '0', scheduleStatus: 'unstart' });
    await db.query(`UPDATE target_task SET rwjd = 'executeing' WHERE id = $1`, [Z]);
    expect((await situation(fabu, Z)).data).toMatchObject({ progress: '0', scheduleStatus: 'block' });
    await db.query(`INSERT INTO progress_report (task_id, kind, content, value_reached, audit_state, reported_by, reported_at) VALUES ($1, 'process', '一成', 1, 'pass', 'u-publisher', now() - interval '1 hour')`, [Z]);
    expect((await situation(fabu, Z)).data).toMatchObject({ progress: '10.00', scheduleStatus: 'block' });
    // A later report waiting for review does not count; the last passed one does.
    await db.query(`INSERT INTO progress_report (task_id, kind, content, value_reached, reported_by) VALUES ($1, 'process', '全部', 10, 'u-publisher')`, [Z]);
    expect((await situation(fabu, Z)).data).toMatchObject({ progress: '10.00', scheduleStatus: 'block' });
    await db.query(`UPDATE progress_report SET audit_state = 'pass' WHERE task_id = $1 AND audit_state = 'reviewing'`, [Z]);
    expect((await situation(fabu, Z)).data).toMatchObject({ progress: '100.00', scheduleStatus: 'finish' });
    // Far in the future it has not begun: any progress is ahead of time (normal).
    await db.query(`UPDATE target_task SET kssj = '2090-01-01', jssj = '2090-12-31', target_value = 100 WHERE id = $1`, [Z]);
    expect((await situation(fabu, Z)).data).toMatchObject({ progress: '10.00', scheduleStatus: 'normal' });
    // Its warnings as the scan leaves them: newest first, open and closed.
    await db.query(`INSERT INTO task_warning (task_id, kind, period_key, opened_at, closed_at) VALUES
                      ($1, 'process', '2020-Q1', '2020-04-16 08:00:00+08', '2020-05-01 08:00:00+08'), ($1, 'expired', '2021-01-01', '2021-01-01 08:00:00+08', NULL)`, [Z]);
    expect((await situation(fabu, Z)).data.warnings).toEqual([
      { id: expect.any(String), kind: 'expired', periodKey: '2021-01-01', openTime: expect.stringMatching(/^2021-01-01 \d{2}:00:00$/), closeTime: null },
      { id: expect.any(String), kind: 'process', periodKey: '2020-Q1', openTime: expect.stringMatching(/^2020-04-1\d \d{2}:00:00$/), closeTime: expect.stringMatching(/^2020-0[45]-\d{2} \d{2}:00:00$/) },
    ]);
  });

  it('task files: the publisher and the owner (until finished) write, whoever sees the task reads, nobody else', async () => {
    const list = async (c: Client, id: string) => (await c.get(`${API}/targetTask/file/list?taskId=${id}`)).body as Envelope<Array<{ id: string; fileId: string; fileName: string; stage: string; lxmc: string | null }>>;
    const addFiles = (c: Client, id: string, f: { fileId: string; fileName: string }) => c.post(`${API}/targetTask/file/add`, { taskId: id, stage: 'task', files: [{ fileId: f.fileId, fileName: f.fileName, fileType: 'png' }] });
    // L is finished: its owner no longer writes, its publisher does.
    await refusedAs(() => addFiles(rwfzr, L, myFile), /无权|权限/);
    expect((await addFiles(fabu, L, othersFile)).body).toMatchObject({ meta: { success: true }, data: { added: 1 } });
    // X is 王明's own task: he writes it; 陈静 sees nothing of it, nor does 李红.
    await refusedAs(() => addFiles(rwfzr, X, myFile), /无权|权限/);
    expect((await list(rwfzr, X)).meta.success).toBe(false);
    expect((await list(bmfzr, X)).meta.success).toBe(false);
    // One's own files only: 王明 cannot attach 陈静's file.
    await refusedAs(() => addFiles(fabu, X, myFile), /.+/);
    // P is 李红's and not finished: she writes; the head of 教务处 and its auditor read.
    expect((await addFiles(bmfzr, P, { fileId: othersFile.fileId, fileName: 'x' })).body.meta.success).toBe(false);
    const uploaded = await uploadFile(t, bmfzr, '分解方案.png', PNG_1x1);
    expect((await addFiles(bmfzr, P, uploaded)).body.meta.success).toBe(true);
    const seen = await list(bmshr, P);
    expect(seen.data).toEqual([expect.objectContaining({ fileId: uploaded.fileId, fileName: '分解方案.png', stage: 'task' })]);
    expect((await list(rwfzr, P)).meta.success).toBe(false);
    // Update: the attachment's own name (extension kept) and file type; the stored file keeps its name.
    const id = seen.data[0]!.id;
    await refusedAs(() => rwfzr.post(`${API}/targetTask/file/update`, { id, fileName: '改名' }), /.+/);
    await refusedAs(() => bmfzr.post(`${API}/targetTask/file/update`, { id, lxId: 'no-such-type' }), '文件分类不存在');
    const [type] = await db.query(`SELECT id, mc FROM file_type ORDER BY id LIMIT 1`);
    const updated = await bmfzr.post(`${API}/targetTask/file/update`, { id, fileName: '分解方案终稿', lxId: type.id });
    expect(updated.body).toMatchObject({ meta: { success: true, message: '修改成功' }, data: { id, fileName: '分解方案终稿.png', lxmc: type.mc } });
    expect((await db.query(`SELECT file_name FROM doc_file WHERE id = $1`, [uploaded.fileId]))[0].file_name).toBe('分解方案.png');
    expect((await situation(bmshr, P)).data.files).toEqual([expect.objectContaining({ id, fileName: '分解方案终稿.png', stage: 'task' })]);
    // A reader of the task downloads its files and its reports' evidence; someone who does not see it cannot.
    expect((await bmshr.get(`/api/docrepo/download?attachmentId=${uploaded.fileId}`)).status).toBe(200);
    expect((await bmfzr.get(`/api/docrepo/download?attachmentId=${myFile.fileId}`)).status).toBe(200);
    const denied = await rwfzr.get(`/api/docrepo/download?attachmentId=${uploaded.fileId}`);
    expect(denied.body?.meta?.success).toBe(false);
    // Delete: not by a reader; by the owner; the file itself stays.
    await refusedAs(() => bmshr.post(`${API}/targetTask/file/delete`, { id }), /.+/);
    expect((await bmfzr.post(`${API}/targetTask/file/delete`, { id })).body.meta).toEqual({ success: true, message: '删除成功' });
    expect((await list(bmfzr, P)).data).toEqual([]);
    expect((await db.query(`SELECT count(*)::int AS n FROM doc_file WHERE id = $1`, [uploaded.fileId]))[0].n).toBe(1);
    // The task routes change task files only: a report's evidence is not one, even for the publisher.
    const [evidence] = await db.query(`SELECT a.id FROM attachment a JOIN progress_report r ON r.id = a.owner_id WHERE a.owner_type = 'progress-report' AND r.task_id = $1 LIMIT 1`, [L]);
    await refusedAs(() => admin.post(`${API}/targetTask/file/delete`, { id: evidence.id }), '附件不存在');
    await refusedAs(() => admin.post(`${API}/targetTask/file/update`, { id: evidence.id, fileName: '改名' }), '附件不存在');
  });

  it('cooperating departments: the publisher or the charge department\'s head writes; a cooperation owner then sees the task', async () => {
    const coops = async (c: Client, id: string) =>
      (await c.get(`${API}/targetTask/coop/list?taskId=${id}`)).body as Envelope<{ canManage: boolean; coops: Array<{ departmentId: string; ownerId: string | null; ownerName: string | null; departmentName: string }> }>;
    // 张伟 has no part in X yet.
    expect(await ids(bmshr, 'MY_COOP_TASK')).toEqual([]);
    expect((await situation(bmshr, X)).meta.success).toBe(false);
    await refusedAs(() => rwfzr.post(`${API}/targetTask/coop/add`, { taskId: X, departmentId: 'd-jwc', ownerId: 'u-auditor' }), /.+/);
    await refusedAs(() => bmfzr.post(`${API}/targetTask/coop/add`, { taskId: X, departmentId: 'd-jwc', ownerId: 'u-auditor' }), /.+/);
    await refusedAs(() => fabu.post(`${API}/targetTask/coop/add`, { taskId: X, departmentId: 'd-xxgc', ownerId: 'u-auditor' }), '责任部门不能同时是协同部门');
    await refusedAs(() => fabu.post(`${API}/targetTask/coop/add`, { taskId: X, departmentId: 'd-jwc', ownerId: 'no-such-person' }), '人员不存在');
    // The bodies as the contract's TaskCoopInput and TaskCoopDelete read them (issue 30): 400, nothing stored.
    for (const [route, body, message] of [
      ['add', { taskId: X, departmentId: 'd-jwc', ownerId: null }, '请选择协同负责人'],
      ['add', { taskId: X, departmentId: 5, ownerId: 'u-auditor' }, '部门必须是文本'],
      ['update', { taskId: X, departmentId: 'd-jwc', ownerId: 'u-\tauditor' }, '负责人包含非法字符'],
      ['delete', { taskId: null, departmentId: 'd-jwc' }, '缺少目标任务'],
    ] as const) {
      const before = await rows();
      const res = await fabu.post(`${API}/targetTask/coop/${route}`, body);
      expect({ route, status: res.status, meta: res.body.meta }).toEqual({ route, status: 400, meta: { success: false, message } });
      expect(await rows()).toEqual(before);
    }
    const added = await fabu.post(`${API}/targetTask/coop/add`, { taskId: X, departmentId: 'd-jwc', ownerId: 'u-auditor' });
    expect(added.body).toMatchObject({ meta: { success: true, message: '新增成功' }, data: [{ departmentId: 'd-jwc', departmentName: '教务处', ownerId: 'u-auditor', ownerName: '张伟' }] });
    await refusedAs(() => fabu.post(`${API}/targetTask/coop/add`, { taskId: X, departmentId: 'd-jwc', ownerId: 'u-auditor' }), '该部门已是协同部门');
    // The cooperation owner and the cooperating department now see X.
    expect(await ids(bmshr, 'MY_COOP_TASK')).toEqual([X]);
    expect((await situation(bmshr, X)).meta.success).toBe(true);
    expect(await ids(bmfzr, 'DEPARTMENT_COOP_TASK')).toEqual([X]);
    expect((await coops(bmfzr, X)).data.coops.map((c) => c.departmentId)).toEqual(['d-jwc']);
    expect((await coops(rwfzr, X)).meta.success).toBe(false);
    // canManage: whether the person may write them (the detail's buttons): the publisher and an administrator of X; not
    // the cooperating side (the head of 教务处, the cooperation owner) nor a school leader who only sees it.
    const canManage = async (c: Client, id: string) => (await coops(c, id)).data.canManage;
    expect([await canManage(fabu, X), await canManage(admin, X), await canManage(bmfzr, X), await canManage(bmshr, X), await canManage(xld, X)]).toEqual([true, true, false, false, false]);
    // on 教务处's task P the head of 教务处 may, its auditor (in 教务处, not its head) may not
    expect([await canManage(bmfzr, P), await canManage(bmshr, P)]).toEqual([true, false]);
    // The head of 教务处 writes the cooperations of 教务处's task P; 陈静 becomes its cooperation owner, then not.
    const onP = await bmfzr.post(`${API}/targetTask/coop/add`, { taskId: P, departmentId: 'd-xxgc', ownerId: 'u-publisher' });
    expect(onP.body.meta.success).toBe(true);
    const changed = await bmfzr.post(`${API}/targetTask/coop/update`, { taskId: P, departmentId: 'd-xxgc', ownerId: 'u-owner' });
    expect(changed.body).toMatchObject({ meta: { success: true }, data: [{ departmentId: 'd-xxgc', ownerId: 'u-owner', ownerName: '陈静' }] });
    expect(await ids(rwfzr, 'MY_COOP_TASK')).toEqual([P]);
    expect((await situation(rwfzr, P)).meta.success).toBe(true);
    await refusedAs(() => bmfzr.post(`${API}/targetTask/coop/update`, { taskId: P, departmentId: 'd-dzb', ownerId: 'u-owner' }), '该部门不是协同部门');
    expect((await bmfzr.post(`${API}/targetTask/coop/delete`, { taskId: P, departmentId: 'd-xxgc' })).body).toMatchObject({ meta: { success: true }, data: [] });
    expect(await ids(rwfzr, 'MY_COOP_TASK')).toEqual([]);
    expect((await situation(rwfzr, P)).meta.success).toBe(false);
  });
});
