// The one place that speaks the backend's request conventions (spec 000 §7) and turns its error
// contract (spec 000 §8) into what a person sees. Endpoint modules call only the helpers below.
import { getClientConfig } from './client-config';
import { csrfParams } from './csrf';
import { announceDataChanged, askedQuietly } from './data-events';
import { notifier } from './notifier';
import { CHINESE_RENDERINGS, SESSION_EXPIRED_CODE, type Envelope } from '@zhengai/contracts';
import { fileNameFromDisposition } from '../utils/download';
import { clearSession, readLoginUser } from '../utils/login-storage';

/** `code` of a 401 answer whose session has expired (from the contract; re-exported for the layer's callers). */
export { SESSION_EXPIRED_CODE };
export const DEFAULT_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

/** Texts of the error catalogue (spec 000 §8): the spec quotes them in English, the people read Chinese. */
export const MESSAGES = {
  notLoggedIn: CHINESE_RENDERINGS.notLoggedIn,
  sessionExpired: CHINESE_RENDERINGS.sessionExpired,
  timedOut: CHINESE_RENDERINGS.timedOut,
  retryAfterTimeout: CHINESE_RENDERINGS.retryAfterTimeout,
  noPermission: CHINESE_RENDERINGS.noPermission,
  formTimeout: CHINESE_RENDERINGS.formTimeout,
} as const;

const NETWORK_FAILED = '网络异常，请检查网络后重试';
const UNREADABLE_ANSWER = '服务器返回了无法识别的数据';
const OPERATION_FAILED = '操作失败';
const DOWNLOAD_FAILED = '下载失败!';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

export type ApiErrorKind =
  | 'business' // 200 with meta.success false (including no permission), or JSON instead of a file
  | 'http' // other 4xx/5xx
  | 'not-logged-in' // 302, or 401 without the session-expired code
  | 'session-expired' // 401 with code 53000010
  | 'timeout'
  | 'network'
  | 'bad-response'; // an answer that is not the envelope

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status = 0,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions<T = unknown> {
  /** query parameters (for POST they go on the URL next to the csrf ones) */
  params?: Query;
  /** defaults to the client config's requestTimeoutMs, else 60 s */
  timeoutMs?: number;
  /** shown when a failed answer carries no message of its own */
  errorMessage?: string;
  /** shown instead of the failure's own text, whatever the server says (not for login or session expiry) */
  failureMessage?: string;
  /** shown on success */
  successMessage?: string;
  onSuccess?: (data: T) => void;
  /** no toast, dialog or redirect at all: the caller handles the rejection (login, session restore) */
  silent?: boolean;
  /** 'warn' (default): warn 请求超时！ for 3 s; 'retry': ask 请求超时，是否重试？ and retry on OK */
  timeoutMode?: 'warn' | 'retry';
  /**
   * A POST that only reads (a query too long for a URL, a check, one chunk of an upload): its success announces
   * nothing. Every other successful POST and upload tells the screen's readers to ask again (data-events.ts).
   */
  reads?: boolean;
}

export type GetOptions<T = unknown> = Omit<RequestOptions<T>, 'params'>;

export interface BlobResult {
  blob: Blob;
  /** from Content-Disposition, when the server names the file */
  fileName: string | null;
}

export interface UploadOptions<T = unknown> extends RequestOptions<T> {
  /** whole percent, 0–100 */
  onProgress?: (percent: number) => void;
}

// ---------------------------------------------------------------------------------------------
// conventions

/** Path plus the caller's query plus `_t`, `csrfTimestamp` and `csrfToken`. Also for <img src>. */
export function buildUrl(path: string, params?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const csrf = csrfParams(getClientConfig().csrfSecret);
  search.set('_t', csrf._t);
  search.set('csrfTimestamp', csrf.csrfTimestamp);
  search.set('csrfToken', csrf.csrfToken);
  return `${path}${path.includes('?') ? '&' : '?'}${search.toString()}`;
}

/** Identity headers from the stored login; the server checks them against its session. */
export function loginHeaders(): Record<string, string> {
  const user = readLoginUser();
  if (!user) return {};
  return {
    loginUserId: String(user.userId ?? ''),
    // encoded twice: a Chinese name must survive as ASCII through proxies that decode once
    loginUserName: encodeURIComponent(encodeURIComponent(user.userName ?? '')),
    loginUserOrgId: String(user.orgId ?? ''),
  };
}

