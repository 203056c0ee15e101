import { jest } from '@jest/globals';
import { TODO_GROUPS, TODO_KINDS, type TodoCounts, type TodoItem, type TodoList } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import type { Client } from './support/files-fixtures.js';
import { DEMO_USERS } from '../../backend/src/seed/demo-seed.js';
import { DEMO_TASK_PEOPLE } from '../../backend/src/seed/demo-target-tasks.js';
import { sortTodos } from '../../backend/src/modules/workbench/domain/todo-list.js';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/test-app.js';

jest.setTimeout(120_000);

const ZNFX = '/api/herm-znfx';
const SJGL = '/api/herm-sjgl';

/**
 * 我的待办 (issue 34): one list across modules, the home counters its groups' counts. For every demo person the
 * counters equal the list; every source gives the demo's items; an item leaves once its move is made; and every item
 * is one the person may act on, as the source module's own answer of allowed actions says.
 */
describe('我的待办 (issue 34)', () => {
  let t: TestApp;
  let db: DataSource;
  const clients = new Map<string, Client>();
  const lists = new Map<string, TodoList>();

  const ok = async (c: Client, path: string) => {
    const res = await c.get(path);
    expect({ path, meta: res.body.meta }).toEqual({ path, meta: { success: true, message: expect.any(String) } });
    return res.body.data;
  };
  const listOf = async (c: Client, query = ''): Promise<TodoList> => (await ok(c, `/api/todo/list?pageSize=0${query}`)) as TodoList;

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    // Every named demo person (the staff of the seed), and a sample of the 3,300 teachers and students who sign in
    // (signing every one of them in would take most of CI's time): the first ones owning a diagnosis task to fill and
    // the first one with no task at all.
    // The named staff are the seed's own (DEMO_USERS, DEMO_TASK_PEOPLE), not every named account: suites before this one
    // in the same worker's database add people of their own, with passwords of their own.
    const staff = [...DEMO_USERS.map((u) => u.id), ...DEMO_TASK_PEOPLE.map(([id]) => id)];
    // Teachers and students of the seed share 陈静's password hash (people an import added elsewhere have their own).
    const people = (await db.query(
      `WITH demo AS (SELECT password_hash FROM app_user WHERE id = 'u-owner')
       (SELECT account FROM app_user WHERE id = ANY($1))
       UNION (SELECT u.account FROM app_user u, demo WHERE u.password_hash = demo.password_hash AND u.account ~ '^(js)?[0-9]+$' AND EXISTS (SELECT 1 FROM obj_task t WHERE t.owner_id = u.id AND t.audit_state = 'draft') ORDER BY u.account LIMIT 4)
       UNION (SELECT u.account FROM app_user u, demo WHERE u.password_hash = demo.password_hash AND u.account ~ '^[0-9]+$' AND NOT EXISTS (SELECT 1 FROM obj_task t WHERE t.owner_id = u.id) ORDER BY u.account LIMIT 1)
       ORDER BY account`,
      [staff],
    )) as Array<{ account: string }>;
    expect(people.length).toBeGreaterThanOrEqual(15);
    for (const { account } of people) {
      const c = client(t);
      expect((await c.login(account, account === 'admin' ? 'Admin2026' : 'Demo2026')).status).toBe(200);
      clients.set(account, c);
    }
    // The demo's task warnings, as the start-up scan opens them.
    expect((await clients.get('admin')!.post(`${ZNFX}/targetTask/warningScan`)).body.meta.success).toBe(true);
    // slow machines: the demo seed and thirteen logins (argon2) come first
    for (const [account, c] of clients) lists.set(account, await listOf(c));
  }, 3 * SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('for every demo person the home counters are the list\'s totals, group by group and kind by kind', async () => {
    for (const [account, c] of clients) {
      const all = lists.get(account)!;
      const counts = (await ok(c, '/api/user/todoCounts')) as TodoCounts;
      expect({ account, counts }).toEqual({ account, counts: all.counts });
      expect({ account, total: all.total }).toEqual({ account, total: counts.tasks + counts.warnings + counts.audits });
      expect(new Set(all.records.map((r) => r.id)).size).toBe(all.total);
      for (const group of TODO_GROUPS) {
        const one = await listOf(c, `&group=${group}`);
        expect({ account, group, total: one.total }).toEqual({ account, group, total: counts[group] });
        expect(one.records.every((r) => r.group === group)).toBe(true);
        // the kinds' counts add up to the group, and a kind filter lists what its count says
        expect(Object.values(one.kinds).reduce((a, b) => a + b, 0)).toBe(one.total);
      }
      const kind = all.records[0]?.kind;
      if (kind) expect((await listOf(c, `&kind=${kind}`)).total).toBe(all.kinds[kind]);
    }
    // a page of one: the same first item, the total unchanged
    const admin = clients.get('admin')!;
    const page = (await ok(admin, '/api/todo/list?pageNum=1&pageSize=1')) as TodoList;
    expect(page).toMatchObject({ total: lists.get('admin')!.total, current: 1, pages: lists.get('admin')!.total });
    expect(page.records.map((r) => r.id)).toEqual(lists.get('admin')!.records.slice(0, 1).map((r) => r.id));
  });

  it('orders and pages in the statement as the domain\'s sortTodos orders: pages of any size join into the list', async () => {
    for (const [account, list] of lists) {
      const ids = list.records.map((r) => r.id);
      expect({ account, ids }).toEqual({ account, ids: sortTodos([...list.records]).map((r) => r.id) });
    }
    // the busiest person: pages of 7, and the pages of a group, are the list's items in its order
    const [busiest] = [...lists.entries()].sort(([, a], [, b]) => b.total - a.total);
    const c = clients.get(busiest![0])!;
    const all = busiest![1];
    expect(all.total).toBeGreaterThan(7);
    const paged: TodoItem[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 7); page += 1) {
      const one = (await ok(c, `/api/todo/list?pageNum=${page}&pageSize=7`)) as TodoList;
      expect(one).toMatchObject({ total: all.total, current: page, pages: Math.ceil(all.total / 7), counts: all.counts });
      paged.push(...one.records);
    }
    expect(paged).toEqual(all.records);
    const group = all.records[0]!.group;
    const second = (await ok(c, `/api/todo/list?group=${group}&pageNum=2&pageSize=2`)) as TodoList;
    expect(second.records).toEqual(all.records.filter((r) => r.group === group).slice(2, 4));
    // pageSize 0 is every item on page 1, none after
    expect((await listOf(c, '&pageNum=2')).records).toEqual([]);
  });

  it('every source gives the demo\'s items, each with what is asked, the object, since, the deadline and a link', () => {
    const all = [...lists.values()].flatMap((l) => l.records);
    expect(new Set(all.map((i) => i.kind))).toEqual(new Set(TODO_KINDS));
    const asked = new Set(all.map((i) => `${i.kind}/${i.asked}`));
    for (const a of ['targetTask/审核目标任务', 'targetTask/审核进度', 'targetTask/提交进度', 'targetTask/接收任务', 'targetTask/接收催办', 'diagnosisTask/审核诊断任务',
      'diagnosisTask/填报并提交诊断', 'fillTask/审核填报', 'fillTask/填报并提交', 'qualityReport/评审报告', 'warning/处理预警', 'diagnosisLaunch/催办逾期任务']) {
      expect([a, asked.has(a)]).toEqual([a, true]);
    }
    for (const i of all) {
      expect(i).toEqual({
        id: expect.any(String), kind: expect.any(String), group: expect.any(String), asked: expect.stringMatching(/[\u4e00-\u9fa5]/),
        objectName: expect.stringMatching(/\S/), since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), deadline: i.deadline === null ? null : expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        overdue: expect.any(Boolean), link: { path: expect.stringMatching(/^\//), query: expect.any(Object) },
      });
    }
    // who waits for what in the demo: 赵专家 reviews a submitted report, 张伟 audits target tasks, 王明 chases late owners
    expect(lists.get('zj')!.records.some((i) => i.kind === 'qualityReport' && i.group === 'audits')).toBe(true);
    expect(lists.get('bmshr')!.records.some((i) => i.kind === 'targetTask' && i.group === 'audits')).toBe(true);
    expect(lists.get('fabu')!.records.some((i) => i.kind === 'diagnosisLaunch')).toBe(true);
  });

  it('lists nothing a person may not act on: each item\'s object answers the move as allowed', async () => {
    const TASK_MOVES: Record<string, string> = {
      审核目标任务: 'passAudit', 审核进度: 'passReport', 审批延期: 'grantDelay', 接收催办: 'acceptUrge', 接收任务: 'accept', 分解任务: 'resolve', 制定目标: 'define', 重新提交进度: 'report', 提交进度: 'report',
    };
    let checked = 0;
    for (const [account, list] of lists) {
      const c = clients.get(account)!;
      // a sample: at most three items of each kind a person
      const sample = TODO_KINDS.flatMap((k) => list.records.filter((i) => i.kind === k).slice(0, 3));
      for (const item of sample) {
        const q = item.link.query;
        const where = { account, item: `${item.kind}/${item.asked}/${item.objectName}` };
        if (item.kind === 'targetTask') {
          const detail = (await ok(c, `${ZNFX}/targetTask/detail?id=${q.task}`)) as { actions: string[] };
          expect({ ...where, allowed: detail.actions.includes(TASK_MOVES[item.asked]!) }).toEqual({ ...where, allowed: true });
        } else if (item.kind === 'diagnosisTask') {
          const table = (await ok(c, `${ZNFX}/quality/select?objTaskId=${q.task}`)) as { isedit: boolean; canAudit: boolean; task: { auditState?: string } };
          expect({ ...where, allowed: item.group === 'audits' ? table.canAudit : table.isedit }).toEqual({ ...where, allowed: true });
        } else if (item.kind === 'fillTask') {
          const fill = (await ok(c, `${SJGL}/fillTasks/detail?id=${q.fill}`)) as { mayEdit: boolean; mayAudit: boolean };
          expect({ ...where, allowed: item.group === 'audits' ? fill.mayAudit : fill.mayEdit }).toEqual({ ...where, allowed: true });
        } else if (item.kind === 'qualityReport') {
          const report = (await ok(c, `${SJGL}/report/detail?id=${q.report}`)) as { actions: string[] };
          const move = item.group === 'audits' ? ['expertReview', 'schoolReview'] : ['rebuild'];
          expect({ ...where, allowed: report.actions.some((a) => move.includes(a)) }).toEqual({ ...where, allowed: true });
        } else if (item.kind === 'warning') {
          const table = (await ok(c, `${ZNFX}/quality/select?objTaskId=${q.task}`)) as { canHandleWarnings: boolean };
          expect({ ...where, allowed: table.canHandleWarnings }).toEqual({ ...where, allowed: true });
        } else {
          // its publisher may urge, and late owners are there to urge
          const detail = (await ok(c, `${ZNFX}/launch/detail?launchId=${q.launch}`)) as { launch: { actions: string[] }; overdue: unknown[] };
          expect({ ...where, allowed: detail.launch.actions.includes('urge') && detail.overdue.length > 0 }).toEqual({ ...where, allowed: true });
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('an item leaves the list and its counter once its move is made', async () => {
    const bmshr = clients.get('bmshr')!;
    const before = await listOf(bmshr);
    const audit = before.records.find((i): i is TodoItem => i.kind === 'targetTask' && i.asked === '审核目标任务');
    expect(audit).toBeDefined();
    expect(audit!.link).toEqual({ path: '/qualityManagement/annualWbs/department', query: { task: expect.any(String) } });
    const moved = await bmshr.post(`${ZNFX}/targetTask/move`, { id: audit!.link.query.task, action: 'passAudit' });
    expect(moved.body.meta.success).toBe(true);
    const after = await listOf(bmshr);
    expect(after.records.map((i) => i.id)).not.toContain(audit!.id);
    expect(after.counts).toEqual({ ...before.counts, audits: before.counts.audits - 1 });
    expect(await ok(bmshr, '/api/user/todoCounts')).toEqual(after.counts);

    // a fill: audited by 张伟, it leaves his 待审核 and that of the managers who may audit it too (王明)
    const fill = after.records.find((i) => i.kind === 'fillTask' && i.asked === '审核填报');
    expect(fill).toBeDefined();
    const fabu = clients.get('fabu')!;
    expect((await listOf(fabu)).records.map((i) => i.id)).toContain(fill!.id);
    const audited = await bmshr.post(`${SJGL}/fillTasks/audit`, { id: fill!.link.query.fill });
    expect(audited.body.meta).toMatchObject({ success: true });
    const last = await listOf(bmshr);
    expect(last.records.map((i) => i.id)).not.toContain(fill!.id);
    expect(last.counts.audits).toBe(after.counts.audits - 1);
    expect((await listOf(fabu)).records.map((i) => i.id)).not.toContain(fill!.id);
  });

  it('refuses a group or kind it does not know, in Chinese', async () => {
    const res = await clients.get('admin')!.get('/api/todo/list?group=everything');
    expect(res.status).toBe(400);
    expect(res.body.meta).toMatchObject({ success: false, message: expect.stringContaining('待办分组不正确') });
  });
});
