import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { Client } from './support/files-fixtures.js';
import { buildLibrary, checksumOf, taskResult } from './support/library-fixtures.js';
import { buildFamily, entriesOf, removeFamilies, setEntries, snapshotTasks } from './support/obj-lists-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, waitFor, type TestApp } from './support/test-app.js';

const API = '/api/herm-znfx';
const NO_PERMISSION = { meta: { success: false, message: '用户无权访问该资源' }, data: null };
const UNKNOWN_JOB = { meta: { success: false, message: '任务不存在或已过期' }, data: null };

// argon2 logins and the jobs' round trips take longer than Jest's default 5 s.
jest.setTimeout(60_000);

/** Issue 11, findings 5–7: who may read a job's status, create libraries, push targets down. */
describe('authority: job status, library creation, push-down (issue 11)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let rwfzr: Client; // u-owner: owns the family's tasks
  let bmfzr: Client; // u-depthead: heads 教务处, signed in, starts no job here
  let fabu: Client; // u-publisher: creates libraries
  let zj: Client; // u-expert: reads libraries
  const families: string[] = [];
  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  /** The library rows of the whole database: equal before and after means no library was made. */
  const libraries = () => checksumOf(db, `SELECT id, name, creator_id FROM target_library`);

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
    db = await seed(t);
    // The expert role reads it (a read grant of the fixture), as experts read the demo libraries.
    await buildLibrary(db, 'au-source', { tree: [1, 1, 2], points: 3 }, { name: '权限测试源库' });
    [admin, rwfzr, bmfzr, fabu, zj] = await Promise.all([as('admin', 'Admin2026'), as('rwfzr'), as('bmfzr'), as('fabu'), as('zj')]);
  });
  afterAll(async () => {
    if (db) {
      await removeFamilies(db, families);
      await db.query(`DELETE FROM authority WHERE resource_type = 'target-library' AND resource_id = 'au-source'`);
      await db.query(`DELETE FROM target_library WHERE id = 'au-source' OR creator_id = 'u-publisher' AND name LIKE '权限测试%'`);
    }
    await t?.close();
  });

  it('5: a job\'s status is for who started it and administrators; others learn nothing, not even that it exists', async () => {
    families.push('aj');
    const { task } = await buildFamily(db, 'aj');
    const started = await rwfzr.post(`${API}/obj/updateDownListAsync`, { objTaskId: task.up });
    const { jobId } = started.body.data as { jobId: string };
    const listStatus = (c: Client, id: string) => c.get(`${API}/obj/updateListStatus?jobId=${encodeURIComponent(id)}`);
    await waitFor(async () => (await listStatus(rwfzr, jobId)).body.data === true, `job ${jobId}`, 30_000);
    const theirs = await listStatus(bmfzr, jobId);
    const unknown = await listStatus(bmfzr, `objlists-down-${randomUUID()}`);
    expect([theirs.status, theirs.body]).toEqual([404, expect.objectContaining(UNKNOWN_JOB)]);
    expect([theirs.status, theirs.body]).toEqual([unknown.status, unknown.body]);
    expect((await listStatus(admin, jobId)).body).toMatchObject({ meta: { success: true }, data: true });

    // The same for a library copy (target/checkStatus).
    const copy = await fabu.post(`${API}/target/copy`, { id: 'au-source', name: '权限测试副本' });
    const { taskId } = copy.body.data as { taskId: string };
    expect(await taskResult(fabu, taskId)).toMatchObject({ meta: { success: true }, data: true });
    const checkStatus = (c: Client, id: string) => c.get(`${API}/target/checkStatus?taskId=${encodeURIComponent(id)}`);
    const other = await checkStatus(bmfzr, taskId);
    expect([other.status, other.body]).toEqual([404, expect.objectContaining(UNKNOWN_JOB)]);
    const never = await checkStatus(bmfzr, `copy-${randomUUID()}`);
    expect([other.status, other.body]).toEqual([never.status, never.body]);
    expect((await checkStatus(admin, taskId)).body).toMatchObject({ meta: { success: true }, data: true });
  });

  it('6: the expert reads libraries but may not create or copy one; the server refuses and nothing is made', async () => {
    expect((await zj.get(`${API}/target/detail?id=au-source`)).body).toMatchObject({ meta: { success: true }, data: { id: 'au-source', access: 'read' } });
    const before = await libraries();
    const add = await zj.post(`${API}/target/add`, { name: '权限测试专家新增', cycleValue: '2026', targetLevelId: 'school', dimensionId: 'dim-zlsc', treeLevel: 3 });
    expect(add.body).toMatchObject(NO_PERMISSION);
    const copy = await zj.post(`${API}/target/copy`, { id: 'au-source', name: '权限测试专家副本' });
    expect(copy.body).toMatchObject(NO_PERMISSION);
    // A refused copy enqueued nothing that could make a library later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await libraries()).toBe(before);
    // The migration made the expert's 目标标准 grant read-only; the publisher's still writes.
    expect(await db.query(`SELECT role_id, can_write FROM role_menu WHERE menu_key = 'ly_herm_standard' AND role_id IN ('r-expert', 'r-publisher') ORDER BY role_id`)).toEqual([
      { role_id: 'r-expert', can_write: false },
      { role_id: 'r-publisher', can_write: true },
    ]);
    const made = await fabu.post(`${API}/target/add`, { name: '权限测试发布者新增', cycleValue: '2026', targetLevelId: 'school', dimensionId: 'dim-zlsc', treeLevel: 3 });
    expect(made.body.meta).toEqual({ success: true, message: '新增成功' });
  });

  it('7: a push down writes only lower tasks the caller may write; the others are skipped with the reason; an administrator\'s push writes them', async () => {
    families.push('ap');
    const { lib, task } = await buildFamily(db, 'ap');
    // Lower task B (refused, so open to a push) belongs to 李红 of 教务处, not to 陈静 who owns the upper task.
    await db.query(`UPDATE obj_task SET owner_id = 'u-depthead', department_id = 'd-jwc' WHERE id = $1`, [task.b]);
    await setEntries(db, task.up, lib.parent, { rate: { xzmbz: '85' } });
    const before = await snapshotTasks(db, [task.b]);

    const res = await rwfzr.post(`${API}/obj/updateDownList`, { objTaskId: task.up });
    expect(res.body.meta.success).toBe(true);
    expect(res.body.data.skipped).toContainEqual({ id: task.b, rwmc: 'ap计算机网络2026年度质量诊断', auditStateName: '审核不通过', reason: '无权修改' });
    expect((await entriesOf(db, task.a)).rate?.xzmbz).toBe('85');
    expect(await snapshotTasks(db, [task.b])).toBe(before);
    // 陈静 cannot open task B, so she must not have written it.
    expect((await rwfzr.get(`${API}/quality/select?objTaskId=${task.b}`)).body).toMatchObject(NO_PERMISSION);

    // The async variant follows the same rule.
    const started = await rwfzr.post(`${API}/obj/updateDownListAsync`, { objTaskId: task.up });
    const { jobId } = started.body.data as { jobId: string };
    await waitFor(async () => (await rwfzr.get(`${API}/obj/updateListStatus?jobId=${jobId}`)).body.data === true, `job ${jobId}`, 30_000);
    expect(await snapshotTasks(db, [task.b])).toBe(before);

    const pushed = await admin.post(`${API}/obj/updateDownList`, { objTaskId: task.up });
    expect(pushed.body.meta.success).toBe(true);
    expect((pushed.body.data.skipped as Array<{ id: string }>).map((s) => s.id)).not.toContain(task.b);
    expect((await entriesOf(db, task.b)).rate?.xzmbz).toBe('85');
  });
});