// ---------------------------------------------------------------------------------------------
// the error catalogue

// One dialog however many calls fail at once; cleared when the person clicks 重新登录.
let sessionDialogOpen = false;

function openSessionExpiredDialog(): void {
  if (sessionDialogOpen) return;
  sessionDialogOpen = true;
  notifier().sessionExpired(MESSAGES.sessionExpired, () => {
    sessionDialogOpen = false;
    clearSession();
    notifier().redirect('/login');
  });
}

function fail(opts: Pick<RequestOptions, 'silent' | 'failureMessage'>, error: ApiError): ApiError {
  if (!opts.silent) notifier().error(opts.failureMessage ?? error.message);
  return error;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  if (!body || typeof body !== 'object') return false;
  const meta = (body as { meta?: unknown }).meta;
  return !!meta && typeof meta === 'object' && typeof (meta as { success?: unknown }).success === 'boolean';
}

function parseEnvelope(text: string): Envelope<unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return isEnvelope(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns status and envelope into data or an ApiError, with the catalogue's side effects.
 * `jsonIsError`: for file downloads, where any JSON answer means the file was refused.
 */
function settle<T>(status: number, body: Envelope<unknown> | undefined, opts: RequestOptions<T>, jsonIsError = false): T {
  if (status === 302) {
    if (!opts.silent) {
      notifier().error(MESSAGES.notLoggedIn);
      clearSession();
      notifier().redirect('/');
    }
    throw new ApiError('not-logged-in', MESSAGES.notLoggedIn, 302);
  }
  if (status === 401) {
    const message = body?.meta.message || MESSAGES.notLoggedIn;
    if (body?.code === SESSION_EXPIRED_CODE) {
      // the browser's own Chinese text, whatever the server (or an older one, in English) says
      if (!opts.silent) {
        notifier().error(MESSAGES.sessionExpired);
        openSessionExpiredDialog();
      }
      throw new ApiError('session-expired', MESSAGES.sessionExpired, 401, body.code);
    }
    if (!opts.silent) {
      notifier().error(message);
      clearSession();
      notifier().redirect('/');
    }
    throw new ApiError('not-logged-in', message, 401, body?.code);
  }
  const ok = status >= 200 && status < 300;
  if (!body) {
    const fallback = opts.errorMessage || (ok ? UNREADABLE_ANSWER : `请求失败（HTTP ${status}）`);
    throw fail(opts, new ApiError(ok ? 'bad-response' : 'http', fallback, status));
  }
  if (!ok) {
    const message = body.meta.message || opts.errorMessage || `请求失败（HTTP ${status}）`;
    throw fail(opts, new ApiError('http', message, status, body.code, body.data));
  }
  if (!body.meta.success || jsonIsError) {
    const message = body.meta.message || opts.errorMessage || (jsonIsError ? DOWNLOAD_FAILED : OPERATION_FAILED);
    throw fail(opts, new ApiError('business', message, status, body.code, body.data));
  }
  return succeed(body.data as T, opts);
}

function succeed<T>(data: T, opts: RequestOptions<T>): T {
  if (opts.successMessage && !opts.silent) notifier().success(opts.successMessage);
  opts.onSuccess?.(data);
  return data;
}

/** Resolves true when the request should be sent again. */
async function timedOut(opts: Pick<RequestOptions, 'silent' | 'timeoutMode'>): Promise<boolean> {
  if (opts.silent) return false;
  if (opts.timeoutMode === 'retry') return notifier().confirm(MESSAGES.retryAfterTimeout);
  notifier().warning(MESSAGES.timedOut, 3);
  return false;
}

// ---------------------------------------------------------------------------------------------
// fetch-based helpers

interface Prepared {
  method: 'GET' | 'POST';
  path: string;
  params?: Query;
  body?: string;
  contentType?: string;
  expect: 'json' | 'blob';
  /** form posts turn a 504 into a timeout (spec 000 §8: 'timeout', 请求超时) */
  formPost?: boolean;
  /** its success changes data on screen: announced once it is read */
  writes?: boolean;
}

async function send<T>(req: Prepared, opts: RequestOptions<T>): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? (getClientConfig().requestTimeoutMs || DEFAULT_TIMEOUT_MS);
  for (;;) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const headers: Record<string, string> = { Accept: 'application/json', ...loginHeaders() };
      if (req.contentType) headers['Content-Type'] = req.contentType;
      const res = await fetch(buildUrl(req.path, req.params), {
        method: req.method,
        headers,
        body: req.body,
        credentials: 'same-origin',
        // a 302 must reach us as such: followed, it would look like a successful HTML page
        redirect: 'manual',
        signal: controller.signal,
      });
      if (req.formPost && res.status === 504) {
        if (await timedOut(opts)) continue;
        throw new ApiError('timeout', MESSAGES.formTimeout, 504);
      }
      const data = await read<T>(res, req.expect, opts);
      if (req.writes) announceDataChanged();
      return data;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (controller.signal.aborted) {
        if (await timedOut(opts)) continue;
        throw new ApiError('timeout', MESSAGES.timedOut);
      }
      throw fail(opts, new ApiError('network', opts.errorMessage || NETWORK_FAILED));
    } finally {
      clearTimeout(timer);
    }
  }
}

