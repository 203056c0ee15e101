import { startFakeCas, logoutRequestXml, type FakeCas } from './support/fake-cas-server.js';
import { client, seed } from './support/session.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = 'http://zg.example.test';
const SERVICE = `${BASE}/api/user/cas/callback`;

describe.each(['3.0', '2.0'] as const)('CAS %s single sign-on against a fake CAS server', (version) => {
  let cas: FakeCas;
  let t: TestApp;

  beforeAll(async () => {
    cas = await startFakeCas({ users: ['bmfzr', 'stranger'] });
    t = await startTestApp({ env: { CAS_SERVER_URL: cas.url, CAS_SERVICE_BASE_URL: BASE, CAS_VERSION: version, CAS_TIMEOUT_MS: '800' } });
    await seed(t);
  });
  afterAll(async () => {
    await t.close();
    await cas.close();
  });

  it('tells the browser SSO is on, and sends it to CAS with the configured service URL', async () => {
    const config = (await client(t).agent.get('/api/client-config')).body.data;
    expect(config).toMatchObject({ ssoEnabled: true, ssoLoginUrl: '/api/user/cas/login', ssoLogoutUrl: `${cas.url}/logout?service=${encodeURIComponent(BASE)}` });
    // A forged Host or X-Forwarded-Host must not change the service URL.
    const res = await client(t).agent.get('/api/user/cas/login').set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${cas.url}/login?service=${encodeURIComponent(SERVICE)}`);
  });

  it('logs the CAS user in as the matching platform user; a replayed ticket is refused', async () => {
    const ticket = cas.issueTicket(SERVICE, 'bmfzr');
    const browser = client(t);
    const back = await browser.agent.get(`/api/user/cas/callback?ticket=${ticket}`);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/');
    const me = await browser.get('/api/user/tryLoginUserInfo');
    expect(me.body.data).toMatchObject({ userId: 'u-depthead', userName: '李红' });
    expect(me.body.data.roleIdList).toContain('targetTaskDepart');

    const replay = client(t);
    const again = await replay.agent.get(`/api/user/cas/callback?ticket=${ticket}`);
    expect(again.status).toBe(302);
    expect(again.headers.location).toMatch(/^\/login\?ssoError=/);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await replay.get('/api/user/tryLoginUserInfo')).status).toBe(401);
  });

  it('refuses a CAS user who is not a platform user, with a clear message', async () => {
    const res = await client(t).agent.get(`/api/user/cas/callback?ticket=${cas.issueTicket(SERVICE, 'stranger')}`);
    expect(decodeURIComponent(res.headers.location)).toBe('/login?ssoError=统一身份认证用户 stranger 不是本平台用户，请联系管理员');
  });

  it('refuses a made-up ticket without asking CAS twice, and a malformed one without asking at all', async () => {
    const before = cas.validations;
    const res = await client(t).agent.get('/api/user/cas/callback?ticket=ST-made-up-123');
    expect(decodeURIComponent(res.headers.location)).toBe('/login?ssoError=统一身份认证失败，请重新登录');
    expect(cas.validations).toBe(before + 1);
    await client(t).agent.get(`/api/user/cas/callback?ticket=${encodeURIComponent('<script>')}`);
    expect(cas.validations).toBe(before + 1);
  });

  it('gives up on a CAS server that does not answer in time', async () => {
    cas.delayMs = 3_000;
    try {
      const res = await client(t).agent.get(`/api/user/cas/callback?ticket=${cas.issueTicket(SERVICE, 'bmfzr')}`);
      expect(decodeURIComponent(res.headers.location)).toBe('/login?ssoError=统一身份认证服务暂不可用，请稍后重试');
    } finally {
      cas.delayMs = 0;
    }
  });

  it('ends the session its ticket opened when CAS posts a single logout', async () => {
    const ticket = cas.issueTicket(SERVICE, 'bmfzr');
    const browser = client(t);
    await browser.agent.get(`/api/user/cas/callback?ticket=${ticket}`);
    expect((await browser.get('/api/user/tryLoginUserInfo')).status).toBe(200);
    const slo = await client(t).agent.post('/api/user/cas/callback').type('form').send({ logoutRequest: logoutRequestXml(ticket) });
    expect(slo.body.data).toEqual({ ended: true });
    expect((await browser.get('/api/user/tryLoginUserInfo')).status).toBe(401);
  });
});

describe('without CAS configured', () => {
  it('has no CAS entry and says SSO is off', async () => {
    const t = await startTestApp();
    try {
      expect((await client(t).agent.get('/api/client-config')).body.data).toMatchObject({ ssoEnabled: false, ssoLoginUrl: null });
      const res = await client(t).agent.get('/api/user/cas/login');
      expect(res.body).toMatchObject({ meta: { success: false, message: '未启用统一身份认证' } });
    } finally {
      await t.close();
    }
  });
});

describe('CAS single sign-on without pre-registration (CAS_CREATE_USERS, issue 32)', () => {
  let cas: FakeCas;
  let t: TestApp;

  beforeAll(async () => {
    cas = await startFakeCas({
      users: ['newcomer-e2e', 'drifter-e2e'],
      attributes: { 'newcomer-e2e': { displayName: '新来的老师', ou: '机电工程学院' }, 'drifter-e2e': { ou: '没有这个部门' } },
    });
    t = await startTestApp({
      env: { CAS_SERVER_URL: cas.url, CAS_SERVICE_BASE_URL: BASE, CAS_CREATE_USERS: 'true', CAS_DEFAULT_ROLE: 'targetTaskOwner', CAS_DEPARTMENT_ATTRIBUTE: 'ou' },
    });
    await seed(t);
  });
  afterAll(async () => {
    await t.close();
    await cas.close();
  });

  it('gives a CAS user with no account one at first login: the default role, the department of the attribute', async () => {
    const browser = client(t);
    const back = await browser.agent.get(`/api/user/cas/callback?ticket=${cas.issueTicket(SERVICE, 'newcomer-e2e')}`);
    expect(back.headers.location).toBe('/');
    const me = (await browser.get('/api/user/tryLoginUserInfo')).body.data;
    expect(me).toMatchObject({ account: 'newcomer-e2e', userName: '新来的老师', orgId: 'd-jdgc', mustChangePassword: false });
    expect(me.roles.map((r: { roleName: string }) => r.roleName)).toEqual(['目标任务负责人']);
    // the next login finds the same account
    const again = client(t);
    await again.agent.get(`/api/user/cas/callback?ticket=${cas.issueTicket(SERVICE, 'newcomer-e2e')}`);
    expect((await again.get('/api/user/tryLoginUserInfo')).body.data.userId).toBe(me.userId);
    // no password opens it
    expect((await client(t).login('newcomer-e2e', '!cas-only')).status).toBe(401);
  });

  it('creates the account without a department when the attribute names none there is', async () => {
    const browser = client(t);
    await browser.agent.get(`/api/user/cas/callback?ticket=${cas.issueTicket(SERVICE, 'drifter-e2e')}`);
    expect((await browser.get('/api/user/tryLoginUserInfo')).body.data).toMatchObject({ account: 'drifter-e2e', userName: 'drifter-e2e', orgId: null });
  });
});
