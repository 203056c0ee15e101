import express, { type Request } from 'express';
import passport from 'passport';
import request from 'supertest';
import { startFakeCas, type FakeCas } from '../../../../../../test/e2e/support/fake-cas-server.js';
import { CasClient } from './cas-client.js';
import { CasStrategy, type CasVerify } from './cas.strategy.js';

const SERVICE = 'https://zg.example.edu/api/user/cas/callback';

type Outcome =
  | { action: 'redirect'; url: string; status?: number }
  | { action: 'success'; user: unknown; info: unknown }
  | { action: 'fail'; challenge: unknown; status?: number }
  | { action: 'error'; error: Error };

/** Runs authenticate the way passport does: on a per-request copy of the strategy with the actions attached. */
function run(strategy: CasStrategy, req: Partial<Request>): Promise<Outcome> {
  return new Promise((resolve) => {
    const copy = Object.create(strategy) as CasStrategy;
    copy.redirect = (url: string, status?: number) => resolve({ action: 'redirect', url, status });
    copy.success = (user: unknown, info?: unknown) => resolve({ action: 'success', user, info });
    copy.fail = ((challenge: unknown, status?: number) => resolve({ action: 'fail', challenge, status })) as CasStrategy['fail'];
    copy.error = (error: Error) => resolve({ action: 'error', error });
    copy.pass = () => resolve({ action: 'error', error: new Error('pass() was not expected') });
    copy.authenticate(req as Request);
  });
}

const casRequest = (query: Request['query']): Partial<Request> => ({ method: 'GET', url: '/api/user/cas/callback', query });

