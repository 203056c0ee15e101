import { isCasTicket, parseServiceResponse, type CasAttributes } from './cas-xml.js';

export interface CasClientOptions {
  /** The CAS server's base URL, e.g. https://cas.example.edu/cas (no trailing /login). */
  serverUrl: string;
  /** The full callback URL registered with CAS, from configuration: request headers can be forged. */
  serviceUrl: string;
  /** 2.0 validates at /serviceValidate (no attributes); 3.0 at /p3/serviceValidate (with attributes). */
  version: '2.0' | '3.0';
  /** Upper bound for one validation round trip, body included. */
  timeoutMs: number;
}

export interface CasValidatedUser {
  user: string;
  attributes: CasAttributes;
}

/**
 * Why a validation failed: the CAS server did not answer in time, could not be reached, refused the ticket
 * (see `casCode`), or answered something that is not a CAS answer (wrong URL, proxy error page, HTTP error).
 */
export type CasFailureReason = 'timeout' | 'unreachable' | 'rejected' | 'invalid-response';

export class CasValidationError extends Error {
  readonly reason: CasFailureReason;
  /** The CAS failure code (INVALID_TICKET, INVALID_SERVICE, …) when reason is 'rejected'. */
  readonly casCode: string | undefined;
  /** The CAS server's own explanation when reason is 'rejected'. */
  readonly casMessage: string | undefined;

  constructor(reason: CasFailureReason, message: string, cas?: { code: string; message: string }, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CasValidationError';
    this.reason = reason;
    this.casCode = cas?.code;
    this.casMessage = cas?.message;
  }
}

/** Where CAS sends the browser back after login, and where it POSTs single-logout requests. */
export const CAS_CALLBACK_PATH = '/api/user/cas/callback';

/** The service URL from the configured public base URL (e.g. https://zg.school.edu or https://school.edu/zg). */
export function casServiceUrl(publicBaseUrl: string): string {
  return `${httpUrl(publicBaseUrl, 'service base URL').replace(/\/+$/, '')}${CAS_CALLBACK_PATH}`;
}

// A validation answer is a few kilobytes; refuse to download anything announced as much larger.
const MAX_RESPONSE_BYTES = 256 * 1024;

/** Talks to the CAS server: builds the login and logout URLs and validates service tickets. */
export class CasClient {
  readonly serverUrl: string;
  readonly serviceUrl: string;
  readonly version: '2.0' | '3.0';
  readonly timeoutMs: number;

  constructor(options: CasClientOptions) {
    this.serverUrl = httpUrl(options.serverUrl, 'serverUrl').replace(/\/+$/, '');
    this.serviceUrl = httpUrl(options.serviceUrl, 'serviceUrl');
    if (options.version !== '2.0' && options.version !== '3.0') {
      throw new Error(`CAS version must be '2.0' or '3.0' (got ${String(options.version)})`);
    }
    this.version = options.version;
    if (!Number.isInteger(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new Error(`CAS timeoutMs must be a positive integer (got ${String(options.timeoutMs)})`);
    }
    this.timeoutMs = options.timeoutMs;
  }

  /** Where to send a browser that has no session: CAS logs the user in, then redirects to serviceUrl?ticket=ST-…. */
  loginUrl(): string {
    return `${this.serverUrl}/login?service=${encodeURIComponent(this.serviceUrl)}`;
  }

  /** Ends the CAS single sign-on session; CAS may offer (or follow) a link back to `returnTo`. */
  logoutUrl(returnTo?: string): string {
    const base = `${this.serverUrl}/logout`;
    return returnTo === undefined ? base : `${base}?service=${encodeURIComponent(returnTo)}`;
  }

  /** Validates a service ticket for serviceUrl; throws a CasValidationError on any failure. */
  async validate(ticket: string): Promise<CasValidatedUser> {
    if (!isCasTicket(ticket)) {
      // Same answer CAS would give, without spending a round trip (or forwarding junk) on it.
      throw new CasValidationError('rejected', 'CAS ticket is malformed', {
        code: 'INVALID_TICKET',
        message: 'not a CAS service ticket (ST-… or PT-…, at most 256 URL-safe characters)',
      });
    }
    const path = this.version === '3.0' ? '/p3/serviceValidate' : '/serviceValidate';
    const url = `${this.serverUrl}${path}?${new URLSearchParams({ service: this.serviceUrl, ticket }).toString()}`;
    const body = await this.fetchText(url);
    const result = parseServiceResponse(body);
    if (result.ok) return { user: result.user, attributes: result.attributes };
    if (result.code === 'INVALID_RESPONSE') {
      throw new CasValidationError('invalid-response', `CAS answered something that is not a CAS response: ${result.message}`);
    }
    throw new CasValidationError('rejected', `CAS rejected the ticket: ${result.code}`, { code: result.code, message: result.message });
  }

  private async fetchText(url: string): Promise<string> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      const response = await fetch(url, {
        signal: controller.signal,
        // A redirect means a wrong serverUrl; following it could validate against a host nobody configured.
        redirect: 'manual',
        headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
      });
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => undefined);
        throw new CasValidationError('invalid-response', `CAS validation answered HTTP ${response.status}`);
      }
      const length = Number(response.headers.get('content-length') ?? '0');
      if (length > MAX_RESPONSE_BYTES) {
        await response.body?.cancel().catch(() => undefined);
        throw new CasValidationError('invalid-response', `CAS validation answer too large (${length} bytes)`);
      }
      // Still under the timer: a server that sends headers and then stalls is a timeout too.
      return await response.text();
    } catch (error) {
      if (error instanceof CasValidationError) throw error;
      if (timedOut) throw new CasValidationError('timeout', `CAS validation took longer than ${this.timeoutMs} ms`, undefined, { cause: error });
      throw new CasValidationError('unreachable', `CAS server unreachable: ${describe(error)}`, undefined, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}

function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`CAS ${name} must be an absolute http(s) URL (got "${value}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`CAS ${name} must be an absolute http(s) URL (got "${value}")`);
  }
  return value;
}

/** fetch hides the socket error (ECONNREFUSED, ENOTFOUND, …) in `cause`; that is what an operator needs to see. */
function describe(error: unknown): string {
  // Duck-typed: fetch's errors come from Node's own realm, where `instanceof Error` can fail (Jest's VM modules).
  const { message, cause } = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; cause?: unknown };
  if (typeof message !== 'string') return String(error);
  const { code, message: causeMessage } = (typeof cause === 'object' && cause !== null ? cause : {}) as { code?: unknown; message?: unknown };
  const detail = typeof code === 'string' ? code : typeof causeMessage === 'string' ? causeMessage : undefined;
  return detail === undefined ? message : `${message} (${detail})`;
}
