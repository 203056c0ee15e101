import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small CAS server (protocol 2.0 and 3.0) for tests, on node:http and an ephemeral port.
 * Endpoints under `${url}`: GET /login, /serviceValidate, /p3/serviceValidate, /logout.
 */
export interface FakeCasOptions {
  /** Known users; the first one is who /login signs in until `nextUser` is set. Default ['casuser']. */
  users?: string[];
  /** Delay before each validation answer, to exercise the client's timeout. Changeable later via `delayMs`. */
  delayMs?: number;
  /** Extra CAS 3.0 attributes per user; every user also gets displayName (= the user id unless given here). */
  attributes?: Record<string, Record<string, string | string[]>>;
}

export interface FakeCas {
  /** The CAS base URL, with a /cas path like real deployments (e.g. http://127.0.0.1:40123/cas). */
  readonly url: string;
  /** Who the next GET /login signs in. */
  nextUser: string;
  /** Delay before each validation answer, in milliseconds. */
  delayMs: number;
  /** How many validation requests (2.0 and 3.0, successful or not) reached the server. */
  readonly validations: number;
  /** Issues a service ticket for `service` and `user`, as a login would, without any HTTP. */
  issueTicket(service: string, user: string): string;
  /** The URL /login would redirect to (service with ?ticket=ST-… for `user`, default nextUser). */
  loginRedirect(service: string, user?: string): string;
  /** POSTs a CAS single-logout request (form field logoutRequest, SAML LogoutRequest XML) to `service`. */
  sendSingleLogout(service: string, ticket: string): Promise<Response>;
  close(): Promise<void>;
}

interface Ticket {
  service: string;
  user: string;
  used: boolean;
}

const PREFIX = '/cas';

export async function startFakeCas(options: FakeCasOptions = {}): Promise<FakeCas> {
  const users = options.users && options.users.length > 0 ? [...options.users] : ['casuser'];
  const tickets = new Map<string, Ticket>();
  const pending = new Set<NodeJS.Timeout>();
  let counter = 0;
  let validations = 0;

  const state = { nextUser: users[0]!, delayMs: options.delayMs ?? 0 };

  const issueTicket = (service: string, user: string): string => {
    counter += 1;
    // Real CAS tickets look like ST-<n>-<random>-<host>; base64url keeps them URL-safe.
    const ticket = `ST-${counter}-${randomBytes(18).toString('base64url')}-fakecas`;
    tickets.set(ticket, { service, user, used: false });
    return ticket;
  };

  const loginRedirect = (service: string, user: string = state.nextUser): string => {
    const ticket = issueTicket(service, user);
    return `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
  };

  const validate = (query: URLSearchParams, version: '2.0' | '3.0'): string => {
    const service = query.get('service');
    const ticket = query.get('ticket');
    if (!service || !ticket) return failure('INVALID_REQUEST', 'service and ticket are required');
    const entry = tickets.get(ticket);
    if (!entry) return failure('INVALID_TICKET', `Ticket ${ticket} not recognized`);
    if (entry.used) return failure('INVALID_TICKET', `Ticket ${ticket} not recognized`);
    // Protocol 3.0 §2.5.1: a ticket is spent by any validation attempt, successful or not.
    entry.used = true;
    if (entry.service !== service) return failure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`);
    return version === '3.0' ? success(entry.user, attributesOf(entry.user, options.attributes)) : success(entry.user, null);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const requestUrl = new URL(req.url ?? '/', 'http://localhost');
    const path = requestUrl.pathname.startsWith(PREFIX) ? requestUrl.pathname.slice(PREFIX.length) : null;
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'method not allowed');
    switch (path) {
      case '/login': {
        const service = requestUrl.searchParams.get('service');
        if (!service || !/^https?:\/\//.test(service)) return send(res, 400, 'text/html', '<p>service parameter required</p>');
        res.writeHead(302, { location: loginRedirect(service), 'content-length': '0' });
        res.end();
        return;
      }
      case '/serviceValidate':
      case '/p3/serviceValidate': {
        validations += 1;
        const body = validate(requestUrl.searchParams, path === '/serviceValidate' ? '2.0' : '3.0');
        if (state.delayMs <= 0) return send(res, 200, 'application/xml;charset=UTF-8', body);
        const timer = setTimeout(() => {
          pending.delete(timer);
          if (!res.destroyed) send(res, 200, 'application/xml;charset=UTF-8', body);
        }, state.delayMs);
        pending.add(timer);
        // A client that gave up must not leave a timer behind (Jest reports it as an open handle).
        res.on('close', () => {
          clearTimeout(timer);
          pending.delete(timer);
        });
        return;
      }
      case '/logout': {
        const service = requestUrl.searchParams.get('service');
        const link = service ? `<p><a href="${escapeXml(service)}">返回</a></p>` : '';
        return send(res, 200, 'text/html;charset=UTF-8', `<!doctype html><title>CAS</title><p>您已退出统一身份认证。</p>${link}`);
      }
      default:
        return send(res, 404, 'text/plain', 'not found');
    }
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  const fake: FakeCas = {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    get nextUser() {
      return state.nextUser;
    },
    set nextUser(user: string) {
      state.nextUser = user;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get validations() {
      return validations;
    },
    issueTicket,
    loginRedirect,
    sendSingleLogout: (service, ticket) =>
      fetch(service, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `logoutRequest=${encodeURIComponent(logoutRequestXml(ticket))}`,
        redirect: 'manual',
      }),
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      // fetch keeps connections alive; without this, close() would wait for them to time out.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return fake;
}

/** The body a CAS server POSTs to a service for single logout (protocol 3.0 §2.3.3). */
export function logoutRequestXml(ticket: string): string {
  return (
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"`
    + ` ID="LR-${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}">`
    + `<saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${escapeXml(ticket)}</samlp:SessionIndex></samlp:LogoutRequest>`
  );
}

function attributesOf(user: string, configured: FakeCasOptions['attributes']): Record<string, string | string[]> {
  return {
    displayName: user,
    isFromNewLogin: 'true',
    authenticationDate: new Date().toISOString(),
    longTermAuthenticationRequestTokenUsed: 'false',
    ...configured?.[user],
  };
}

function success(user: string, attributes: Record<string, string | string[]> | null): string {
  const attributeXml = attributes
    ? `\n    <cas:attributes>\n${Object.entries(attributes)
      .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `      <cas:${name}>${escapeXml(v)}</cas:${name}>`))
      .join('\n')}\n    </cas:attributes>`
    : '';
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${escapeXml(user)}</cas:user>${attributeXml}
  </cas:authenticationSuccess>
</cas:serviceResponse>
`;
}

function failure(code: string, message: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="${code}">
    ${escapeXml(message)}
  </cas:authenticationFailure>
</cas:serviceResponse>
`;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}
