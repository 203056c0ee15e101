import { jest } from '@jest/globals';
import { DiagnosisTaskCyclesSchema, DiagnosisTaskSchema, pageSchema, type DiagnosisTask, type MenuNode, type Page } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/test-app.js';

// Issue 33, each centre's own 目标标准, 诊断改进, 监测预警 and 质量报告: the centres' menus (the overview first, the pages
// granted to the roles holding the centre and the 内部质量管理 page of the same kind), and task/select scoped to a level,
// filtered and paged by the server with a total of what it lists (the demo's 7,036 tasks; an administrator's answer was
// every one of them, 4.4 MB). A level or any filter only narrows what the person reads.
jest.setTimeout(120_000);

const ZNFX = '/api/herm-znfx';
const TaskPage = pageSchema(DiagnosisTaskSchema);
const CENTRES = ['ly_herm_majorDevelopCenter', 'ly_herm_couseDevelopCenter', 'ly_herm_teachDevelopCenter', 'ly_herm_stuDevelopCenter'];
const PAGES = ['overview', 'standard', 'improvement', 'warning', 'qualityReport'];

type Client = ReturnType<typeof client>;

describe('the centres\' own pages (issue 33)', () => {
  let t: TestApp;
  let db: DataSource;
  const people: Record<string, Client> = {};
  const menusOf: Record<string, Record<string, MenuNode>> = {};

  const login = async (who: string, account: string, password = 'Demo2026') => {
    const c = client(t);
    const res = await c.login(account, password);
    expect(res.body.meta.success).toBe(true);
    people[who] = c;
    menusOf[who] = res.body.data.menus as Record<string, MenuNode>;
  };
  const tasks = async (who: string, params: Record<string, string | number>): Promise<Page<DiagnosisTask>> => {
    const res = await people[who]!.get(`${ZNFX}/task/select?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`);
    expect(res.body.meta).toEqual({ success: true, message: '' });
    return TaskPage.parse(res.body.data);
  };

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    await login('admin', 'admin', 'Admin2026');
    await login('owner', 'rwfzr'); // 陈静: 目标任务负责人 and 教师
    await login('leader', 'xld');
    await login('head', 'bmfzr');
    await login('teacher', 'js0001');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
  });

  describe('menus', () => {
    it('makes each centre a group whose first page is its overview, on the centre\'s own path', () => {
      for (const centre of CENTRES) {
        const group = menusOf.admin![centre]!;
        expect(group.component).toBeNull();
        expect(group.children.map((c) => c.key)).toEqual(PAGES.map((p) => `${centre}_${p}`));
        expect(group.children[0]).toMatchObject({ path: group.path, component: 'DevelopCentre', name: group.name });
        expect(group.children.slice(1).map((c) => [c.path, c.component])).toEqual([
          [`${group.path}/standard`, 'Standard'],
          [`${group.path}/improvement`, 'Improvement'],
          [`${group.path}/warning`, 'WarningManage'],
          [`${group.path}/qualityReport`, 'QualityReport'],
        ]);
      }
    });

    it('grants a centre\'s page to whoever holds the centre and the 内部质量管理 page of its kind', async () => {
      const pagesOf = (who: string, centre: string) => (menusOf[who]![centre]?.children ?? []).map((c) => c.key.slice(centre.length + 1));
      // a teacher: 教师发展中心 and 诊断改进
      expect(pagesOf('teacher', 'ly_herm_teachDevelopCenter')).toEqual(['overview', 'improvement']);
      expect(menusOf.teacher!.ly_herm_majorDevelopCenter).toBeUndefined();
      // 陈静 also holds 监测预警 and 质量报告 as 目标任务负责人
      expect(pagesOf('owner', 'ly_herm_teachDevelopCenter')).toEqual(['overview', 'improvement', 'warning', 'qualityReport']);
      // the leader holds every centre, 目标标准, 监测预警 and 质量报告 but not 诊断改进
      for (const centre of CENTRES) expect(pagesOf('leader', centre)).toEqual(['overview', 'standard', 'warning', 'qualityReport']);
      // a department head: 专业 and 课程 (and, since issue 33, 教师 and 学生) with 诊断改进, 监测预警, 质量报告
      expect(pagesOf('head', 'ly_herm_majorDevelopCenter')).toEqual(['overview', 'improvement', 'warning', 'qualityReport']);
      // read or write as the 内部质量管理 page: the leader's 目标标准
      const [{ canWrite }] = await db.query(`SELECT bool_or(can_write) AS "canWrite" FROM role_menu WHERE role_id = 'r-leader' AND menu_key = 'ly_herm_standard'`);
      const centreStandard = menusOf.leader!.ly_herm_majorDevelopCenter!.children.find((c) => c.key === 'ly_herm_majorDevelopCenter_standard');
      expect(centreStandard?.readOnly).toBe(!canWrite);
    });
  });

  describe('task/select by level, filtered and paged by the server', () => {
    it('lists one level\'s tasks a page at a time, the total counting them all (fails before issue 33: the level was ignored)', async () => {
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM obj_task WHERE object_type = 'student'`);
      expect(n).toBeGreaterThan(1000);
      const first = await tasks('admin', { objectType: 'student', pageNum: 1, pageSize: 10 });
      expect(first.records).toHaveLength(10);
      expect(first.records.every((r) => r.objectType === 'student')).toBe(true);
      expect(first.total).toBe(n);
      expect(first.pages).toBe(Math.ceil(n / 10));
      const second = await tasks('admin', { objectType: 'student', pageNum: 2, pageSize: 10 });
      expect(second.current).toBe(2);
      expect(second.records.every((r) => r.objectType === 'student')).toBe(true);
      expect(second.records.map((r) => r.id).filter((id) => first.records.some((f) => f.id === id))).toEqual([]);
      // a page is small: an administrator's whole list was 4.4 MB
      const raw = await people.admin!.get(`${ZNFX}/task/select?objectType=student&pageNum=1&pageSize=10`);
      expect(raw.text.length).toBeLessThan(20_000);
    });

    it('filters by cycle, audit state and a part of the task\'s or object\'s name, each total as counted in the database', async () => {
      const count = async (where: string, params: unknown[]) => (await db.query(`SELECT count(*)::int AS n FROM obj_task WHERE ${where}`, params))[0].n as number;
      const byCycle = await tasks('admin', { objectType: 'course', cycleValue: '2025-2026-2', pageSize: 10 });
      expect(byCycle.total).toBe(await count(`object_type = 'course' AND cycle_value = '2025-2026-2'`, []));
      expect(byCycle.records.every((r) => r.zqz === '2025-2026-2')).toBe(true);
      const byState = await tasks('admin', { objectType: 'major', auditState: 'submitted', pageSize: 10 });
      expect(byState.total).toBe(await count(`object_type = 'major' AND audit_state = 'submitted'`, []));
      expect(byState.total).toBeGreaterThan(0);
      expect(byState.records.every((r) => r.auditState === 'submitted')).toBe(true);
      const named = await tasks('admin', { objectType: 'course', keyword: 'java', pageSize: 0 });
      expect(named.total).toBe(await count(`object_type = 'course' AND (rwmc ILIKE '%java%' OR object_name ILIKE '%java%')`, []));
      expect(named.records.map((r) => r.rwmc)).toContain('Java程序设计2026年度质量诊断');
      // a % is a character, not a pattern
      expect((await tasks('admin', { keyword: '%', pageSize: 10 })).total).toBe(0);
    });

    it('only narrows what a person reads: a level\'s list is their whole list\'s tasks of that level', async () => {
      for (const who of ['owner', 'head', 'teacher']) {
        const all = await tasks(who, { pageSize: 0 });
        for (const level of ['school', 'major', 'course', 'teacher', 'student']) {
          const scoped = await tasks(who, { objectType: level, pageSize: 0 });
          expect(scoped.records.map((r) => r.id).sort()).toEqual(all.records.filter((r) => r.objectType === level).map((r) => r.id).sort());
          expect(scoped.total).toBe(scoped.records.length);
        }
      }
      // a teacher reads their own teacher tasks only
      const own = await tasks('teacher', { objectType: 'teacher', pageSize: 0 });
      expect(own.total).toBeGreaterThan(0);
      expect(own.records.every((r) => r.objectCode === 'js0001')).toBe(true);
    });

    it('answers the cycles of the person\'s tasks of a level, newest first', async () => {
      for (const [who, level] of [['admin', 'course'], ['admin', 'major'], ['teacher', 'teacher'], ['owner', 'course']] as const) {
        const res = await people[who]!.get(`${ZNFX}/task/cycles?objectType=${level}`);
        const { cycles } = DiagnosisTaskCyclesSchema.parse(res.body.data);
        const all = await tasks(who, { objectType: level, pageSize: 0 });
        expect(cycles).toEqual([...new Set(all.records.map((r) => r.zqz))].sort().reverse());
      }
    });

    it('refuses an unknown level or audit state with a Chinese message', async () => {
      const level = await people.admin!.get(`${ZNFX}/task/select?objectType=lab`);
      expect(level.status).toBe(400);
      expect(level.body.meta.message).toContain('诊断对象类型不正确');
      const state = await people.admin!.get(`${ZNFX}/task/select?auditState=done`);
      expect(state.status).toBe(400);
      expect(state.body.meta.message).toContain('审核状态不正确');
    });
  });
});