async function read<T>(res: Response, expect: 'json' | 'blob', opts: RequestOptions<T>): Promise<T> {
  const status = res.type === 'opaqueredirect' ? 302 : res.status;
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  if (expect === 'blob' && status >= 200 && status < 300 && !isJson) {
    const result: BlobResult = {
      blob: await res.blob(),
      fileName: fileNameFromDisposition(res.headers.get('content-disposition')),
    };
    return succeed(result as T, opts);
  }
  const body = status === 302 ? undefined : parseEnvelope(await res.text());
  return settle<T>(status, body, opts, expect === 'blob');
}

function formBody(form: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  return search.toString();
}

const JSON_TYPE = 'application/json;charset=UTF-8';
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

/** GET with query; resolves the envelope's data. */
export function get<T>(path: string, params?: Query, opts: GetOptions<T> = {}): Promise<T> {
  // a reader refreshing on its own tells nobody of a failure: the person did not ask (data-events.ts)
  return send<T>({ method: 'GET', path, params, expect: 'json' }, askedQuietly() ? { ...opts, silent: true } : opts);
}

/** GET a file; a JSON answer is an error whose text is meta.message. */
export function getBlob(path: string, params?: Query, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return send<BlobResult>({ method: 'GET', path, params, expect: 'blob' }, opts);
}

/** The body and content type of a JSON request; none when there is no body. */
function jsonBody(body: unknown): { body?: string; contentType?: string } {
  return body === undefined ? {} : { body: JSON.stringify(body), contentType: JSON_TYPE };
}

/** POST a JSON body; opts.params go on the URL. */
export function post<T>(path: string, body?: unknown, opts: RequestOptions<T> = {}): Promise<T> {
  return send<T>({ method: 'POST', path, params: opts.params, ...jsonBody(body), expect: 'json', writes: !opts.reads }, opts);
}

/** POST form-urlencoded fields. */
export function postForm<T>(path: string, form: Query, opts: RequestOptions<T> = {}): Promise<T> {
  return send<T>(
    { method: 'POST', path, params: opts.params, body: formBody(form), contentType: FORM_TYPE, expect: 'json', formPost: true, writes: !opts.reads },
    opts,
  );
}

/** POST a JSON body and receive a file (an export: it announces nothing); a JSON answer is an error whose text is meta.message. */
export function postBlob(path: string, body?: unknown, opts: RequestOptions<BlobResult> = {}): Promise<BlobResult> {
  return send<BlobResult>({ method: 'POST', path, params: opts.params, ...jsonBody(body), expect: 'blob' }, opts);
}

// ---------------------------------------------------------------------------------------------
// upload: XMLHttpRequest, because fetch reports no upload progress

/** POST multipart form data with progress; 120 s timeout unless opts.timeoutMs says otherwise. */
export function upload<T>(path: string, data: FormData, opts: UploadOptions<T> = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, opts.params));
    xhr.withCredentials = false; // same-origin: cookies go anyway
    for (const [name, value] of Object.entries({ Accept: 'application/json', ...loginHeaders() })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.timeout = opts.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        const data = settle<T>(xhr.status, parseEnvelope(xhr.responseText), opts);
        if (!opts.reads) announceDataChanged();
        resolve(data);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(fail(opts, new ApiError('network', opts.errorMessage || NETWORK_FAILED)));
    xhr.ontimeout = () => {
      timedOut(opts).then((again) => {
        if (again) resolve(upload<T>(path, data, opts));
        else reject(new ApiError('timeout', MESSAGES.timedOut));
      }, reject);
    };
    xhr.send(data);
  });
}