describe('CasStrategy', () => {
  let fake: FakeCas;
  let client: CasClient;
  const calls: Array<[string, unknown]> = [];
  // Maps the CAS id to an app user; only known users may sign in.
  const verify: CasVerify = (casUser, attributes, done) => {
    calls.push([casUser, attributes]);
    if (casUser === 'boom') return done(new Error('directory down'));
    if (casUser !== 'bmfzr') return done(null, false, { message: '该统一身份认证账号未开通本平台' });
    done(null, { id: 1, userName: casUser }, { source: 'directory' });
  };

  beforeEach(async () => {
    calls.length = 0;
    fake = await startFakeCas({ users: ['bmfzr'] });
    client = new CasClient({ serverUrl: fake.url, serviceUrl: SERVICE, version: '3.0', timeoutMs: 2000 });
  });
  afterEach(async () => {
    await fake.close();
  });

  it('is named cas', () => {
    expect(new CasStrategy({ client }, verify).name).toBe('cas');
  });

  it('redirects to CAS login when there is no ticket', async () => {
    const outcome = await run(new CasStrategy({ client }, verify), casRequest({}));
    expect(outcome).toEqual({ action: 'redirect', url: client.loginUrl(), status: undefined });
    expect(fake.validations).toBe(0);
  });

  it('validates the ticket, calls verify with the CAS user and attributes, and succeeds with the verified user', async () => {
    const ticket = fake.issueTicket(SERVICE, 'bmfzr');
    const outcome = await run(new CasStrategy({ client }, verify), casRequest({ ticket }));
    expect(outcome).toMatchObject({ action: 'success', user: { id: 1, userName: 'bmfzr' } });
    // The ticket travels in info (req.authInfo) so the controller can map ticket → session for single logout.
    expect(outcome.action === 'success' && outcome.info).toMatchObject({ ticket, casUser: 'bmfzr', attributes: { displayName: 'bmfzr' }, info: { source: 'directory' } });
    expect(calls).toEqual([['bmfzr', expect.objectContaining({ displayName: 'bmfzr' })]]);
  });

  it('reads the ticket from the raw URL when there is no parsed query', async () => {
    const ticket = fake.issueTicket(SERVICE, 'bmfzr');
    const outcome = await run(new CasStrategy({ client }, verify), { url: `/api/user/cas/callback?ticket=${ticket}` } as Partial<Request>);
    expect(outcome.action).toBe('success');
  });

  it('fails with 401 on an invalid ticket, carrying reason and CAS code, without calling verify', async () => {
    const outcome = await run(new CasStrategy({ client }, verify), casRequest({ ticket: 'ST-404-unknown' }));
    expect(outcome).toMatchObject({ action: 'fail', status: 401, challenge: { reason: 'rejected', casCode: 'INVALID_TICKET' } });
    expect(calls).toEqual([]);
  });

  it('fails with 401 on a replayed ticket', async () => {
    const ticket = fake.issueTicket(SERVICE, 'bmfzr');
    const strategy = new CasStrategy({ client }, verify);
    expect((await run(strategy, casRequest({ ticket }))).action).toBe('success');
    expect(await run(strategy, casRequest({ ticket }))).toMatchObject({ action: 'fail', status: 401, challenge: { casCode: 'INVALID_TICKET' } });
  });

  it('fails without a network call on a malformed or repeated ticket', async () => {
    const strategy = new CasStrategy({ client }, verify);
    expect(await run(strategy, casRequest({ ticket: 'javascript:alert(1)' }))).toMatchObject({ action: 'fail', status: 401, challenge: { reason: 'rejected' } });
    expect(await run(strategy, casRequest({ ticket: ['ST-1-a', 'ST-2-b'] }))).toMatchObject({ action: 'fail', status: 400, challenge: { reason: 'bad-request' } });
    expect(fake.validations).toBe(0);
  });

  it('fails with 401 when CAS is too slow, with reason timeout', async () => {
    fake.delayMs = 1000;
    const slow = new CasClient({ serverUrl: fake.url, serviceUrl: SERVICE, version: '3.0', timeoutMs: 100 });
    const outcome = await run(new CasStrategy({ client: slow }, verify), casRequest({ ticket: fake.issueTicket(SERVICE, 'bmfzr') }));
    expect(outcome).toMatchObject({ action: 'fail', status: 401, challenge: { reason: 'timeout' } });
  });

  it('fails when verify refuses the CAS user, keeping its message', async () => {
    const outcome = await run(new CasStrategy({ client }, verify), casRequest({ ticket: fake.issueTicket(SERVICE, 'stranger') }));
    expect(outcome).toEqual({ action: 'fail', status: 401, challenge: { reason: 'not-allowed', message: '该统一身份认证账号未开通本平台' } });
  });

  it('errors when verify reports or throws an error', async () => {
    const outcome = await run(new CasStrategy({ client }, verify), casRequest({ ticket: fake.issueTicket(SERVICE, 'boom') }));
    expect(outcome).toMatchObject({ action: 'error', error: { message: 'directory down' } });
    const throwing = new CasStrategy({ client }, () => {
      throw new Error('bug in verify');
    });
    expect(await run(throwing, casRequest({ ticket: fake.issueTicket(SERVICE, 'bmfzr') }))).toMatchObject({ action: 'error', error: { message: 'bug in verify' } });
  });

  it('errors (not fails) when the client throws something that is not a CAS validation error', async () => {
    const broken = Object.create(client) as CasClient;
    broken.validate = () => Promise.reject(new TypeError('unexpected'));
    const outcome = await run(new CasStrategy({ client: broken }, verify), casRequest({ ticket: 'ST-1-abc' }));
    expect(outcome).toMatchObject({ action: 'error', error: { message: 'unexpected' } });
  });

  // The pitfall that ruled out passport-cas: the real passport 0.7 middleware on Express 5 (no req.param).
  it('works under passport.authenticate on Express 5: redirect, then the callback with the ticket', async () => {
    const authenticator = new passport.Authenticator();
    authenticator.use(new CasStrategy({ client }, verify));
    const app = express();
    app.get('/api/user/cas/callback', authenticator.authenticate('cas', { session: false }), (req, res) => {
      res.json({ user: req.user, ticket: (req.authInfo as { ticket?: string } | undefined)?.ticket });
    });

    const first = await request(app).get('/api/user/cas/callback').expect(302);
    expect(first.headers.location).toBe(client.loginUrl());
    const login = await fetch(first.headers.location!, { redirect: 'manual' });
    const back = new URL(login.headers.get('location')!);
    const ticket = back.searchParams.get('ticket')!;

    const second = await request(app).get(`${back.pathname}${back.search}`).expect(200);
    expect(second.body).toEqual({ user: { id: 1, userName: 'bmfzr' }, ticket });
    await request(app).get(`${back.pathname}${back.search}`).expect(401);
  });
});
