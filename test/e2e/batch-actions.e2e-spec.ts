import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { BATCH_MAX, BATCH_MESSAGES, COLLECTION_MESSAGES, type BatchResult, type FillTask } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import type { Client } from './support/files-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 34, batch actions: 批量通过 (fills), 批量下发 and 批量督办 (target tasks). Each item goes through the single
// route's own path in its own transaction: the items allowed are done exactly as the single route does them (the same
// rows change), the refused ones stay as they were with the single route's reason in the summary; a batch over the cap
// is refused whole; a person with no right gets every item refused.
jest.setTimeout(120_000);

const ZNFX = '/api/herm-znfx';
const SJGL = '/api/herm-sjgl';
const YEAR = '2038';
const YT = 'bat-yt';
const MISSING = 'bat-missing';

interface Envelope<T> {
  meta: { success: boolean; message: string };
  code: number;
  data: T;
}

describe('batch actions (issue 34)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let fabu: Client; // u-publisher 王明: the year target publisher
  let bmfzr: Client; // u-depthead 李红: head of 教务处 d-jwc
  let bmshr: Client; // u-auditor 张伟: auditor of the fills
  let rwfzr: Client; // u-owner 陈静: 信息工程学院, no part in the tasks below

  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };

  /** Tasks of this suite's year target, made set-based: id, rwjd, audit state, charge department, owner. */
  const tasks = async (rows: Array<[string, string, number, string, string]>) => {
    await db.query(
      `INSERT INTO target_task (id, year_target_id, rwmc, rwlx, rwnf, kssj, jssj, charge_department_id, owner_id, auditor_id, creator_id, rwjd, audit_state)
       SELECT r.id, $2, '批量任务' || r.id, 'A', $3::text, ($3::text || '-01-01')::date, ($3::text || '-12-31')::date, r.dept, r.owner, 'u-auditor', 'u-publisher', r.rwjd, r.audit
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, rwjd text, audit int, dept text, owner text)`,
      [JSON.stringify(rows.map(([id, rwjd, audit, dept, owner]) => ({ id, rwjd, audit, dept, owner }))), YT, YEAR],
    );
  };
  /** What a move writes, per task, without ids and times: the task's facts, its history and its urges. */
  const written = async (ids: string[]) => {
    const [rows, history, urges] = await Promise.all([
      db.query(`SELECT id, rwjd, task_state, audit_state FROM target_task WHERE id = ANY($1) ORDER BY id`, [ids]),
      db.query(`SELECT task_id, actor_id, action, from_state, to_state, reason FROM task_history WHERE task_id = ANY($1) ORDER BY task_id, id`, [ids]),
      db.query(`SELECT task_id, urge_type, status, state, message, from_user_id, to_user_id FROM task_urge WHERE task_id = ANY($1) ORDER BY task_id, id`, [ids]),
    ]);
    const of = (id: string) => ({
      task: (rows as Array<{ id: string }>).filter((r) => r.id === id).map(({ id: _id, ...r }) => r),
      history: (history as Array<{ task_id: string }>).filter((r) => r.task_id === id).map(({ task_id: _t, ...r }) => r),
      urges: (urges as Array<{ task_id: string }>).filter((r) => r.task_id === id).map(({ task_id: _t, ...r }) => r),
    });
    return Object.fromEntries(ids.map((id) => [id, of(id)]));
  };
  const batchMove = async (c: Client, ids: string[], action: string) => (await c.post(`${ZNFX}/targetTask/batchMove`, { ids, action })) as { status: number; body: Envelope<BatchResult> };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    [admin, fabu, bmfzr, bmshr, rwfzr] = await Promise.all([as('admin', 'Admin2026'), as('fabu'), as('bmfzr'), as('bmshr'), as('rwfzr')]);
    await db.query(`INSERT INTO year_target (id, name, cycle_year, creator_id) VALUES ($1, '批量年度目标', $2, 'u-publisher')`, [YT, YEAR]);
    await tasks([
      // 下发: four pushable (one for the single route), one waiting to be accepted, one whose audit has not passed
      ['bat-p1', 'notPushed', 1, 'd-jwc', 'u-depthead'], ['bat-p2', 'notPushed', 1, 'd-jwc', 'u-depthead'],
      ['bat-p3', 'notPushed', 1, 'd-xxgc', 'u-depthead'], ['bat-p0', 'notPushed', 1, 'd-jwc', 'u-depthead'],
      ['bat-pw', 'waitAccept', 1, 'd-jwc', 'u-depthead'], ['bat-pa', 'notPushed', 0, 'd-jwc', 'u-depthead'],
      // 督办 by 李红, head of 教务处: three of 教务处 to define (one for the single route), one executing, one of 信息工程学院
      ['bat-u1', 'waitDefine', 1, 'd-jwc', 'u-auditor'], ['bat-u2', 'waitResolve', 1, 'd-jwc', 'u-auditor'],
      ['bat-u0', 'waitDefine', 1, 'd-jwc', 'u-auditor'], ['bat-ue', 'executeing', 1, 'd-jwc', 'u-auditor'],
      ['bat-ux', 'waitDefine', 1, 'd-xxgc', 'u-publisher'],
    ]);
  });
  afterAll(() => t.close());

  it('批量下发: the allowed tasks pushed as targetTask/move pushes one, the others unchanged with the move\'s reasons', async () => {
    const all = ['bat-p0', 'bat-p1', 'bat-p2', 'bat-p3', 'bat-pw', 'bat-pa'];
    const before = await written(all);
    const single = await fabu.post(`${ZNFX}/targetTask/move`, { id: 'bat-p0', action: 'push' });
    expect(single.body.meta).toEqual({ success: true, message: '操作成功' });
    // the refusals the single route gives, to compare with the summary's
    const singleRefusal = async (id: string) => (await fabu.post(`${ZNFX}/targetTask/move`, { id, action: 'push' })).body.meta.message as string;
    const reasons = { pw: await singleRefusal('bat-pw'), pa: await singleRefusal('bat-pa'), missing: await singleRefusal(MISSING) };
    expect(reasons.pw).toBe('任务处于「待接收」状态，不能下发');
    expect(reasons.missing).toBe('目标任务不存在');

    const res = await batchMove(fabu, ['bat-p1', 'bat-pw', 'bat-p2', MISSING, 'bat-pa', 'bat-p3', 'bat-p1'], 'push');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ success: true, message: '成功3项，失败3项' });
    expect(res.body.data).toEqual({
      done: 3,
      doneIds: ['bat-p1', 'bat-p2', 'bat-p3'],
      refused: [
        { id: 'bat-pw', name: '批量任务bat-pw', reason: reasons.pw },
        { id: MISSING, name: null, reason: reasons.missing },
        { id: 'bat-pa', name: '批量任务bat-pa', reason: reasons.pa },
      ],
    });
    const after = await written(all);
    // each pushed task changed exactly as the one the single route pushed; the refused ones not at all
    for (const id of ['bat-p1', 'bat-p2', 'bat-p3']) expect(after[id]).toEqual(after['bat-p0']);
    expect(after['bat-p0']!.task).toEqual([{ rwjd: 'waitAccept', task_state: 'normal', audit_state: 1 }]);
    expect(after['bat-p0']!.history).toEqual([{ actor_id: 'u-publisher', action: 'push', from_state: 'notPushed', to_state: 'waitAccept', reason: null }]);
    expect(after['bat-pw']).toEqual(before['bat-pw']);
    expect(after['bat-pa']).toEqual(before['bat-pa']);
  });

  it('批量督办: the head urges the owners of her department\'s tasks; another department\'s and a wrong state are refused', async () => {
    const all = ['bat-u0', 'bat-u1', 'bat-u2', 'bat-ue', 'bat-ux'];
    const before = await written(all);
    expect((await bmfzr.post(`${ZNFX}/targetTask/move`, { id: 'bat-u0', action: 'urge' })).body.meta.success).toBe(true);
    const executing = (await bmfzr.post(`${ZNFX}/targetTask/move`, { id: 'bat-ue', action: 'urge' })).body.meta.message as string;

    const res = await batchMove(bmfzr, ['bat-u1', 'bat-ue', 'bat-ux', 'bat-u2'], 'urge');
    expect(res.body.data).toEqual({
      done: 2,
      doneIds: ['bat-u1', 'bat-u2'],
      refused: [
        { id: 'bat-ue', name: '批量任务bat-ue', reason: executing },
        // 信息工程学院's task: 李红 has no part in it, so it is not named, and the reason is said in Chinese
        { id: 'bat-ux', name: null, reason: BATCH_MESSAGES.noPermission },
      ],
    });
    const after = await written(all);
    expect(after['bat-u1']).toEqual(after['bat-u0']);
    expect(after['bat-u0']!.urges).toEqual([{ urge_type: 0, status: 'targetNotSet', state: 'urge', message: null, from_user_id: 'u-depthead', to_user_id: 'u-auditor' }]);
    // waitResolve answers its own status, as the single move does
    expect(after['bat-u2']!.urges).toEqual([{ ...after['bat-u0']!.urges[0], status: 'targetNotResolved' }]);
    expect(after['bat-ue']).toEqual(before['bat-ue']);
    expect(after['bat-ux']).toEqual(before['bat-ux']);

    // the lists' selectable rows: the same moves the detail answers
    const allowed = (await bmfzr.get(`${ZNFX}/targetTask/allowedActions?ids=bat-u1,bat-ux,${MISSING}`)).body as Envelope<Array<{ id: string; actions: string[] }>>;
    const detail = (await bmfzr.get(`${ZNFX}/targetTask/detail?id=bat-u1`)).body.data as { actions: string[] };
    expect(allowed.data).toEqual([{ id: 'bat-u1', actions: detail.actions }, { id: 'bat-ux', actions: [] }, { id: MISSING, actions: [] }]);
    expect(detail.actions).toContain('urge');
  });

  it('refuses a batch over the cap whole (400, nothing changed) and refuses every item to a person with no right', async () => {
    const all = ['bat-p1', 'bat-pw', 'bat-pa', 'bat-u1', 'bat-ux'];
    const before = await written(all);
    const tooMany = await batchMove(admin, ['bat-pa', ...Array.from({ length: BATCH_MAX }, (_, i) => `bat-none-${i}`)], 'push');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.meta).toEqual({ success: false, message: BATCH_MESSAGES.tooMany });
    expect((await batchMove(admin, [], 'push')).body.meta).toEqual({ success: false, message: BATCH_MESSAGES.none });
    expect((await batchMove(admin, ['bat-pa'], 'accept')).status).toBe(400);

    // 陈静 has no part in these tasks: each refused, none named
    const res = await batchMove(rwfzr, ['bat-pa', 'bat-ux', MISSING], 'push');
    expect(res.body.data).toEqual({
      done: 0,
      doneIds: [],
      refused: [
        { id: 'bat-pa', name: null, reason: BATCH_MESSAGES.noPermission },
        { id: 'bat-ux', name: null, reason: BATCH_MESSAGES.noPermission },
        { id: MISSING, name: null, reason: '目标任务不存在' },
      ],
    });
    expect(await written(all)).toEqual(before);
  });

  it('批量通过: the allowed fills passed as fillTasks/audit passes one, the others unchanged with the audit\'s reasons', async () => {
    // One form, two tasks: 张伟 (教务处) audits the first's fills, 李红 the second's, of 信息工程学院 (张伟 has no part in it)
    const code = `bat_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const dir = (await admin.post(`${SJGL}/formDirectorys/add`, { name: '批量审核' })).body.data.id as string;
    const form = (await admin.post(`${SJGL}/forms/add`, { directoryId: dir, name: '批量表单', code, formType: 'floating' })).body.data.id as string;
    const fields = [{ key: 'note', label: '备注', component: 'text', validations: { require: false, unique: false, custom: null }, maxLength: null, constantTypeId: null, placeholder: null, width: null }];
    expect((await admin.post(`${SJGL}/forms/update`, { id: form, directoryId: dir, name: '批量表单', code, formType: 'floating', fields, fixedRows: [] })).body.meta.success).toBe(true);
    expect((await admin.post(`${SJGL}/forms/publish`, { id: form })).body.meta.success).toBe(true);
    const fillsOf = async (name: string, departmentIds: string[], auditorId: string): Promise<Record<string, string>> => {
      const taskId = (await admin.post(`${SJGL}/tasks/add`, { name, cycle: '2026', deadline: '2099-12-31', formIds: [form] })).body.data.id as string;
      expect((await admin.post(`${SJGL}/taskAllocations/add`, { taskId, formId: form, departmentIds, auditorId })).body.meta.success).toBe(true);
      expect((await admin.post(`${SJGL}/tasks/publish`, { id: taskId })).body.meta.success).toBe(true);
      const fills = (await admin.get(`${SJGL}/fillTasks/ofTask?taskId=${taskId}`)).body.data as FillTask[];
      return Object.fromEntries(fills.map((f) => [f.departmentId!, f.id]));
    };
    const mine = await fillsOf('批量采集甲', ['d-jwc', 'd-xxgc', 'd-jdgc', 'd-jjgl', 'd-zlb'], 'u-auditor');
    const others = await fillsOf('批量采集乙', ['d-xxgc'], 'u-depthead');
    const [f0, f1, f2, fUncommitted, fDone] = ['d-jwc', 'd-xxgc', 'd-jdgc', 'd-jjgl', 'd-zlb'].map((d) => mine[d]!);
    const fOther = others['d-xxgc']!;
    // committed (set-based: the commit route is not what is tested here), one already passed
    await db.query(`UPDATE dc_fill_task SET state = 'unaudited', committed_at = now() WHERE id = ANY($1)`, [[f0, f1, f2, fOther]]);
    await db.query(`UPDATE dc_fill_task SET state = 'finished' WHERE id = $1`, [fDone]);
    const all = [f0!, f1!, f2!, fUncommitted!, fDone!, fOther];
    const state = async () => {
      const [fills, history] = await Promise.all([
        db.query(`SELECT id, state, audited_by, (audited_at IS NOT NULL) AS audited, rollback_reason FROM dc_fill_task WHERE id = ANY($1)`, [all]),
        db.query(`SELECT fill_task_id, action, actor_id, actor_name, reason, row_count FROM dc_fill_history WHERE fill_task_id = ANY($1) ORDER BY fill_task_id, at, id`, [all]),
      ]);
      return Object.fromEntries(all.map((id) => [id, {
        fill: (fills as Array<{ id: string }>).filter((r) => r.id === id).map(({ id: _id, ...r }) => r),
        history: (history as Array<{ fill_task_id: string }>).filter((r) => r.fill_task_id === id).map(({ fill_task_id: _f, ...r }) => r),
      }]));
    };
    const before = await state();

    // the audit list's selectable rows
    const allowed = (await bmshr.get(`${SJGL}/fillTasks/allowedActions?ids=${[f1, fUncommitted, fDone, fOther].join(',')}`)).body as Envelope<Array<{ id: string; actions: string[] }>>;
    expect(allowed.data).toEqual([{ id: f1, actions: ['audit', 'rollback'] }, { id: fUncommitted, actions: [] }, { id: fDone, actions: ['rollback'] }, { id: fOther, actions: [] }]);

    expect((await bmshr.post(`${SJGL}/fillTasks/audit`, { id: f0 })).body.meta).toMatchObject({ success: true, message: COLLECTION_MESSAGES.audited });
    const res = (await bmshr.post(`${SJGL}/fillTasks/batchAudit`, { ids: [f1, fUncommitted, fOther, MISSING, fDone, f2] })) as { body: Envelope<BatchResult> };
    expect(res.body.meta).toEqual({ success: true, message: '成功2项，失败4项' });
    expect(res.body.data).toEqual({
      done: 2,
      doneIds: [f1, f2],
      refused: [
        { id: fUncommitted, name: '批量采集甲 · 批量表单 · 经济管理学院', reason: COLLECTION_MESSAGES.wrongState('未提交', '审核') },
        { id: fOther, name: null, reason: BATCH_MESSAGES.noPermission },
        { id: MISSING, name: null, reason: '填报任务不存在' },
        { id: fDone, name: expect.stringMatching(/^批量采集甲 · 批量表单 · /), reason: COLLECTION_MESSAGES.wrongState('已完成', '审核') },
      ],
    });
    const after = await state();
    expect(after[f1!]).toEqual(after[f0!]);
    expect(after[f2!]).toEqual(after[f0!]);
    expect(after[f0!]!.fill).toEqual([{ state: 'finished', audited_by: 'u-auditor', audited: true, rollback_reason: null }]);
    for (const id of [fUncommitted!, fDone!, fOther]) expect(after[id]).toEqual(before[id]);

    // a person who audits none of them: every one refused, nothing written
    const res2 = (await rwfzr.post(`${SJGL}/fillTasks/batchAudit`, { ids: [fOther, f1] })) as { body: Envelope<BatchResult> };
    expect(res2.body.data).toEqual({
      done: 0,
      doneIds: [],
      refused: [
        // 陈静 fills both for 信息工程学院: she reads them, so they are named, with the audit's own reason
        { id: fOther, name: '批量采集乙 · 批量表单 · 信息工程学院', reason: COLLECTION_MESSAGES.notAuditor },
        { id: f1, name: '批量采集甲 · 批量表单 · 信息工程学院', reason: COLLECTION_MESSAGES.notAuditor },
      ],
    });
    const tooMany = await bmshr.post(`${SJGL}/fillTasks/batchAudit`, { ids: Array.from({ length: BATCH_MAX + 1 }, (_, i) => `bat-none-${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.meta.message).toBe(BATCH_MESSAGES.tooMany);
    expect(await state()).toEqual(after);
  });
});
