import { csrfToken } from '../../backend/src/shared/http/csrf.js';
import { ProbeController } from './support/probe.controller.js';
import { client, seed } from './support/session.js';
import { startTestApp, withCsrf, type TestApp } from './support/test-app.js';

describe('foundation: envelope, request conventions, errors (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let secret: string;
  const csrf = (path: string) => withCsrf(path, secret);

  beforeAll(async () => {
    t = await startTestApp({ controllers: [ProbeController] });
    secret = t.config.csrfSecret;
  });
  afterAll(() => t.close());

  describe('envelope on success', () => {
    it('health answers success with database and queue up', async () => {
      const res = await t.http.get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ meta: { success: true, message: '' }, data: { database: 'up', queue: 'up', queueBackend: 'redis' }, code: 0 });
    });

    it('client configuration gives the csrf secret without a token', async () => {
      const res = await t.http.get('/api/client-config');
      expect(res.body.meta.success).toBe(true);
      expect(res.body.data.csrfSecret).toBe(secret);
      expect(res.body.data.version).toBe('V3.2_20200311');
    });

    it('a handler message travels in meta.message', async () => {
      const res = await t.http.post(csrf('/api/e2e-probe/echo')).send({ yyfx: '原因分析' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ meta: { success: true, message: '保存成功' }, data: { yyfx: '原因分析' }, code: 0 });
    });
  });

  describe('envelope on each error kind, never a stack trace', () => {
    const cases: Array<[string, () => Promise<import('supertest').Response>, number, number, string]> = [
      ['validation (required)', () => t.http.post(csrf('/api/e2e-probe/echo')).send({}), 400, 40000001, '此项必填'],
      ['validation (too long)', () => t.http.post(csrf('/api/e2e-probe/echo')).send({ yyfx: 'x'.repeat(501) }), 400, 40000001, '最多只能输入500个字符'],
      ['not found', () => t.http.get(csrf('/api/e2e-probe/missing')), 404, 40400001, '目标不存在'],
      ['no permission (200, as the spec says)', () => t.http.get(csrf('/api/e2e-probe/forbidden')), 200, 40300010, '用户无权访问该资源'],
      ['conflict (a real unique violation)', () => t.http.post(csrf('/api/e2e-probe/conflict')), 409, 40900001, '数据已存在或已被他人修改，请刷新后重试'],
      ['database down', () => t.http.get(csrf('/api/e2e-probe/db-down')), 503, 50300001, '数据库暂不可用，请稍后重试'],
      ['unknown error', () => t.http.get(csrf('/api/e2e-probe/crash')), 500, 50000001, '服务器内部错误，请稍后重试'],
      ['malformed JSON', () => t.http.post(csrf('/api/e2e-probe/echo')).set('Content-Type', 'application/json').send('{"yyfx": '), 400, 40000002, '请求体不是合法的 JSON'],
      ['a 10 MB body', () => t.http.post(csrf('/api/e2e-probe/echo')).send({ yyfx: 'x'.repeat(10 * 1024 * 1024) }), 413, 41300001, '请求体过大'],
      ['unknown route', () => t.http.get(csrf('/api/no/such/route')), 404, 40400002, '接口不存在'],
      ['wrong method', () => t.http.delete(csrf('/api/health')), 405, 40500001, '不支持该请求方法'],
    ];

    it.each(cases)('%s', async (_name, call, status, code, message) => {
      const res = await call();
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.meta).toEqual({ success: false, message });
      expect(res.body.code).toBe(code);
      expect(res.text).not.toMatch(/\bat \S+\.(js|ts):\d+|secret internal detail|node_modules/);
    });

    it('a conflict leaves nothing half-written', async () => {
      const rows = await t.app.get((await import('typeorm')).DataSource).query(`SELECT id FROM role WHERE code = 'probe'`);
      expect(rows).toEqual([{ id: 'probe-a' }]);
    });

    it('a wrong method names the allowed ones', async () => {
      const res = await t.http.put(csrf('/api/client-config'));
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET');
    });
  });

  describe('csrfTimestamp and csrfToken (spec 000 §7)', () => {
    it('refuses a call without them', async () => {
      const res = await t.http.get('/api/e2e-probe/missing');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ meta: { success: false }, code: 40300001 });
    });

    it('refuses a wrong token', async () => {
      const ts = String(Date.now());
      const res = await t.http.get(`/api/e2e-probe/missing?csrfTimestamp=${ts}&csrfToken=${csrfToken(ts, 'not-the-secret')}`);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(40300001);
    });

    it('refuses a token made for another timestamp', async () => {
      const ts = String(Date.now());
      const res = await t.http.get(`/api/e2e-probe/missing?csrfTimestamp=${ts}&csrfToken=${csrfToken(String(Number(ts) - 1), secret)}`);
      expect(res.body.code).toBe(40300001);
    });

    it('refuses a stale timestamp (11 minutes old) even with its right token', async () => {
      const res = await t.http.get(withCsrf('/api/e2e-probe/missing', secret, String(Date.now() - 11 * 60 * 1000)));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ meta: { success: false, message: 'csrfTimestamp 已过期，请刷新页面后重试' }, code: 40300002 });
    });

    it('accepts a fresh right token on a write, and ignores _t', async () => {
      const res = await t.http.post(`${csrf('/api/e2e-probe/echo')}&_t=whatever`).send({ yyfx: 'a' });
      expect(res.body.meta.success).toBe(true);
    });

    it('accepts form-urlencoded bodies', async () => {
      const res = await t.http.post(csrf('/api/e2e-probe/echo')).type('form').send('yyfx=%E5%8E%9F%E5%9B%A0');
      expect(res.body.data).toEqual({ yyfx: '原因' });
    });
  });

  describe('cross-origin writes and the session', () => {
    it('refuses a write from another origin', async () => {
      const res = await t.http.post(csrf('/api/e2e-probe/echo')).set('Origin', 'https://evil.example').send({ yyfx: 'a' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(40300003);
    });

    it('refuses a write that the browser marks cross-site', async () => {
      const res = await t.http.post(csrf('/api/e2e-probe/echo')).set('Sec-Fetch-Site', 'cross-site').send({ yyfx: 'a' });
      expect(res.body.code).toBe(40300003);
    });

    it('accepts a write from its own origin', async () => {
      const res = await t.http.post(csrf('/api/e2e-probe/echo')).set('Host', 'zg.example.edu.cn').set('Origin', 'https://zg.example.edu.cn').send({ yyfx: 'a' });
      expect(res.body.meta.success).toBe(true);
    });

    it('sets sid HttpOnly and SameSite=Lax', async () => {
      const res = await t.http.post(csrf('/api/e2e-probe/session'));
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^sid=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    });

    it('compares the login headers with the session and never takes identity from them', async () => {
      const agent = (await import('supertest')).default.agent(t.app.getHttpServer());
      await agent.post(csrf('/api/e2e-probe/session')).expect(201);

      const agreeing = await agent
        .get(csrf('/api/e2e-probe/whoami'))
        .set('loginUserId', 'u-owner')
        .set('loginUserName', encodeURIComponent(encodeURIComponent('陈静')))
        .set('loginUserOrgId', 'd-xxgc');
      expect(agreeing.body.data).toEqual({ userId: 'u-owner' });

      const forged = await agent.get(csrf('/api/e2e-probe/whoami')).set('loginUserId', 'u-admin');
      expect(forged.status).toBe(401);
      expect(forged.body).toMatchObject({ meta: { success: false }, code: 53000010 });

      // Without a session the header is no identity at all.
      const anonymous = await t.http.get(csrf('/api/e2e-probe/whoami')).set('loginUserId', 'u-admin');
      expect(anonymous.body.data).toEqual({ userId: null });
    });
  });

  describe('API documentation', () => {
    it('serves the OpenAPI document with every route', async () => {
      const res = await t.http.get('/api/docs-json');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/client-config']));
    });

    it('serves the documentation page', async () => {
      const res = await t.http.get('/api/docs/');
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/swagger/i);
    });

    // issue 31 item 16: every path and its access rule are not for strangers in production
    it('in production asks for a signed-in session: 401 envelope anonymously, 200 signed in', async () => {
      const prod = await startTestApp({ env: { NODE_ENV: 'production', CSRF_SECRET: 'c'.repeat(24), SESSION_SECRET: 's'.repeat(24) } });
      try {
        expect(prod.config.apiDocs).toBe('signed-in');
        await seed(prod);
        for (const path of ['/api/docs-json', '/api/docs-yaml', '/api/docs', '/api/docs/', '/api/docs/swagger-ui-init.js']) {
          const anonymous = await prod.http.get(path);
          expect([path, anonymous.status]).toEqual([path, 401]);
          expect(anonymous.body).toEqual({ meta: { success: false, message: '未登录或登录已过期，请重新登录！' }, data: null, code: 53000010 });
        }
        const person = client(prod);
        expect((await person.login('zj', 'Demo2026')).status).toBe(200);
        const signedIn = await person.agent.get('/api/docs-json');
        expect(signedIn.status).toBe(200);
        expect(Object.keys(signedIn.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/user/login']));
        expect((await person.agent.get('/api/docs/')).text).toMatch(/swagger/i);
        // the routes beside it are not caught
        expect((await prod.http.get('/api/health')).status).toBe(200);
        await person.post('/api/user/logout');
        expect((await person.agent.get('/api/docs-json')).status).toBe(401);
      } finally {
        await prod.close();
      }
    });

    it('follows API_DOCS: signed-in outside production too, off serves nothing', async () => {
      const signedIn = await startTestApp({ env: { API_DOCS: 'signed-in' } });
      try {
        expect((await signedIn.http.get('/api/docs-json')).body.code).toBe(53000010);
      } finally {
        await signedIn.close();
      }
      const off = await startTestApp({ env: { API_DOCS: 'off' } });
      try {
        const res = await off.http.get('/api/docs-json');
        expect(res.status).toBe(404);
        expect(res.body.meta.success).toBe(false);
      } finally {
        await off.close();
      }
    });
  });
});
