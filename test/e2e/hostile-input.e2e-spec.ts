import { DataSource } from 'typeorm';
import { client, seed } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, withCsrf, type TestApp } from './support/test-app.js';

type Client = ReturnType<typeof client>;
const VALIDATION = 40000001;
const CHINESE = /[\u4e00-\u9fff]/;
const ENGLISH_WORDS = /\b(must|should|be|than|each|value|property|nested)\b/i;

/** Issue 11 findings 1, 2, 8 and 9: input a hostile caller sends is refused with the envelope, never a 500. */
describe('hostile input: NUL characters, deep JSON, Chinese validation messages, CAS POST (issue 11)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: Client;
  let fabu: Client;
  const as = async (account: string, password = 'Demo2026'): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, password)).status).toBe(200);
    return c;
  };
  const csrf = (path: string) => withCsrf(path, t.config.csrfSecret);

  beforeAll(async () => {
    t = await startTestApp();
    db = await seed(t);
    admin = await as('admin', 'Admin2026');
    fabu = await as('fabu');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('finding 1: a NUL character is a validation error before any query or job', () => {
    it('refuses it in an anonymous login body, naming the field', async () => {
      const res = await t.http.post(csrf('/api/user/login')).send({ userName: 'a\u0000b', password: 'x' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ meta: { success: false, message: '用户名包含非法字符' }, data: null, code: VALIDATION });
    });

    it('refuses it in a query parameter, a path parameter and deep inside a body', async () => {
      const query = await admin.get('/api/herm-znfx/quality/select?objTaskId=a%00b');
      expect(query.status).toBe(400);
      expect(query.body.meta.message).toBe('诊断任务包含非法字符');

      const path = await admin.get('/api/user/roles/a%00b/users');
      expect(path.status).toBe(400);
      expect(path.body).toMatchObject({ meta: { success: false, message: '请求路径包含非法字符' }, code: VALIDATION });

      const nested = await admin.post('/api/user/roles/r-expert/users/add', { userIds: ['u-owner', 'x\u0000'] });
      expect(nested.status).toBe(400);
      expect(nested.body.meta.message).toBe('用户包含非法字符');
      const key = await admin.post('/api/user/departments/add', { departmentName: '部门', ['k\u0000']: 1 });
      expect(key.status).toBe(400);
      expect(key.body.meta.message).toBe('参数名包含非法字符');
    });

    it('refuses a copy of a library under a NUL name: no job, no library', async () => {
      const added = await fabu.post('/api/herm-znfx/target/add', { name: 'NUL复制源', cycleValue: '2026', targetLevelId: 'school' });
      expect(added.body.meta.success).toBe(true);
      const [{ id }] = (await db.query(`SELECT id FROM target_library WHERE name = 'NUL复制源'`)) as Array<{ id: string }>;
      const before = (await db.query(`SELECT count(*)::int AS n FROM target_library`)) as Array<{ n: number }>;
      const res = await fabu.post('/api/herm-znfx/target/copy', { id, name: '复制\u0000' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ meta: { success: false, message: '名称包含非法字符' }, data: null, code: VALIDATION });
      expect(await db.query(`SELECT count(*)::int AS n FROM target_library`)).toEqual(before);
    });
  });

  describe('finding 2: deeply nested or huge JSON is refused while it is parsed', () => {
    it('refuses 400,000 nested arrays (0.8 MB) with the envelope, on an anonymous route', async () => {
      const body = '['.repeat(400_000) + ']'.repeat(400_000);
      const res = await t.http.post(csrf('/api/user/login')).set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ meta: { success: false, message: '请求数据层级过深' }, data: null, code: 40000003 });
    });

    it('refuses more than 10,000 elements, and counts no brackets or commas inside strings', async () => {
      const wide = await t.http.post(csrf('/api/user/login')).set('Content-Type', 'application/json').send(`[${'0,'.repeat(10_001)}0]`);
      expect(wide.status).toBe(400);
      expect(wide.body).toMatchObject({ meta: { success: false, message: '请求数据项过多' }, code: 40000003 });

      // 40 levels of brackets and 20,000 commas inside a string are text: the login goes on to check the password.
      const note = '[{'.repeat(40) + ',"\\"'.repeat(20_000);
      const text = await t.http.post(csrf('/api/user/login')).send({ userName: 'nobody', password: 'x', note });
      expect(text.body).toMatchObject({ meta: { success: false, message: '用户名或密码错误' }, code: 40100001 });
    });
  });

  describe('finding 8: validation messages are Chinese and name the field; every write answers 200', () => {
    it('names the paging fields', async () => {
      expect((await admin.get('/api/user/users/common?pageSize=abc')).body).toEqual({ meta: { success: false, message: '每页条数必须是整数' }, data: null, code: VALIDATION });
      expect((await admin.get('/api/user/users/common?pageNum=0')).body.meta.message).toBe('页码不能小于1');
      expect((await admin.get('/api/user/users/common?pageSize=-1')).body.meta.message).toBe('每页条数不能小于0');
    });

    it('gives a Chinese message for each kind of broken rule, and keeps the messages the DTOs give', async () => {
      const cases: Array<[Promise<{ status: number; body: { meta: { message: string } } }>, string]> = [
        [admin.post('/api/user/departments/add', { departmentName: 5 }), '部门名称必须是文本'],
        [admin.post('/api/user/roles/r-expert/users/add', { userIds: 'u-owner' }), '用户必须是列表'],
        // the schema names the item by its place (issue 30: bodies read through the contract's zod schemas)
        [admin.post('/api/user/roles/r-expert/users/add', { userIds: [1] }), '用户第1项必须是文本'],
        [admin.post('/api/user/users/update', { userId: 'u-owner', account: 'rwfzr', userName: '陈静', enabled: 'yes' }), '是否启用必须是布尔值'],
        [fabu.post('/api/herm-znfx/catalog/add', { libraryId: 'x', name: 'n', sortOrder: 'first' }), '排序必须是整数'],
        [fabu.post('/api/herm-znfx/quality/sync', { parentId: 'p'.repeat(65) }), '上级编号最多64个字符'],
        [admin.get('/api/user/warningCount?queryType=all'), '查询类型只能是personal'],
        [admin.post('/api/user/departments/add', { departmentName: '' }), '请输入部门名称'],
      ];
      for (const [call, message] of cases) {
        const res = await call;
        expect({ status: res.status, message: res.body.meta.message }).toEqual({ status: 400, message });
      }
    });

    it('answers no English in any message of a broken body', async () => {
      const bodies: object[] = [{ userIds: {} }, { userIds: [null, {}] }, { userIds: [] }];
      for (const body of bodies) {
        const { body: answer } = await admin.post('/api/user/roles/r-expert/users/add', body);
        expect(answer.meta.message).toMatch(CHINESE);
        expect(answer.meta.message).not.toMatch(ENGLISH_WORDS);
      }
    });

    it('answers 200 to departments/add and users/add, like every other write', async () => {
      const department = await admin.post('/api/user/departments/add', { departmentName: '二百部门' });
      expect(department.status).toBe(200);
      expect(department.body.meta.success).toBe(true);
      const user = await admin.post('/api/user/users/add', { account: 'status-200', userName: '二百用户', password: 'Start2026x' });
      expect(user.status).toBe(200);
      expect(user.body.meta.success).toBe(true);
    });
  });

  describe('issue 30: null, wrong types and control characters are refused in the envelope, nothing stored', () => {
    const count = async (sql: string, params: unknown[] = []) => ((await db.query(sql, params)) as Array<{ n: number }>)[0]!.n;
    const refused = (res: { status: number; body: { meta: { success: boolean; message: string }; data: unknown; code: number } }, message: string) =>
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { meta: { success: false, message }, data: null, code: VALIDATION } });

    it('users/add with password null: 400, no person stored', async () => {
      const before = await count(`SELECT count(*)::int AS n FROM app_user`);
      refused(await admin.post('/api/user/users/add', { account: 'null-pass', userName: '空密码', orgId: 'd-jwc', password: null }), '密码不能为空');
      refused(await admin.post('/api/user/users/add', { account: 'null-name', userName: null, orgId: 'd-jwc' }), '请输入姓名');
      refused(await admin.post('/api/user/users/add', { account: 'ctl-name', userName: '张\u0001三' }), '用户名包含非法字符');
      refused(await admin.post('/api/user/users/add', { account: 'tab-name', userName: '张\t三' }), '用户名包含非法字符');
      expect(await count(`SELECT count(*)::int AS n FROM app_user`)).toBe(before);
    });

    it('quality/definitions add and update with zkdmc or datasources null: 400, nothing stored or changed', async () => {
      const library = await fabu.post('/api/herm-znfx/target/add', { name: 'null质控点库', cycleValue: '2026', targetLevelId: 'school' });
      expect(library.body.meta.success).toBe(true);
      const libraryId = (library.body.data as { id: string }).id;
      const indicator = await fabu.post('/api/herm-znfx/catalog/add', { libraryId, name: '空值指标' });
      expect(indicator.body.meta.success).toBe(true);
      const indicatorId = (indicator.body.data as { id: string }).id;
      const points = () => count(`SELECT count(*)::int AS n FROM quality_point WHERE library_id = $1`, [libraryId]);

      const add = (body: object) => fabu.post('/api/herm-znfx/quality/definitions/add', { libraryId, indicatorId, zlx: 'percent', ...body });
      refused(await add({ zkdmc: null }), '请输入质控点名称');
      refused(await add({ zkdmc: '空数据源', datasources: null }), '数据源不能为空');
      refused(await add({ zkdmc: '错类型', datasources: 'x' }), '数据源必须是列表');
      refused(await add({ zkdmc: '错类型', datasources: [{ cjfs: 5 }] }), '数据源第1项「采集方式」必须是文本');
      refused(await add({ zkdmc: '控制\u001b[31m字符' }), '质控点名称包含非法字符');
      expect(await points()).toBe(0);

      const added = await add({ zkdmc: '正常质控点', nh: '第一行\n第二行\t缩进' });
      expect(added.body.meta).toEqual({ success: true, message: '新增成功' });
      const id = (added.body.data as { id: string }).id;
      refused(await fabu.post('/api/herm-znfx/quality/definitions/update', { id, zkdmc: null }), '请输入质控点名称');
      refused(await fabu.post('/api/herm-znfx/quality/definitions/update', { id, datasources: null }), '数据源不能为空');
      expect(await db.query(`SELECT zkdmc, nh FROM quality_point WHERE id = $1`, [id])).toEqual([{ zkdmc: '正常质控点', nh: '第一行\n第二行\t缩进' }]);
      expect(await points()).toBe(1);
    });

    it('yearTarget/add with control characters: 400, nothing stored', async () => {
      const before = await count(`SELECT count(*)::int AS n FROM year_target`);
      refused(await fabu.post('/api/herm-znfx/yearTarget/add', { name: '探测\u0001\u0007\u001b[31m红\u0008', cycleYear: '2031', dimensionId: 'dim-zlsc' }), '名称包含非法字符');
      refused(await fabu.post('/api/herm-znfx/yearTarget/add', { name: '删除\u007f', cycleYear: '2031', dimensionId: 'dim-zlsc' }), '名称包含非法字符');
      expect(await count(`SELECT count(*)::int AS n FROM year_target`)).toBe(before);
    });

    it('a report named with a backspace is refused before any build', async () => {
      const rwfzr = await as('rwfzr');
      const before = await count(`SELECT count(*)::int AS n FROM quality_report`);
      const res = await rwfzr.post('/api/herm-znfx/report/generate', { reportName: '报告\u0008名', cycle: '2025', scopes: [{ cjlx: 'major', cjdmid: 'major-510203' }] });
      refused(res, '报告名称包含非法字符');
      expect(await count(`SELECT count(*)::int AS n FROM quality_report`)).toBe(before);
    });
  });

  describe('finding 9: with single sign-on off, the CAS callback answers POST as it answers GET', () => {
    it('answers both with the 404 envelope', async () => {
      const get = await t.http.get('/api/user/cas/callback?ticket=ST-1');
      const post = await t.http.post('/api/user/cas/callback').type('form').send({ logoutRequest: '<samlp:LogoutRequest/>' });
      expect(get.status).toBe(404);
      expect({ status: post.status, body: post.body }).toEqual({ status: get.status, body: get.body });
    });
  });
});
