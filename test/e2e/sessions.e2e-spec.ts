import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { client, seed, sidOf, storedSessionId } from './support/session.js';
import { SETUP_TIMEOUT_MS, startTestApp, withCsrf, type TestApp } from './support/test-app.js';

// Session rules and the login throttle (issue 11, findings 3 and 4). The app trusts one proxy, so each test
// speaks from addresses of its own (X-Forwarded-For) and the failed-login counts never mix with other tests'.

const PASSWORD = 'Sess2026a';
const MIN = 60_000;
const HOUR = 60 * MIN;
const stamp = Date.now().toString(36);

// Every test creates people and logs in several times: argon2 on two busy cores outlasts Jest's 5 s.
jest.setTimeout(60_000);

describe('sessions and the login throttle', () => {
  let t: TestApp;
  let db: DataSource;
  let addresses = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    db = await seed(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await db.query(`DELETE FROM login_failure WHERE key LIKE $1 OR key LIKE 'ip:198.51.100.%'`, [`account:ses-${stamp}-%`]);
    await t.close();
  });

  /** A browser at an address of its own. */
  function browser(app: TestApp = t) {
    const address = `198.51.100.${(addresses += 1)}`;
    const c = client(app);
    const csrf = (path: string) => withCsrf(path, app.config.csrfSecret);
    return {
      address,
      login: (userName: string, password: string, remember = false) =>
        c.agent.post(csrf('/api/user/login')).set('X-Forwarded-For', address).send({ userName, password, remember }),
      me: () => c.agent.get(csrf('/api/user/tryLoginUserInfo')).set('X-Forwarded-For', address),
      get: (path: string) => c.agent.get(csrf(path)).set('X-Forwarded-For', address),
      post: (path: string, body: object) => c.agent.post(csrf(path)).set('X-Forwarded-For', address).send(body),
    };
  }

  /** A person of the test's own, so locking or changing them touches nobody else's tests. */
  async function person(name: string, app: TestApp = t): Promise<{ account: string; userId: string }> {
    const admin = client(app);
    expect((await admin.login('admin', 'Admin2026')).status).toBe(200);
    const account = `ses-${stamp}-${name}`;
    const res = await admin.post('/api/user/users/add', { account, userName: `会话${name}`, password: PASSWORD, orgId: 'd-jwc' });
    expect(res.body.meta.success).toBe(true);
    return { account, userId: res.body.data.userId };
  }

  /** The id the store keeps for a signed cookie value (s:<id>.<signature>). */
  const storedId = storedSessionId;
  const withCookie = (cookie: string, app: TestApp = t) =>
    app.http.get(withCsrf('/api/user/tryLoginUserInfo', app.config.csrfSecret)).set('Cookie', `sid=${cookie}`);
  const expectRefused = (res: { status: number; body: { code?: number } }) => {
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(53000010);
  };
  /** Milliseconds from now until the stored session ends. */
  async function endsIn(cookie: string, app: TestApp = t): Promise<number> {
    const [row] = await app.app.get(DataSource).query(`SELECT (extract(epoch FROM expire - now()) * 1000)::bigint AS ms FROM user_session WHERE sid = $1`, [storedId(cookie)]);
    return Number(row.ms);
  }
  /** Moves the session's login time back, as if it had been opened that long ago. */
  async function startedAgo(cookie: string, ms: number, app: TestApp = t): Promise<void> {
    await app.app.get(DataSource).query(`UPDATE user_session SET sess = jsonb_set(sess, '{startedAt}', to_jsonb($2::bigint)) WHERE sid = $1`, [storedId(cookie), Date.now() - ms]);
  }

  describe('the session id', () => {
    it('rotates at login: the id held before is replaced and refused afterwards', async () => {
      const [a, b] = [await person('rot-a'), await person('rot-b')];
      const c = browser();
      const first = sidOf(await c.login(a.account, PASSWORD))!;
      const second = sidOf(await c.login(b.account, PASSWORD))!;
      expect(storedId(second)).not.toBe(storedId(first));
      expect((await c.me()).body.data.account).toBe(b.account);
      expectRefused(await withCookie(first));
      expect(await db.query(`SELECT 1 FROM user_session WHERE sid = $1`, [storedId(first)])).toEqual([]);
    });

    it('dies at logout: the same id afterwards is refused with 401 / 53000010', async () => {
      const p = await person('logout');
      const c = browser();
      const sid = sidOf(await c.login(p.account, PASSWORD))!;
      expect((await withCookie(sid)).status).toBe(200);
      expect((await c.post('/api/user/logout', {})).body.meta.success).toBe(true);
      expectRefused(await withCookie(sid));
      expect(await db.query(`SELECT 1 FROM user_session WHERE sid = $1`, [storedId(sid)])).toEqual([]);
    });
  });

  describe('a password change', () => {
    it('ends the person\'s other sessions, keeps the one it was made in and nobody else\'s', async () => {
      const [p, q] = [await person('pw-p'), await person('pw-q')];
      const here = browser();
      const elsewhere = browser();
      const remembered = browser();
      const other = browser();
      await here.login(p.account, PASSWORD);
      await elsewhere.login(p.account, PASSWORD);
      await remembered.login(p.account, PASSWORD, true);
      await other.login(q.account, PASSWORD);
      expect((await elsewhere.me()).status).toBe(200);

      const res = await here.post('/api/user/password/update', { oldPassword: PASSWORD, newPassword: 'Next2026b' });
      expect(res.body.meta).toEqual({ success: true, message: '修改密码成功!' });
      expect((await here.me()).body.data.account).toBe(p.account);
      expectRefused(await elsewhere.me());
      expectRefused(await remembered.me());
      expect((await other.me()).body.data.account).toBe(q.account);
      expect(await db.query(`SELECT 1 FROM user_session WHERE user_id = $1`, [p.userId])).toHaveLength(1);
    });

    it('counts wrong old passwords like failed logins: they hold the account\'s next attempts and its owner hears of them, but never lock it', async () => {
      const p = await person('pw-delay');
      const c = browser();
      await c.login(p.account, PASSWORD);
      for (let i = 0; i < 5; i++) {
        const wrong = await c.post('/api/user/password/update', { oldPassword: `Wrong2026${i}`, newPassword: 'Next2026b' });
        expect(wrong.status).toBe(400);
        expect(wrong.body.meta.message).toBe('修改密码失败!');
      }
      const started = Date.now();
      const right = await c.post('/api/user/password/update', { oldPassword: PASSWORD, newPassword: 'Next2026b' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      expect(right.body.meta).toEqual({ success: true, message: '修改密码成功!' });
      // the right old password starts the delays again; the owner's next login is told of the five
      const next = Date.now();
      const login = await browser().login(p.account, 'Next2026b');
      expect(Date.now() - next).toBeLessThan(1_900);
      expect(login.body.data.failedLoginCount).toBe(5);
    });
  });

  describe('timeouts', () => {
    it('ends a browser session after 30 idle minutes; each request pushes the end back', async () => {
      const p = await person('idle');
      const c = browser();
      const sid = sidOf(await c.login(p.account, PASSWORD))!;
      expect(await endsIn(sid)).toBeGreaterThan(29 * MIN);
      expect(await endsIn(sid)).toBeLessThanOrEqual(30 * MIN);
      // 29 minutes without a request: still alive, and the request gives it 30 minutes again.
      await db.query(`UPDATE user_session SET expire = now() + interval '1 minute' WHERE sid = $1`, [storedId(sid)]);
      expect((await c.me()).status).toBe(200);
      expect(await endsIn(sid)).toBeGreaterThan(29 * MIN);
      // 30 minutes without a request: gone.
      await db.query(`UPDATE user_session SET expire = now() - interval '1 second' WHERE sid = $1`, [storedId(sid)]);
      expectRefused(await c.me());
    });

    it('ends a browser session 12 hours after login, however busy it is', async () => {
      const p = await person('absolute');
      const c = browser();
      const sid = sidOf(await c.login(p.account, PASSWORD))!;
      await startedAgo(sid, 12 * HOUR - 5 * MIN);
      expect((await c.me()).status).toBe(200);
      // The idle end is never later than the absolute one.
      expect(await endsIn(sid)).toBeLessThanOrEqual(5 * MIN);
      await startedAgo(sid, 12 * HOUR + MIN);
      expectRefused(await c.me());
    });

    it('keeps a remembered login its 30 days, past the idle and 12-hour limits, and no longer', async () => {
      const p = await person('remember');
      const c = browser();
      const sid = sidOf(await c.login(p.account, PASSWORD, true))!;
      expect(await endsIn(sid)).toBeGreaterThan(30 * 24 * HOUR - MIN);
      await startedAgo(sid, 13 * HOUR);
      expect((await c.me()).status).toBe(200);
      expect(await endsIn(sid)).toBeGreaterThan(29 * 24 * HOUR);
      await startedAgo(sid, 30 * 24 * HOUR + MIN);
      expectRefused(await c.me());
    });

    it('takes its limits from SESSION_IDLE_MINUTES and SESSION_MAX_HOURS', async () => {
      const short = await startTestApp({ env: { TRUST_PROXY: 'true', SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '1' } });
      try {
        const p = await person('config', short);
        const c = browser(short);
        const sid = sidOf(await c.login(p.account, PASSWORD))!;
        expect(await endsIn(sid, short)).toBeGreaterThan(4 * MIN);
        expect(await endsIn(sid, short)).toBeLessThanOrEqual(5 * MIN);
        await startedAgo(sid, HOUR - 10 * MIN, short);
        expect((await c.me()).status).toBe(200);
        await startedAgo(sid, HOUR + MIN, short);
        expectRefused(await c.me());
      } finally {
        await short.close();
      }
    });
  });

  describe('what a person may see, kept in memory under the access stamp (issue 17)', () => {
    const guarded = '/api/herm-znfx/doubleHigh/queryYear';

    it('answers a revoked role, a renamed person and a changed grant on the very next call', async () => {
      const p = await person('stamp');
      const c = browser();
      expect((await c.login(p.account, PASSWORD)).status).toBe(200);
      const get = c.get;
      // No role yet: the guarded page refuses, twice (the second answer comes from memory).
      expect((await get(guarded)).body.meta.success).toBe(false);
      expect((await get(guarded)).body.meta.success).toBe(false);

      await db.query(`INSERT INTO user_role (user_id, role_id) VALUES ($1, 'r-leader')`, [p.userId]);
      expect((await get(guarded)).body.meta.success).toBe(true);
      expect((await get(guarded)).body.meta.success).toBe(true);
      const before = (await c.me()).body.data;
      expect(before.roles.map((r: { roleId: string }) => r.roleId)).toContain('r-leader');

      await db.query(`UPDATE app_user SET name = $2 WHERE id = $1`, [p.userId, '改名后']);
      expect((await c.me()).body.data.userName).toBe('改名后');

      await db.query(`DELETE FROM user_role WHERE user_id = $1`, [p.userId]);
      expect((await get(guarded)).body.meta.success).toBe(false);
      expect((await c.me()).body.data.roles.map((r: { roleId: string }) => r.roleId)).not.toContain('r-leader');
    });

    it('closes a page the moment its grant leaves the role', async () => {
      const p = await person('grant');
      await db.query(`INSERT INTO role (id, name, code, sort_order) VALUES ($1, $2, $1, 99)`, [`r-stamp-${stamp}`, `印记${stamp}`]);
      await db.query(`INSERT INTO role_menu (role_id, menu_key) VALUES ($1, 'ly_herm_intelligentAnalysis_rival')`, [`r-stamp-${stamp}`]);
      await db.query(`INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)`, [p.userId, `r-stamp-${stamp}`]);
      const c = browser();
      expect((await c.login(p.account, PASSWORD)).status).toBe(200);
      const get = () => c.get(guarded);
      expect((await get()).body.meta.success).toBe(true);
      expect((await get()).body.meta.success).toBe(true);
      await db.query(`DELETE FROM role_menu WHERE role_id = $1`, [`r-stamp-${stamp}`]);
      expect((await get()).body.meta.success).toBe(false);
      await db.query(`DELETE FROM user_role WHERE role_id = $1`, [`r-stamp-${stamp}`]);
      await db.query(`DELETE FROM role WHERE id = $1`, [`r-stamp-${stamp}`]);
    });
  });

  describe('sessions kept in memory until a change notice (issue 17)', () => {
    const guarded = '/api/herm-znfx/doubleHigh/queryYear';
    /** Asks until the answer is the one expected: another process hears a change within milliseconds, not at once. */
    async function soon(ask: () => Promise<boolean>): Promise<number> {
      const start = Date.now();
      while (!(await ask())) {
        if (Date.now() - start > 5_000) throw new Error('the change was not heard within 5 s');
        await new Promise((r) => setTimeout(r, 10));
      }
      return Date.now() - start;
    }

    it('refuses a session deleted in the database on the very next call of the process that deleted it', async () => {
      const p = await person('kept');
      const c = browser();
      const sid = sidOf(await c.login(p.account, PASSWORD))!;
      expect((await c.me()).status).toBe(200);
      expect((await c.me()).status).toBe(200);
      await db.query(`DELETE FROM user_session WHERE sid = $1`, [storedId(sid)]);
      expectRefused(await c.me());
    });

    it('answers from memory: with the notice silenced, a session ended in the database is still served', async () => {
      const p = await person('silenced');
      const c = browser();
      const sid = sidOf(await c.login(p.account, PASSWORD))!;
      // Every pooled connection hears the login's notices; a read while they still arrive is not kept, so let them pass.
      await new Promise((r) => setTimeout(r, 200));
      expect((await c.me()).status).toBe(200);
      expect((await c.me()).status).toBe(200);
      await db.query(`ALTER TABLE user_session DISABLE TRIGGER user_session_changed`);
      try {
        await db.query(`UPDATE user_session SET expire = now() - interval '1 second' WHERE sid = $1`, [storedId(sid)]);
        expect((await c.me()).status).toBe(200);
      } finally {
        await db.query(`ALTER TABLE user_session ENABLE TRIGGER user_session_changed`);
      }
      await db.query(`UPDATE user_session SET expire = now() - interval '2 seconds' WHERE sid = $1`, [storedId(sid)]);
      expectRefused(await c.me());
    });

    it('hears another process: a session ended or a grant revoked there is refused here', async () => {
      const p = await person('elsewhere');
      await db.query(`INSERT INTO user_role (user_id, role_id) VALUES ($1, 'r-leader')`, [p.userId]);
      const c = browser();
      const sid = sidOf(await c.login(p.account, PASSWORD))!;
      expect((await c.get(guarded)).body.meta.success).toBe(true);
      expect((await c.get(guarded)).body.meta.success).toBe(true);
      const elsewhere = await startTestApp({ env: { TRUST_PROXY: 'true' } });
      try {
        const theirs = elsewhere.app.get(DataSource);
        await theirs.query(`DELETE FROM user_role WHERE user_id = $1`, [p.userId]);
        await soon(async () => (await c.get(guarded)).body.meta.success === false);
        expect((await c.me()).body.data.roles).toEqual([]);
        await theirs.query(`UPDATE user_session SET expire = now() - interval '1 second' WHERE sid = $1`, [storedId(sid)]);
        await soon(async () => (await c.me()).status === 401);
      } finally {
        await elsewhere.close();
      }
    });
  });

  describe('behind the trusted proxy (TRUST_PROXY=true, issue 31 item 17)', () => {
    const cookieOf = (res: { headers: Record<string, unknown> }) =>
      ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).find((c) => c.startsWith('sid=')) ?? '';

    it('marks the session cookie Secure when the proxy says the request came over https, and not otherwise', async () => {
      const p = await person('https');
      const c = browser();
      const overHttps = await client(t).agent
        .post(withCsrf('/api/user/login', t.config.csrfSecret))
        .set('X-Forwarded-For', c.address)
        .set('X-Forwarded-Proto', 'https')
        .send({ userName: p.account, password: PASSWORD });
      expect(overHttps.status).toBe(200);
      expect(cookieOf(overHttps)).toMatch(/;\s*Secure(;|$)/i);
      const overHttp = await c.login(p.account, PASSWORD);
      expect(overHttp.status).toBe(200);
      expect(cookieOf(overHttp)).toMatch(/HttpOnly/);
      expect(cookieOf(overHttp)).not.toMatch(/Secure/i);
    });

    it('counts a failed login for the address the proxy saw, not one the client wrote before it', async () => {
      const seen = browser().address;
      const forged = '203.0.113.31';
      const res = await client(t).agent
        .post(withCsrf('/api/user/login', t.config.csrfSecret))
        .set('X-Forwarded-For', `${forged}, ${seen}`)
        .send({ userName: `ses-${stamp}-nobody-proxy`, password: 'Guess2026' });
      expect(res.status).toBe(401);
      expect(await db.query(`SELECT failures FROM login_failure WHERE key = $1`, [`ip:${seen}`])).toEqual([{ failures: 1 }]);
      expect(await db.query(`SELECT 1 FROM login_failure WHERE key = $1`, [`ip:${forged}`])).toEqual([]);
    });
  });

  describe('the address throttle (issue 31 item 3)', () => {
    /** The address as if it had failed this often lately, its last turn given `heldForMs` from now. */
    const failedFrom = (address: string, failures: number, heldForMs = 0) =>
      db.query(
        `INSERT INTO login_failure (key, failures, last_failure, held_until) VALUES ($1, $2, now(), now() + make_interval(secs => $3::double precision / 1000))`,
        [`ip:${address}`, failures, heldForMs],
      );

    it('lets a correct password in from an address with many failures, only slowed down', async () => {
      const p = await person('nat');
      const school = browser();
      // Ten wrong guesses from the school's one address cost nothing.
      const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => school.login(`ses-${stamp}-nobody-${i}`, 'Guess2026')));
      expect(guesses.map((g) => g.status)).toEqual(Array(10).fill(401));
      // Two more: the 11th failure holds the address's next attempt 1 s, the 12th 2 s.
      expect((await school.login(`ses-${stamp}-nobody-11`, 'Guess2026')).status).toBe(401);
      expect((await school.login(`ses-${stamp}-nobody-12`, 'Guess2026')).status).toBe(401);

      const started = Date.now();
      const right = await school.login(p.account, PASSWORD);
      expect(right.status).toBe(200);
      expect(right.body.data.account).toBe(p.account);
      // Held before the check (the wait tells nothing about the password); the address is never locked.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      const [row] = await db.query(`SELECT failures FROM login_failure WHERE key = $1`, [`ip:${school.address}`]);
      expect(row).toEqual({ failures: 12 });
    });

    it('answers a flood from one address 429 at once, that address only', async () => {
      const p = await person('flood');
      const flooding = browser();
      // 12 failures (2 s between its attempts) and turns already given for the next 29 s: one more would wait 31 s.
      await failedFrom(flooding.address, 12, 29_000);
      const started = Date.now();
      const refused = await flooding.login(p.account, PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body.meta).toEqual({ success: false, message: '登录失败次数过多，请稍后再试' });
      expect(Date.now() - started).toBeLessThan(1_500);
      // the account is not touched: its owner elsewhere logs in at once
      const elsewhere = await browser().login(p.account, PASSWORD);
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.data.failedLoginCount).toBe(0);
    });

    it('gives the parallel attempts of a slowed address turns, one delay apart', async () => {
      const p = await person('turns');
      const slowed = browser();
      // 11 failures: 1 s between the address's attempts.
      await failedFrom(slowed.address, 11);
      const timed = async () => {
        const started = Date.now();
        const res = await slowed.login(p.account, PASSWORD);
        return { status: res.status, ms: Date.now() - started };
      };
      const answers = await Promise.all([timed(), timed(), timed()]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
      expect(ms[0]).toBeGreaterThanOrEqual(900);
      expect(ms[1]).toBeGreaterThanOrEqual(1_900);
      expect(ms[2]).toBeGreaterThanOrEqual(2_900);
    });
  });
});
