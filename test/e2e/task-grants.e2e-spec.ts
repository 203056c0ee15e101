import { ERROR_CODES } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { buildObjectYears, type ObjectYears } from './support/diagnosis-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const NOT_MANAGER = '只有管理员或任务负责人可以设置任务权限';
const NO_PERMISSION = '用户无权访问该资源';

type Authority = { objTaskId: string; canManage: boolean; holders: Array<{ userId: string; userName: string; role: string; reason: string; authorityType: string }>; grants: Array<{ userId: string; userName: string; authorityType: string }> };

describe('obj/authority: who reads and writes an object\'s task, and grants that really work (001 §7, issue 12)', () => {
  let t: TestApp;
  let db: DataSource;
  // A course task of 陈静's in 教务处 (head 李红), audited by 张伟; two people of its own with no reach over it.
  let course: ObjectYears;
  let task: string;
  const as = async (account: string, password = 'Demo2026') => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const grantsInDb = async () =>
    (await db.query(`SELECT user_id AS "userId", access FROM obj_task_grant WHERE obj_task_id = $1 ORDER BY user_id`, [task])) as Array<{ userId: string; access: string }>;
  const visibleTo = async (account: string) => {
    const c = await as(account);
    const page = (await c.get('/api/herm-znfx/task/select?pageNum=1&pageSize=1000')).body.data as { records: Array<{ id: string }> };
    return page.records.map((r) => r.id);
  };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    course = await buildObjectYears(db, 'tg-course', { name: '授权测试课程', level: 'course', owner: 'u-owner', auditor: 'u-auditor', department: 'd-jwc' });
    task = course.tasks.current;
    // Two people with 陈静's password and roles, but no place in the task and no library grant.
    for (const [id, account, name] of [['tg-reader', 'tgreader', '授权读者'], ['tg-writer', 'tgwriter', '授权写者']]) {
      await db.query(`INSERT INTO app_user (id, account, name, password_hash, org_id) SELECT $1, $2, $3, password_hash, org_id FROM app_user WHERE id = 'u-owner'`, [id, account, name]);
      await db.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, role_id FROM user_role WHERE user_id = 'u-owner'`, [id]);
    }
  });
  afterAll(() => t.close());

  it('answers the implicit holders with their reason, and no grants yet', async () => {
    const owner = await as('rwfzr');
    const res = await owner.get(`/api/herm-znfx/obj/authority?objTaskId=${task}`);
    expect(res.body.meta.success).toBe(true);
    const a = res.body.data as Authority;
    expect(a).toMatchObject({ objTaskId: task, canManage: true, grants: [] });
    expect(a.holders).toEqual([
      { userId: 'u-owner', userName: '陈静', role: 'owner', reason: '任务负责人', authorityType: 'write' },
      { userId: 'u-auditor', userName: '张伟', role: 'auditor', reason: '审核人', authorityType: 'read' },
      { userId: 'u-depthead', userName: '李红', role: 'departmentHead', reason: '部门负责人', authorityType: 'write' },
    ]);
    // The department head reads it but may not set it; someone without reach is refused.
    expect((await (await as('bmfzr')).get(`/api/herm-znfx/obj/authority?objTaskId=${task}`)).body.data.canManage).toBe(false);
    expect((await (await as('admin', 'Admin2026')).get(`/api/herm-znfx/obj/authority?objTaskId=${task}`)).body.data.canManage).toBe(true);
    const outsider = await (await as('tgreader')).get(`/api/herm-znfx/obj/authority?objTaskId=${task}`);
    expect(outsider.body).toMatchObject({ meta: { success: false, message: NO_PERMISSION }, code: ERROR_CODES.NO_PERMISSION });
  });

  it('refuses setting grants to anyone but the owner and administrators, and writes nothing', async () => {
    for (const account of ['bmfzr', 'bmshr', 'tgreader']) {
      const c = await as(account);
      const add = await c.post('/api/herm-znfx/obj/authority/add', { objTaskId: task, userId: 'tg-reader', authorityType: 'read' });
      expect(add.body).toMatchObject({ meta: { success: false, message: NOT_MANAGER }, code: ERROR_CODES.NO_PERMISSION, data: null });
    }
    expect(await grantsInDb()).toEqual([]);
    // The table tells the screen the same: only the owner gets 权限设置.
    expect((await (await as('rwfzr')).get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.canManageGrants).toBe(true);
    expect((await (await as('bmfzr')).get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.canManageGrants).toBe(false);
  });

  it('checks what is granted: a known person, not the owner, read or write', async () => {
    const owner = await as('rwfzr');
    expect((await owner.post('/api/herm-znfx/obj/authority/add', { objTaskId: task, userId: 'tg-nobody', authorityType: 'read' })).body.meta).toEqual({ success: false, message: '用户不存在' });
    expect((await owner.post('/api/herm-znfx/obj/authority/add', { objTaskId: task, userId: 'u-owner', authorityType: 'read' })).body.meta).toEqual({ success: false, message: '任务负责人已有该任务的全部权限' });
    expect((await owner.post('/api/herm-znfx/obj/authority/add', { objTaskId: task, userId: 'tg-reader', authorityType: 'admin' })).body.meta.success).toBe(false);
    expect(await grantsInDb()).toEqual([]);
  });

  it('lets a granted reader find and read the task, never write it', async () => {
    expect(await visibleTo('tgreader')).not.toContain(task);
    const owner = await as('rwfzr');
    const res = await owner.post('/api/herm-znfx/obj/authority/add', { objTaskId: task, userId: 'tg-reader', authorityType: 'read' });
    expect(res.body.meta).toEqual({ success: true, message: '授权成功' });
    expect((res.body.data as Authority).grants).toMatchObject([{ userId: 'tg-reader', userName: '授权读者', authorityType: 'read' }]);
    expect(await grantsInDb()).toEqual([{ userId: 'tg-reader', access: 'read' }]);

    expect(await visibleTo('tgreader')).toEqual([task]);
    const reader = await as('tgreader');
    const table = (await reader.get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body;
    expect(table.meta.success).toBe(true);
    expect(table.data).toMatchObject({ canRecalculate: false, canManageGrants: false, canAudit: false });
    expect(table.data.canEdit ?? table.data.isedit).toBe(false);
    const point = table.data.rows[0].id as string;
    const save = await reader.post('/api/herm-znfx/disqualified/update', { id: point, gzdxid: task, yyfx: '读者写的原因', gjcs: '读者写的措施' });
    expect(save.body.meta).toEqual({ success: false, message: NO_PERMISSION });
    expect((await reader.post(`/api/herm-znfx/obj/calScore?objTaskId=${task}`)).body.meta.success).toBe(false);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM quality_result WHERE obj_task_id = $1 AND yyfx = '读者写的原因'`, [task]);
    expect(n).toBe(0);
  });

  it('lets a granted writer edit entries (and only before submission), never audit', async () => {
    const admin = await as('admin', 'Admin2026');
    expect((await admin.post('/api/herm-znfx/obj/authority/add', { objTaskId: task, userId: 'tg-writer', authorityType: 'write' })).body.meta.success).toBe(true);
    const writer = await as('tgwriter');
    const table = (await writer.get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data;
    expect(table.canEdit ?? table.isedit).toBe(true);
    expect(table).toMatchObject({ canRecalculate: true, canManageGrants: false });
    const point = table.rows[0].id as string;
    const save = await writer.post('/api/herm-znfx/disqualified/update', { id: point, gzdxid: task, yyfx: '写者写的原因', gjcs: '写者写的措施' });
    expect(save.body.meta.success).toBe(true);
    const [saved] = await db.query(`SELECT yyfx, updated_by AS "by" FROM quality_result WHERE obj_task_id = $1 AND point_id = $2`, [task, point]);
    expect(saved).toEqual({ yyfx: '写者写的原因', by: 'tg-writer' });
    // Submitted: the writer may neither pass it nor edit it any more.
    await db.query(`UPDATE obj_task SET audit_state = 'submitted' WHERE id = $1`, [task]);
    try {
      expect((await writer.post('/api/herm-znfx/audit/pass', { objTaskId: task })).body.meta).toEqual({ success: false, message: NO_PERMISSION });
      expect((await writer.get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.canAudit).toBe(false);
      const locked = await writer.post('/api/herm-znfx/disqualified/update', { id: point, gzdxid: task, yyfx: '提交后', gjcs: '提交后' });
      expect(locked.body.meta.success).toBe(false);
      expect((await db.query(`SELECT audit_state AS s FROM obj_task WHERE id = $1`, [task]))[0].s).toBe('submitted');
    } finally {
      await db.query(`UPDATE obj_task SET audit_state = 'draft' WHERE id = $1`, [task]);
    }
  });

  it('fills sharePos with the people the point is shared with through the task\'s grants', async () => {
    const owner = await as('rwfzr');
    const point = (await owner.get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.rows[1].id as string;
    const detail = (await owner.get(`/api/herm-znfx/quality/selectbyid?objTaskId=${task}&zkdid=${point}`)).body.data;
    expect(detail.sharePos).toEqual([{ gxrmc: '授权读者' }, { gxrmc: '授权写者' }]);
    // Another task of the same person shares nothing.
    const other = (await owner.get(`/api/herm-znfx/quality/select?objTaskId=${course.tasks.prev}`)).body.data.rows[0].id as string;
    expect((await owner.get(`/api/herm-znfx/quality/selectbyid?objTaskId=${course.tasks.prev}&zkdid=${other}`)).body.data.sharePos).toEqual([]);
  });

  it('changes a grant by granting again, and takes the access away on removal', async () => {
    const owner = await as('rwfzr');
    const changed = await owner.post('/api/herm-znfx/obj/authority/add', { objTaskId: task, userId: 'tg-writer', authorityType: 'read' });
    expect((changed.body.data as Authority).grants.map((g) => [g.userId, g.authorityType])).toEqual([['tg-reader', 'read'], ['tg-writer', 'read']]);
    expect((await (await as('tgwriter')).get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.data.canRecalculate).toBe(false);

    const removed = await owner.post('/api/herm-znfx/obj/authority/delete', { objTaskId: task, userId: 'tg-reader' });
    expect(removed.body.meta).toEqual({ success: true, message: '删除成功' });
    expect((removed.body.data as Authority).grants.map((g) => g.userId)).toEqual(['tg-writer']);
    expect(await grantsInDb()).toEqual([{ userId: 'tg-writer', access: 'read' }]);
    expect(await visibleTo('tgreader')).not.toContain(task);
    expect((await (await as('tgreader')).get(`/api/herm-znfx/quality/select?objTaskId=${task}`)).body.meta).toEqual({ success: false, message: NO_PERMISSION });
    // Removing what is not there says so; the department head may not remove either.
    expect((await owner.post('/api/herm-znfx/obj/authority/delete', { objTaskId: task, userId: 'tg-reader' })).body.meta).toEqual({ success: false, message: '该用户没有此任务的授权' });
    expect((await (await as('bmfzr')).post('/api/herm-znfx/obj/authority/delete', { objTaskId: task, userId: 'tg-writer' })).body.meta).toEqual({ success: false, message: NOT_MANAGER });
    expect(await grantsInDb()).toEqual([{ userId: 'tg-writer', access: 'read' }]);
  });
});
