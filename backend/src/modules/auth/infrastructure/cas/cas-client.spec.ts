import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeCas, type FakeCas } from '../../../../../../test/e2e/support/fake-cas-server.js';
import { CasClient, CasValidationError, casServiceUrl, type CasClientOptions } from './cas-client.js';
import { parseLogoutRequest } from './cas-xml.js';

const SERVICE = 'https://zg.example.edu/api/user/cas/callback';

async function failureOf(promise: Promise<unknown>): Promise<CasValidationError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CasValidationError) return error;
    throw error;
  }
  throw new Error('expected a CasValidationError, but validation succeeded');
}

describe('CasClient', () => {
  let fake: FakeCas;
  const client = (overrides: Partial<CasClientOptions> = {}) =>
    new CasClient({ serverUrl: fake.url, serviceUrl: SERVICE, version: '3.0', timeoutMs: 2000, ...overrides });

  beforeEach(async () => {
    fake = await startFakeCas({ users: ['bmfzr', 'teacher01'], attributes: { bmfzr: { displayName: '系统管理员', memberOf: ['a', 'b'] } } });
  });
  afterEach(async () => {
    await fake.close();
  });

  describe('URLs', () => {
    it('sends the browser to /login with the configured callback URL, encoded', () => {
      const c = new CasClient({ serverUrl: 'https://cas.example.edu/cas/', serviceUrl: 'https://zg.example.edu/api/user/cas/callback?a=1&b=二', version: '2.0', timeoutMs: 5000 });
      expect(c.loginUrl()).toBe('https://cas.example.edu/cas/login?service=https%3A%2F%2Fzg.example.edu%2Fapi%2Fuser%2Fcas%2Fcallback%3Fa%3D1%26b%3D%E4%BA%8C');
      expect(new URL(c.loginUrl()).searchParams.get('service')).toBe('https://zg.example.edu/api/user/cas/callback?a=1&b=二');
    });

    it('derives the callback URL from the configured base URL', () => {
      expect(casServiceUrl('https://zg.example.edu/')).toBe(SERVICE);
      expect(casServiceUrl('https://example.edu/zg')).toBe('https://example.edu/zg/api/user/cas/callback');
      expect(() => casServiceUrl('zg.example.edu')).toThrow(/service base URL/);
    });

    it('builds the logout URL with and without a return address', () => {
      const c = new CasClient({ serverUrl: 'https://cas.example.edu/cas', serviceUrl: SERVICE, version: '3.0', timeoutMs: 5000 });
      expect(c.logoutUrl()).toBe('https://cas.example.edu/cas/logout');
      expect(c.logoutUrl('https://zg.example.edu/#/login')).toBe('https://cas.example.edu/cas/logout?service=https%3A%2F%2Fzg.example.edu%2F%23%2Flogin');
    });

    it.each([
      [{ serverUrl: 'cas.example.edu' }, /serverUrl/],
      [{ serverUrl: 'ftp://cas.example.edu' }, /serverUrl/],
      [{ serviceUrl: '/api/user/cas/callback' }, /serviceUrl/],
      [{ version: '1.0' as '2.0' }, /version/],
      [{ timeoutMs: 0 }, /timeoutMs/],
    ])('refuses a bad configuration %p', (overrides, message) => {
      expect(() => new CasClient({ serverUrl: 'https://cas.example.edu/cas', serviceUrl: SERVICE, version: '3.0', timeoutMs: 5000, ...overrides })).toThrow(message);
    });
  });

  describe('validate', () => {
    it('follows the fake through /login and validates with CAS 3.0, attributes included', async () => {
      fake.nextUser = 'bmfzr';
      const c = client();
      const login = await fetch(c.loginUrl(), { redirect: 'manual' });
      expect(login.status).toBe(302);
      const location = new URL(login.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(SERVICE);
      const ticket = location.searchParams.get('ticket')!;
      const result = await c.validate(ticket);
      expect(result.user).toBe('bmfzr');
      expect(result.attributes).toMatchObject({ displayName: '系统管理员', memberOf: ['a', 'b'], isFromNewLogin: 'true' });
      expect(fake.validations).toBe(1);
    });

    it('validates with CAS 2.0 at /serviceValidate (no attributes)', async () => {
      const result = await client({ version: '2.0' }).validate(fake.issueTicket(SERVICE, 'teacher01'));
      expect(result).toEqual({ user: 'teacher01', attributes: {} });
    });

    it('refuses a replayed ticket as rejected / INVALID_TICKET', async () => {
      const c = client();
      const ticket = fake.issueTicket(SERVICE, 'bmfzr');
      await expect(c.validate(ticket)).resolves.toMatchObject({ user: 'bmfzr' });
      const error = await failureOf(c.validate(ticket));
      expect(error.reason).toBe('rejected');
      expect(error.casCode).toBe('INVALID_TICKET');
      expect(error.casMessage).toContain('not recognized');
      expect(fake.validations).toBe(2);
    });

    it('refuses a ticket issued for another service as rejected / INVALID_SERVICE', async () => {
      const ticket = fake.issueTicket('https://evil.example.com/callback', 'bmfzr');
      const error = await failureOf(client().validate(ticket));
      expect(error).toMatchObject({ reason: 'rejected', casCode: 'INVALID_SERVICE' });
    });

    it('refuses an unknown ticket as rejected / INVALID_TICKET', async () => {
      const error = await failureOf(client({ version: '2.0' }).validate('ST-999-doesnotexist'));
      expect(error).toMatchObject({ reason: 'rejected', casCode: 'INVALID_TICKET' });
    });

    it('gives up after timeoutMs with reason timeout', async () => {
      fake.delayMs = 1500;
      const started = Date.now();
      const error = await failureOf(client({ timeoutMs: 150 }).validate(fake.issueTicket(SERVICE, 'bmfzr')));
      expect(error.reason).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(1200);
    });

    it('reports a closed port as unreachable', async () => {
      const closed = await freePort();
      const error = await failureOf(client({ serverUrl: `http://127.0.0.1:${closed}/cas` }).validate('ST-1-abc'));
      expect(error.reason).toBe('unreachable');
      expect(error.message).toContain('ECONNREFUSED');
    });

    it.each([
      ['not a ticket', 'hello'],
      ['a ticket granting ticket', 'TGT-1-abc'],
      ['a ticket smuggling a parameter', 'ST-1-abc&service=https://evil.example.com'],
      ['an oversized ticket', `ST-${'a'.repeat(300)}`],
      ['an empty string', ''],
    ])('refuses %s without a network call', async (_what, ticket) => {
      const error = await failureOf(client().validate(ticket));
      expect(error).toMatchObject({ reason: 'rejected', casCode: 'INVALID_TICKET' });
      expect(fake.validations).toBe(0);
    });

    it('calls an answer that is not a CAS response invalid-response', async () => {
      const other = await serveOnce(200, '<html><body>Welcome to nginx!</body></html>');
      try {
        const error = await failureOf(client({ serverUrl: other.url }).validate('ST-1-abc'));
        expect(error.reason).toBe('invalid-response');
      } finally {
        await other.close();
      }
    });

    it('calls an HTTP error or a redirect invalid-response instead of following it', async () => {
      for (const status of [500, 302]) {
        const other = await serveOnce(status, '');
        try {
          const error = await failureOf(client({ serverUrl: other.url }).validate('ST-1-abc'));
          expect(error).toMatchObject({ reason: 'invalid-response' });
          expect(error.message).toContain(String(status));
        } finally {
          await other.close();
        }
      }
    });
  });
});

describe('fake CAS server, single logout and /logout', () => {
  it('POSTs logoutRequest as a form, whose SessionIndex parseLogoutRequest reads back as the ticket', async () => {
    const fake = await startFakeCas();
    const received: Array<{ method?: string; type?: string; body: string }> = [];
    const service = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ method: req.method, type: req.headers['content-type'], body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = service.address() as AddressInfo;
      const callback = `http://127.0.0.1:${port}/api/user/cas/callback`;
      const ticket = fake.issueTicket(callback, 'bmfzr');
      const answer = await fake.sendSingleLogout(callback, ticket);
      expect(answer.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ method: 'POST', type: 'application/x-www-form-urlencoded' });
      const form = new URLSearchParams(received[0]!.body);
      expect(parseLogoutRequest(form.get('logoutRequest')!)).toBe(ticket);

      const logout = await fetch(`${fake.url}/logout?service=${encodeURIComponent(callback)}`);
      expect(logout.status).toBe(200);
      expect(await logout.text()).toContain('退出');
    } finally {
      service.closeAllConnections();
      await new Promise<void>((resolve) => service.close(() => resolve()));
      await fake.close();
    }
  });
});

/** A port nothing listens on: bind an ephemeral port, then release it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that answers every request with the same status and body (Location to elsewhere for redirects). */
async function serveOnce(status: number, body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html', location: 'https://elsewhere.example.com/' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cas`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
