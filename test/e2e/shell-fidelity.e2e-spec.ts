import { ERROR_CODES, SESSION_EXPIRED_CODE } from '@zhengai/contracts';
import type { DataSource } from 'typeorm';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The shell's points of issue 12: the client configuration's flags, the warning counts' shape, the session-expired
// text, the role list of a department head and the menu entries that open an outside address in an iframe.

const NO_PERMISSION = '用户无权访问该资源';
const JXKH = 'ly_herm_PerformanceAppraisal';

type MenuNode = { key: string; path: string; component: string | null; externalUrl?: string | null; readOnly?: boolean; children: MenuNode[] };
const findMenu = (menus: Record<string, MenuNode>, key: string): MenuNode | undefined => {
  const walk = (nodes: MenuNode[]): MenuNode | undefined => {
    for (const n of nodes) {
      if (n.key === key) return n;
      const below = walk(n.children);
      if (below) return below;
    }
    return undefined;
  };
  return walk(Object.values(menus));
};

describe('the shell of spec 000 §2 and §6 as the documents say (issue 12)', () => {
  let t: TestApp;
  let db: DataSource;
  const as = async (account: string, password = 'Demo2026') => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { FILE_MAX_MB: '37', LOGIN_FROM_PARAM: 'false', WARNING_COUNTS: 'true' } });
    db = await seed(t);
  });
  afterAll(async () => {
    await db.query(`UPDATE menu SET external_url = NULL WHERE key = $1`, [JXKH]);
    await t.close();
  });

  describe('client configuration', () => {
    it('carries the upload limit from FILE_MAX_MB and the flags from their variables', async () => {
      const res = await client(t).get('/api/client-config');
      expect(res.body.data).toMatchObject({ fileMaxMb: 37, loginFromParam: false, warningCountsEnabled: true });
    });

    it('answers the defaults without the variables: from on, counts on, 500 MB', async () => {
      const other = await startTestApp();
      try {
        expect((await client(other).get('/api/client-config')).body.data).toMatchObject({ fileMaxMb: 500, loginFromParam: true, warningCountsEnabled: true });
      } finally {
        await other.close();
      }
      const off = await startTestApp({ env: { WARNING_COUNTS: 'off', LOGIN_FROM_PARAM: 'on' } });
      try {
        expect((await client(off).get('/api/client-config')).body.data).toMatchObject({ loginFromParam: true, warningCountsEnabled: false });
      } finally {
        await off.close();
      }
    });

    it('refuses to start with a malformed flag', async () => {
      await expect(startTestApp({ env: { WARNING_COUNTS: 'maybe' } })).rejects.toThrow(/WARNING_COUNTS/);
    });
  });

  it('answers warningCount with the three counts and both maps in each scope (001 §7 item 14)', async () => {
    const head = await as('bmfzr');
    for (const q of ['', '?queryType=personal', '?departmentCondition=d-jwc']) {
      const res = await head.get(`/api/user/warningCount${q}`);
      expect(res.body.meta.success).toBe(true);
      // The keys of the documents; the values against the database are the task-warnings suite's.
      expect(Object.keys(res.body.data).sort()).toEqual(['delayMap', 'expiredWarningCount', 'processMap', 'processWarningCount', 'totalWarningCount']);
      for (const map of [res.body.data.delayMap, res.body.data.processMap]) expect(Object.values(map).every((n) => Number.isInteger(n) && (n as number) > 0)).toBe(true);
    }
  });

  it('answers an expired or missing session with code 53000010 and 未登录或登录已过期，请重新登录！', async () => {
    const res = await client(t).get('/api/user/warningCount');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ meta: { success: false, message: '未登录或登录已过期，请重新登录！' }, code: SESSION_EXPIRED_CODE });
  });

  it('lists 目标任务部门负责人 once for a department head, keeping targetTaskDepart among the role ids', async () => {
    const head = (await client(t).login('bmfzr', 'Demo2026')).body.data as { roles: Array<{ roleName: string }>; roleIdList: string[] };
    expect(head.roles.filter((r) => r.roleName === '目标任务部门负责人')).toHaveLength(1);
    expect(head.roleIdList).toEqual(expect.arrayContaining(['r-depthead', 'targetTaskDepart']));
  });

  it('marks a menu granted to read only (the expert\'s 目标标准), and one granted with write not, in the login user\'s menus', async () => {
    const standard = (menus: Record<string, MenuNode>) => menus.ly_herm_qualityManagement.children.find((c) => c.key === 'ly_herm_standard');
    const expert = (await client(t).login('zj', 'Demo2026')).body.data as { menus: Record<string, MenuNode> };
    expect(standard(expert.menus)).toMatchObject({ readOnly: true });
    expect(expert.menus.ly_herm_qualityManagement.readOnly).toBe(false);
    const publisher = (await client(t).login('fabu', 'Demo2026')).body.data as { menus: Record<string, MenuNode> };
    expect(standard(publisher.menus)).toMatchObject({ readOnly: false });
    // and the server holds the same line: the expert may not create a library
    const zj = client(t);
    await zj.login('zj', 'Demo2026');
    const refused = await zj.post('/api/herm-znfx/target/add', { name: `专家新建${Date.now()}`, targetLevelId: 'school', cycleValue: '2023' });
    expect(refused.body).toMatchObject({ meta: { success: false }, code: ERROR_CODES.NO_PERMISSION });
  });

  it('answers 我的预警 of a grade rule with the monitored value\'s grade beside the grade it breached', async () => {
    const lib = 'lib-sf-grade';
    await db.query(
      `INSERT INTO target_library (id, name, cycle_type_id, cycle_value, target_level_id, dimension_id, tree_level, creator_id)
       VALUES ($1, '壳测试库', 'c-year', '2026', 'major', 'dim-zlsc', 3, 'u-publisher')`,
      [lib],
    );
    try {
      await db.query(
        `INSERT INTO obj_task (id, library_id, rwmc, object_type, object_code, object_name, cycle_value, department_id, owner_id, auditor_id)
         VALUES ('task-sf-grade', $1, '壳测试任务', 'major', 'major-sf', '壳测试专业', '2026', 'd-xxgc', 'u-owner', 'u-auditor')`,
        [lib],
      );
      const rules = [
        ['p-sf-level', { yjlx: 'level', tj: '<', yjz: 'C', yjzq: 'month' }, '50', 'C'],
        ['p-sf-value', { yjlx: 'value', tj: '<', yjz: '90', yjzq: 'month' }, '85', '90'],
      ] as const;
      for (const [i, [id, rule, value, yjz]] of rules.entries()) {
        await db.query(
          `INSERT INTO quality_point (id, library_id, code, zkdmc, bzz, mbz, zlx, cal_rule, sampling_period, warning_rule, sort_order)
           VALUES ($1, $2, $3, $4, '100', '100', 'float', '{"direction":"higher","b":0.9,"c":0.8}', 'month', $5, $6)`,
          [id, lib, `SF-${i}`, `壳测试点${i}`, rule, i],
        );
        const [{ id: resultId }] = await db.query(`INSERT INTO quality_result (obj_task_id, point_id, jgz) VALUES ('task-sf-grade', $1, $2) RETURNING id`, [id, value]);
        await db.query(
          `INSERT INTO warning_flow (result_id, period_key, yjsj, yjlx, tj, yjz, jgz, zlx) VALUES ($1, '2026-11', now(), $2, '<', $3, $4, 'float')`,
          [resultId, rule.yjlx, yjz, value],
        );
      }
      const owner = await as('rwfzr');
      const mine = (await owner.get('/api/herm-znfx/warningflow/mine?pageNum=1&pageSize=100000')).body.data.records as Array<Record<string, unknown>>;
      // 50 of the target 100 grades D under the point's rule (B from 90%, C from 80%)
      expect(mine.find((w) => w.zgzkdid === 'p-sf-level')).toMatchObject({ yjlx: 'level', tj: '<', yjz: 'C', jgz: '50', jgdj: 'D' });
      expect(mine.find((w) => w.zgzkdid === 'p-sf-value')).toMatchObject({ yjlx: 'value', yjz: '90', jgz: '85', jgdj: null });
    } finally {
      await db.query(`DELETE FROM target_library WHERE id = $1`, [lib]);
    }
  });

  describe('menu entries with an outside address (000 §2 iframe page)', () => {
    it('lists the pages built elsewhere for the administrator, not the platform\'s own screens', async () => {
      const admin = await as('admin', 'Admin2026');
      const res = await admin.get('/api/user/menus/addresses');
      expect(res.body.meta.success).toBe(true);
      const keys = (res.body.data as Array<{ key: string; externalUrl: string | null }>).map((m) => m.key);
      expect(keys).toContain(JXKH);
      expect(keys).not.toContain('ly_herm_dataManagement_user');
      // the 发展中心 are the platform's own pages since issue 33 (component DevelopCentre)
      expect(keys).not.toContain('ly_herm_majorDevelopCenter');
      expect(keys).not.toContain('ly_herm_stuDevelopCenter');
      // the platform's own areas still to come are not other systems
      expect(keys).not.toContain('ly_herm_annual_wbs_personal_task');
      expect(keys).not.toContain('ly_herm_dataManagement_menuAddress');
      // 菜单地址 is the administrator's menu
      const me = (await client(t).login('admin', 'Admin2026')).body.data as { menus: Record<string, MenuNode> };
      expect(findMenu(me.menus, 'ly_herm_dataManagement_menuAddress')).toMatchObject({ component: 'MenuAddress', path: '/dataManage/menuAddress' });
      const head = (await client(t).login('bmfzr', 'Demo2026')).body.data as { menus: Record<string, MenuNode> };
      expect(findMenu(head.menus, 'ly_herm_dataManagement_menuAddress')).toBeUndefined();
    });

    it('lets the platform\'s pages frame outside http(s) addresses (content security policy)', async () => {
      const csp = String((await client(t).get('/api/client-config')).headers['content-security-policy'] ?? '');
      expect(csp).toMatch(/frame-src 'self' https: http:/);
      expect(csp).toMatch(/script-src 'self'/);
    });

    it('sets an http(s) address that the login user\'s menu then carries, and clears it', async () => {
      const admin = await as('admin', 'Admin2026');
      const url = 'https://jxkh.example.edu.cn/portal?from=zg';
      const set = await admin.post('/api/user/menus/address', { key: JXKH, externalUrl: url });
      expect(set.body.meta.success).toBe(true);
      expect((await db.query(`SELECT external_url FROM menu WHERE key = $1`, [JXKH]))[0].external_url).toBe(url);
      const login = (await client(t).login('admin', 'Admin2026')).body.data as { menus: Record<string, MenuNode> };
      expect(findMenu(login.menus, JXKH)).toMatchObject({ path: '/linkjxkh', externalUrl: url });
      const listed = (await admin.get('/api/user/menus/addresses')).body.data as Array<{ key: string; externalUrl: string | null }>;
      expect(listed.find((m) => m.key === JXKH)?.externalUrl).toBe(url);

      expect((await admin.post('/api/user/menus/address', { key: JXKH, externalUrl: '' })).body.meta.success).toBe(true);
      const again = (await client(t).login('admin', 'Admin2026')).body.data as { menus: Record<string, MenuNode> };
      expect(findMenu(again.menus, JXKH)?.externalUrl).toBeNull();
    });

    it.each([['javascript:alert(1)'], ['/api/health'], ['ftp://files.example.cn'], ['https://exa mple.cn']])('refuses %s and stores nothing', async (bad) => {
      const admin = await as('admin', 'Admin2026');
      const res = await admin.post('/api/user/menus/address', { key: JXKH, externalUrl: bad });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ meta: { success: false, message: '地址须为以http://或https://开头的网址' }, code: ERROR_CODES.VALIDATION });
      expect((await db.query(`SELECT external_url FROM menu WHERE key = $1`, [JXKH]))[0].external_url).toBeNull();
    });

    it('refuses an address on the platform\'s own screens and on unknown menus', async () => {
      const admin = await as('admin', 'Admin2026');
      const own = await admin.post('/api/user/menus/address', { key: 'ly_herm_dataManagement_user', externalUrl: 'https://x.example.cn' });
      expect(own.body.meta).toEqual({ success: false, message: '该菜单是本平台的页面，不能设置外部地址' });
      const unknown = await admin.post('/api/user/menus/address', { key: 'no-such-menu', externalUrl: 'https://x.example.cn' });
      expect(unknown.body.meta).toEqual({ success: false, message: '菜单不存在' });
    });

    it('is the administrator\'s: others are refused and nothing changes', async () => {
      const head = await as('bmfzr');
      const res = await head.post('/api/user/menus/address', { key: JXKH, externalUrl: 'https://evil.example.cn' });
      expect(res.body.meta).toEqual({ success: false, message: NO_PERMISSION });
      expect((await head.get('/api/user/menus/addresses')).body.meta.success).toBe(false);
      expect((await db.query(`SELECT external_url FROM menu WHERE key = $1`, [JXKH]))[0].external_url).toBeNull();
    });
  });
});
