import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { FillTask, FormField } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import { LaunchService } from '../../backend/src/modules/diagnosis/application/launch.service.js';
import { SamplingService } from '../../backend/src/modules/warnings/application/sampling.service.js';
import { WarningScanService } from '../../backend/src/modules/warnings/application/warning-scan.service.js';
import { launchLibrary, launchObjects } from './support/launch-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

jest.setTimeout(180_000);

const SJGL = '/api/herm-sjgl';
const ZNFX = '/api/herm-znfx';
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
type Client = ReturnType<typeof client>;
interface Row {
  user: string;
  kind: string;
  title: string;
  content: string;
  link: string | null;
  objectId: string;
}

/**
 * Issue 34, 消息中心, beyond target tasks and reports: data collection, diagnosis and warnings leave a message for each
 * person their event hands work to or tells of a result, in the event's transaction (a refused move none).
 */
describe('event messages (issue 34): collection, diagnosis, warnings', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let rwfzr: Client; // 陈静 u-owner, 信息工程学院 d-xxgc
  let bmshr: Client; // 张伟 u-auditor, 教务处
  let fabu: Client; // 王明 u-publisher: launches diagnoses
  let since = new Date(0);

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  /** The messages of this kind written since the last call, by person and title. */
  const fresh = async (kind: string): Promise<Row[]> => {
    const rows: Array<Row & { at: Date }> = await db.query(
      `SELECT user_id AS user, kind, title, content, link, object_id AS "objectId", created_at AS at FROM message
       WHERE kind = $1 AND created_at > $2 ORDER BY user_id, object_id, title`, [kind, since]);
    const [{ now }] = await db.query(`SELECT clock_timestamp() AS now`);
    since = now;
    return rows.map(({ at: _at, ...r }) => r);
  };
  const ok = (res: { body: { meta: { success: boolean; message: string } } }) => expect(res.body.meta).toMatchObject({ success: true });
  const refused = (res: { body: { meta: { success: boolean } } }) => expect(res.body.meta.success).toBe(false);

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: false, env: { WARNING_SCAN_EVERY_MINUTES: '0' } });
    db = await seed(t);
    [admin, rwfzr, bmshr, fabu] = await Promise.all([as('admin', 'Admin2026'), as('rwfzr'), as('bmshr'), as('fabu')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('data collection: a fill allocated tells its fillers, a rollback (with the reason) and a pass tell them too', async () => {
    const field: FormField = { key: 'teacher_no', label: '工号', component: 'text', validations: { require: true, unique: false, custom: null }, maxLength: null, constantTypeId: null, placeholder: null, width: null };
    const code = `m_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const dir = await admin.post(`${SJGL}/formDirectorys/add`, { name: '消息测试' });
    const form = await admin.post(`${SJGL}/forms/add`, { directoryId: dir.body.data.id, name: '消息表单', code, formType: 'floating' });
    const formId = form.body.data.id as string;
    ok(await admin.post(`${SJGL}/forms/update`, { id: formId, directoryId: dir.body.data.id, name: '消息表单', code, formType: 'floating', fields: [field], fixedRows: [] }));
    ok(await admin.post(`${SJGL}/forms/publish`, { id: formId }));
    const task = await admin.post(`${SJGL}/tasks/add`, { name: '消息采集任务', cycle: '2026', deadline: '2099-12-31', formIds: [formId] });
    const taskId = task.body.data.id as string;
    ok(await admin.post(`${SJGL}/taskAllocations/add`, { taskId, formId, departmentIds: ['d-xxgc'], userIds: ['u-depthead'], auditorId: 'u-auditor' }));
    await fresh('collection');
    // allocating before the publish makes no fill and tells nobody; the publish makes them
    ok(await admin.post(`${SJGL}/tasks/publish`, { id: taskId }));
    const fills = (await admin.get(`${SJGL}/fillTasks/ofTask?taskId=${taskId}`)).body.data as FillTask[];
    const ours = fills.find((f) => f.departmentId === 'd-xxgc')!.id;
    const lihong = fills.find((f) => f.userId === 'u-depthead')!.id;
    const members: Array<{ id: string }> = await db.query(
      `SELECT u.id FROM app_user u WHERE u.org_id = 'd-xxgc' AND EXISTS (SELECT 1 FROM user_role ur JOIN role_menu rm ON rm.role_id = ur.role_id WHERE ur.user_id = u.id AND rm.menu_key = 'ly_herm_dataCollection_fill') ORDER BY u.id`);
    expect(members.map((m) => m.id)).toContain('u-owner');
    const allocated = await fresh('collection');
    expect(allocated.map((r) => [r.user, r.objectId, r.title])).toEqual(
      [...members.map((m) => [m.id, ours, '采集任务待填报']), ['u-depthead', lihong, '采集任务待填报']].sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`)));
    const chen = allocated.find((r) => r.user === 'u-owner')!;
    expect(chen).toMatchObject({ kind: 'collection', content: '系统管理员向你分配了采集任务「消息采集任务」的表单「消息表单」，请填报', link: `/dataCollection/fill?fill=${ours}` });

    // a refused publish (already published) tells nobody; an allocation on a published task tells its new filler
    refused(await admin.post(`${SJGL}/tasks/publish`, { id: taskId }));
    expect(await fresh('collection')).toEqual([]);
    ok(await admin.post(`${SJGL}/taskAllocations/add`, { taskId, formId, userIds: ['u-publisher'], auditorId: 'u-auditor' }));
    expect((await fresh('collection')).map((r) => [r.user, r.title])).toEqual([['u-publisher', '采集任务待填报']]);

    // 陈静 commits; a rollback by someone who is not the auditor is refused and tells nobody; 张伟's tells the fillers
    ok(await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: ours, rows: [{ values: { teacher_no: 'T1' } }] }));
    refused(await rwfzr.post(`${SJGL}/fillTasks/rollback`, { id: ours, reason: '自己退回' }));
    expect(await fresh('collection')).toEqual([]);
    ok(await bmshr.post(`${SJGL}/fillTasks/rollback`, { id: ours, reason: '工号有误' }));
    const back = await fresh('collection');
    expect(back.map((r) => [r.user, r.title])).toEqual(members.map((m) => [m.id, '填报已退回']));
    expect(back.find((r) => r.user === 'u-owner')).toMatchObject({
      content: '张伟退回了采集任务「消息采集任务」的表单「消息表单」的填报，原因：工号有误，请修改后重新提交', link: `/dataCollection/fill?fill=${ours}`,
    });
    // a pass of a fill not committed is refused and tells nobody; after the commit it tells the fillers
    refused(await bmshr.post(`${SJGL}/fillTasks/audit`, { id: ours }));
    expect(await fresh('collection')).toEqual([]);
    ok(await rwfzr.post(`${SJGL}/fillTasks/commit`, { id: ours }));
    ok(await bmshr.post(`${SJGL}/fillTasks/audit`, { id: ours }));
    const passed = await fresh('collection');
    expect(passed.map((r) => [r.user, r.title])).toEqual(members.map((m) => [m.id, '填报审核通过']));
    expect(passed.find((r) => r.user === 'u-owner')!.content).toBe('张伟审核通过了采集任务「消息采集任务」的表单「消息表单」的填报');
  });

  it('diagnosis: a launch tells each new task\'s owner (set-based, not the launcher); a submission the auditor; a verdict the owner', async () => {
    await launchLibrary(db, 'msg-major', 'major', '2041', { tree: [1, 1, 1], points: 1 });
    await launchObjects(db, [
      { id: 'msg-m1', level: 'major', code: 'MSG-M1', name: '消息软件技术', departmentId: 'd-xxgc', responsibleId: 'u-owner' },
      { id: 'msg-m2', level: 'major', code: 'MSG-M2', name: '消息质管专业', departmentId: 'd-zlb', responsibleId: 'u-publisher' },
      { id: 'msg-m3', level: 'major', code: 'MSG-M3', name: '消息机电一体化', departmentId: 'd-jwc', responsibleId: 'u-depthead' },
    ]);
    await fresh('diagnosis');
    const start = await fabu.post(`${ZNFX}/launch/start`, {
      level: 'major', cycleTypeId: 'c-year', cycleValue: '2041', libraryId: 'msg-major', scope: 'picked', scopeIds: ['msg-m1', 'msg-m2', 'msg-m3'],
      ownerRule: 'responsible', auditorRule: 'chosen', auditorId: 'u-auditor', startDate: today(), endDate: '2099-12-31',
    });
    ok(start);
    const launchId = start.body.data.launchId as string;
    // the job's work, run here (no worker in this suite): a batch's tasks and their messages in one transaction
    const [{ runs }] = await db.query(`SELECT runs FROM diagnosis_launch WHERE id = $1`, [launchId]);
    expect(await t.app.get(LaunchService).run(launchId, runs)).toEqual({ state: 'done', created: 3 });
    const tasks: Array<{ id: string; objectId: string; rwmc: string }> = await db.query(`SELECT id, object_id AS "objectId", rwmc FROM obj_task WHERE launch_id = $1`, [launchId]);
    const taskOf = (objectId: string) => tasks.find((x) => x.objectId === objectId)!;
    const launched = await fresh('diagnosis');
    expect(launched.map((r) => [r.user, r.objectId, r.title]).sort()).toEqual(
      [['u-depthead', taskOf('msg-m3').id, '诊断任务已下发'], ['u-owner', taskOf('msg-m1').id, '诊断任务已下发']].sort());
    const mine = taskOf('msg-m1');
    expect(launched.find((r) => r.user === 'u-owner')).toMatchObject({
      kind: 'diagnosis', content: `王明下发了诊断任务「${mine.rwmc}」，请填报并提交诊断`, link: `/qualityManagement/improvement?task=${mine.id}`,
    });

    // the owner may not pass her own task, a refusal needs a reason: refused, no message
    ok(await rwfzr.post(`${ZNFX}/audit/submit`, { objTaskId: mine.id }));
    expect((await fresh('diagnosis')).map((r) => [r.user, r.title, r.content])).toEqual([['u-auditor', '诊断任务待审核', `陈静提交了诊断任务「${mine.rwmc}」，请审核`]]);
    refused(await rwfzr.post(`${ZNFX}/audit/pass`, { objTaskId: mine.id }));
    refused(await bmshr.post(`${ZNFX}/audit/refuse`, { objTaskId: mine.id, comment: ' ' }));
    expect(await fresh('diagnosis')).toEqual([]);
    ok(await bmshr.post(`${ZNFX}/audit/refuse`, { objTaskId: mine.id, comment: '措施不具体' }));
    const back = await fresh('diagnosis');
    expect(back.map((r) => [r.user, r.title, r.content, r.link])).toEqual([
      ['u-owner', '诊断任务审核不通过', `张伟审核未通过诊断任务「${mine.rwmc}」，原因：措施不具体，请修改后重新提交`, `/qualityManagement/improvement?task=${mine.id}`],
    ]);
    ok(await rwfzr.post(`${ZNFX}/audit/submit`, { objTaskId: mine.id }));
    expect((await fresh('diagnosis')).map((r) => [r.user, r.title])).toEqual([['u-auditor', '诊断任务待审核']]);
    ok(await bmshr.post(`${ZNFX}/audit/pass`, { objTaskId: mine.id }));
    expect((await fresh('diagnosis')).map((r) => [r.user, r.title])).toEqual([['u-owner', '诊断任务审核通过']]);
    // passed: a second pass is refused and tells nobody
    refused(await bmshr.post(`${ZNFX}/audit/pass`, { objTaskId: mine.id }));
    expect(await fresh('diagnosis')).toEqual([]);
  });

  it('warnings: a scan page opens warnings and tells, in one statement, the task\'s owner and department head', async () => {
    const tag = randomUUID().slice(0, 8);
    const [libraryId, taskId, pointId] = [`lib-msg-${tag}`, `task-msg-${tag}`, `lib-msg-${tag}-p`];
    await db.query(`INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
                    VALUES ($1, $2, 'c-year', '2026', 'major', 'dim-zlsc', 3, 'u-publisher')`, [libraryId, `消息预警库${tag}`]);
    // 教务处's head is 李红 (u-depthead); the owner 陈静
    await db.query(`INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
                    VALUES ($1, $2, '消息预警任务', 'major', $3, '消息专业', '2026', 'd-jwc', 'u-owner', 'u-auditor')`, [taskId, libraryId, `major-${tag}`]);
    await db.query(`INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, warning_rule, sort_order)
                    VALUES ($1, $2, 'M-1', '教师得分', '100', '100', 'float', '{"direction":"higher","b":0.9,"c":0.8}', 'month', $3, 0)`,
      [pointId, libraryId, { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' }]);
    await db.query(`INSERT INTO quality_result (obj_task_id, point_id, jgz) VALUES ($1, $2, '60')`, [taskId, pointId]);
    const ours = async () => (await fresh('warning')).filter((r) => r.link?.includes(`task=${taskId}&`));
    await fresh('warning');

    const at = new Date(2026, 10, 21, 10);
    await t.app.get(SamplingService).sampleDue(at);
    await t.app.get(WarningScanService).scan(at);
    const [flow] = await db.query(`SELECT f.id FROM warning_flow f JOIN quality_result r ON r.id = f.result_id WHERE r.obj_task_id = $1`, [taskId]);
    const opened = await ours();
    // the task's owner and its department's head; administrators (who may handle it) are not told of each warning
    expect(opened.map((r) => [r.user, r.objectId, r.title])).toEqual([['u-depthead', flow.id, '质控点预警'], ['u-owner', flow.id, '质控点预警']]);
    expect(opened.find((r) => r.user === 'u-owner')).toMatchObject({
      kind: 'warning',
      content: '诊断任务「消息预警任务」的质控点「教师得分」触发预警：本期结果60，预警条件<80，请处理',
      link: `/qualityManagement/improvement?task=${taskId}&point=${pointId}&tab=warnings`,
    });
    // the recipients are the people whose 待处理预警 (warningflow/mine) lists it: 陈静 yes, 张伟 (auditor, not a handler) no
    const mine = async (c: Client) => ((await c.get(`${ZNFX}/warningflow/mine?pageSize=0`)).body.data.records as Array<{ id: string }>).map((w) => w.id);
    expect(await mine(rwfzr)).toContain(flow.id);
    expect(await mine(bmshr)).not.toContain(flow.id);
    expect(opened.map((r) => r.user)).not.toContain('u-auditor');

    // a second scan of the same period opens nothing and tells nobody
    await t.app.get(WarningScanService).scan(at);
    expect(await ours()).toEqual([]);
  });
});
