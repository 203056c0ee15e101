/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { setClientConfig } from './client-config';
import { csrfToken } from './csrf';
import { onDataChanged, quietly } from './data-events';
import { resetNotifier, setNotifier, type Notifier } from './notifier';
import {
  ApiError,
  MESSAGES,
  SESSION_EXPIRED_CODE,
  get,
  getBlob,
  post,
  postBlob,
  postForm,
  upload,
  type BlobResult,
} from './request';
import { saveLoginUser } from '../utils/login-storage';

// md5('1700000000000' + 'secret'), checked independently with node:crypto
const KNOWN_TOKEN = 'b21c9cdebed1b892a063e392dd4185b6';

interface FakeReply {
  status?: number;
  type?: ResponseType;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

function reply({ status = 200, type = 'basic', body, contentType = 'application/json', headers = {} }: FakeReply): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
  return {
    status,
    type,
    headers: new Headers({ 'content-type': contentType, ...headers }),
    text: () => Promise.resolve(text),
    blob: () => Promise.resolve(new Blob([text])),
  } as unknown as Response;
}

const envelope = (data: unknown, success = true, message = '', code = 0) => ({ meta: { success, message }, data, code });

type FetchArgs = [string, RequestInit];
let fetchMock: jest.Mock<(url: string, init: RequestInit) => Promise<Response>>;
let ui: { [K in keyof Notifier]: jest.Mock<Notifier[K]> };

function lastCall(): { url: URL; init: RequestInit } {
  const [url, init] = fetchMock.mock.calls.at(-1) as FetchArgs;
  return { url: new URL(url, 'http://localhost'), init };
}

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string>)[name];
}

beforeEach(() => {
  sessionStorage.clear();
  setClientConfig({ csrfSecret: 'secret' });
  fetchMock = jest.fn<(url: string, init: RequestInit) => Promise<Response>>();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  ui = {
    error: jest.fn<Notifier['error']>(),
    warning: jest.fn<Notifier['warning']>(),
    success: jest.fn<Notifier['success']>(),
    sessionExpired: jest.fn<Notifier['sessionExpired']>(),
    confirm: jest.fn<Notifier['confirm']>(() => Promise.resolve(false)),
    redirect: jest.fn<Notifier['redirect']>(),
  };
  setNotifier(ui);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  resetNotifier();
});

describe('csrf parameters', () => {
  it('computes the token as md5 of timestamp + secret', () => {
    expect(csrfToken('1700000000000', 'secret')).toBe(KNOWN_TOKEN);
  });

  it('adds _t, csrfTimestamp and csrfToken to a GET query next to the caller params', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    fetchMock.mockResolvedValue(reply({ body: envelope({ ok: 1 }) }));

    await get('/api/things', { name: '张三', page: 2, skipped: undefined });

    const { url, init } = lastCall();
    expect(url.pathname).toBe('/api/things');
    expect(url.searchParams.get('_t')).toBe('1700000000000');
    expect(url.searchParams.get('csrfTimestamp')).toBe('1700000000000');
    expect(url.searchParams.get('csrfToken')).toBe(KNOWN_TOKEN);
    expect(url.searchParams.get('name')).toBe('张三');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('skipped')).toBe(false);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
  });

  it('puts the csrf parameters on the URL of a POST and keeps the body JSON', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    fetchMock.mockResolvedValue(reply({ body: envelope(null) }));

    await post('/api/things', { a: 1 }, { params: { id: 'x' } });

    const { url, init } = lastCall();
    expect(url.searchParams.get('csrfToken')).toBe(KNOWN_TOKEN);
    expect(url.searchParams.get('_t')).toBe('1700000000000');
    expect(url.searchParams.get('id')).toBe('x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(header(init, 'Content-Type')).toMatch(/^application\/json/);
  });

  it('sends form posts url-encoded, with the csrf parameters on the URL', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope(null) }));

    await postForm('/api/form', { userName: '李 四', n: 3 });

    const { url, init } = lastCall();
    expect(url.searchParams.get('csrfToken')).toMatch(/^[0-9a-f]{32}$/);
    expect(init.body).toBe('userName=%E6%9D%8E+%E5%9B%9B&n=3');
    expect(header(init, 'Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
  });
});

describe('identity headers', () => {
  it('sends loginUserId, the twice-encoded loginUserName and loginUserOrgId from the stored login', async () => {
    saveLoginUser({ userId: 'u1', userName: '张三', orgId: 'o9' });
    fetchMock.mockResolvedValue(reply({ body: envelope(null) }));

    await get('/api/x');

    const { init } = lastCall();
    expect(header(init, 'loginUserId')).toBe('u1');
    expect(header(init, 'loginUserName')).toBe('%25E5%25BC%25A0%25E4%25B8%2589');
    expect(decodeURIComponent(decodeURIComponent(header(init, 'loginUserName') ?? ''))).toBe('张三');
    expect(header(init, 'loginUserOrgId')).toBe('o9');
  });

  it('sends no identity headers without a stored login', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope(null) }));
    await get('/api/x');
    expect(header(lastCall().init, 'loginUserId')).toBeUndefined();
  });
});

describe('envelope', () => {
  it('resolves data on success, with the optional success message and callback', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope({ id: 7 }) }));
    const onSuccess = jest.fn();

    await expect(get('/api/x', undefined, { successMessage: '保存成功', onSuccess })).resolves.toEqual({ id: 7 });

    expect(ui.success).toHaveBeenCalledWith('保存成功');
    expect(onSuccess).toHaveBeenCalledWith({ id: 7 });
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('shows meta.message and rejects when meta.success is false', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope(null, false, MESSAGES.noPermission, 40300) }));
    const onSuccess = jest.fn();

    const error = await get('/api/x', undefined, { onSuccess }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', message: MESSAGES.noPermission, code: 40300 });
    expect(ui.error).toHaveBeenCalledWith('用户无权访问该资源');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('uses the caller fallback text when the failure has no message', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope(null, false, '') }));
    await expect(post('/api/x', {}, { errorMessage: '保存失败' })).rejects.toThrow('保存失败');
    expect(ui.error).toHaveBeenCalledWith('保存失败');
  });

  it('shows nothing in silent mode but still rejects', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope(null, false, '用户名或密码错误') }));
    await expect(post('/api/user/login', {}, { silent: true })).rejects.toThrow('用户名或密码错误');
    expect(ui.error).not.toHaveBeenCalled();
  });

  it('shows meta.message of a 4xx/5xx envelope', async () => {
    fetchMock.mockResolvedValue(reply({ status: 500, body: envelope(null, false, '服务器内部错误', 50000) }));
    await expect(get('/api/x')).rejects.toMatchObject({ kind: 'http', status: 500, message: '服务器内部错误' });
    expect(ui.error).toHaveBeenCalledWith('服务器内部错误');
  });

  it('rejects an answer that is not the envelope', async () => {
    fetchMock.mockResolvedValue(reply({ body: '<!doctype html>', contentType: 'text/html' }));
    await expect(get('/api/x')).rejects.toMatchObject({ kind: 'bad-response' });
    expect(ui.error).toHaveBeenCalledTimes(1);
  });
});

describe('error catalogue', () => {
  it('302: shows the not-logged-in text, clears session storage and goes to /', async () => {
    saveLoginUser({ userId: 'u1', userName: 'a', orgId: 'o' });
    sessionStorage.setItem('other', 'x');
    fetchMock.mockResolvedValue(reply({ status: 0, type: 'opaqueredirect', body: '' }));

    await expect(get('/api/x')).rejects.toMatchObject({ kind: 'not-logged-in', status: 302 });

    expect(lastCall().init.redirect).toBe('manual');
    expect(ui.error).toHaveBeenCalledWith('未登录或登录已过期，请重新登录！');
    expect(sessionStorage.length).toBe(0);
    expect(ui.redirect).toHaveBeenCalledWith('/');
  });

  it('401 without the session-expired code: shows meta.message and goes to /', async () => {
    saveLoginUser({ userId: 'u1', userName: 'a', orgId: 'o' });
    fetchMock.mockResolvedValue(reply({ status: 401, body: envelope(null, false, '未登录', 401) }));

    await expect(get('/api/x')).rejects.toMatchObject({ kind: 'not-logged-in', status: 401 });

    expect(ui.error).toHaveBeenCalledWith('未登录');
    expect(ui.sessionExpired).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('loginUser')).toBeNull();
    expect(ui.redirect).toHaveBeenCalledWith('/');
  });

  it('401 with code 53000010 from ten concurrent calls opens one session-expired dialog', async () => {
    saveLoginUser({ userId: 'u1', userName: 'a', orgId: 'o' });
    fetchMock.mockImplementation(() =>
      Promise.resolve(reply({ status: 401, body: envelope(null, false, 'session expired!', SESSION_EXPIRED_CODE) })),
    );

    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => get(`/api/x${i}`)));

    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ kind: 'session-expired', code: 53000010 });
    expect(ui.sessionExpired).toHaveBeenCalledTimes(1);
    // Chinese whatever the server said (an older server answers in English)
    expect(ui.sessionExpired.mock.calls[0][0]).toBe('登录已过期！');
    expect(ui.error).toHaveBeenCalledWith('登录已过期！');
    // nothing is cleared until the person clicks 重新登录
    expect(sessionStorage.getItem('loginUser')).not.toBeNull();
    expect(ui.redirect).not.toHaveBeenCalled();

    const relogin = ui.sessionExpired.mock.calls[0][1];
    relogin();
    expect(sessionStorage.length).toBe(0);
    expect(ui.redirect).toHaveBeenCalledWith('/login');

    // after the dialog was answered, a later expiry may open it again
    await get('/api/again').catch(() => undefined);
    expect(ui.sessionExpired).toHaveBeenCalledTimes(2);
  });

  it('silent calls (session restore) neither toast nor redirect on 401', async () => {
    fetchMock.mockResolvedValue(reply({ status: 401, body: envelope(null, false, '未登录', 401) }));
    await expect(get('/api/user/tryLoginUserInfo', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(ui.error).not.toHaveBeenCalled();
    expect(ui.redirect).not.toHaveBeenCalled();
  });

  it('504 on a form post throws timeout', async () => {
    fetchMock.mockResolvedValue(reply({ status: 504, body: '', contentType: 'text/html' }));
    await expect(postForm('/api/form', { a: 1 })).rejects.toMatchObject({ kind: 'timeout', message: '请求超时' });
  });

  it('a network failure is shown and rejected', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(get('/api/x', undefined, { errorMessage: '加载失败' })).rejects.toMatchObject({ kind: 'network' });
    expect(ui.error).toHaveBeenCalledWith('加载失败');
  });
});

describe('timeout', () => {
  // a fetch that only ends when its signal aborts
  const hangingFetch = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('aborts after 60 s by default', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const pending = get('/api/slow').catch((e: unknown) => e);

    const signal = lastCall().init.signal as AbortSignal;
    jest.advanceTimersByTime(59_999);
    expect(signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);

    expect(await pending).toMatchObject({ kind: 'timeout', message: '请求超时！' });
  });

  it('warns 请求超时！ for 3 seconds', async () => {
    fetchMock.mockImplementation(hangingFetch);

    await expect(get('/api/slow', undefined, { timeoutMs: 10 })).rejects.toMatchObject({ kind: 'timeout' });

    expect(ui.warning).toHaveBeenCalledWith('请求超时！', 3);
    expect(ui.confirm).not.toHaveBeenCalled();
  });

  it('in retry mode asks 请求超时，是否重试？ and sends again on OK', async () => {
    fetchMock.mockImplementationOnce(hangingFetch).mockResolvedValueOnce(reply({ body: envelope('second time') }));
    ui.confirm.mockResolvedValueOnce(true);

    await expect(get('/api/slow', undefined, { timeoutMs: 10, timeoutMode: 'retry' })).resolves.toBe('second time');

    expect(ui.confirm).toHaveBeenCalledWith('请求超时，是否重试？');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(ui.warning).not.toHaveBeenCalled();
  });

  it('in retry mode gives up on cancel', async () => {
    fetchMock.mockImplementation(hangingFetch);
    await expect(get('/api/slow', undefined, { timeoutMs: 10, timeoutMode: 'retry' })).rejects.toMatchObject({ kind: 'timeout' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('blob downloads', () => {
  it('resolves the file with the name from Content-Disposition', async () => {
    fetchMock.mockResolvedValue(
      reply({
        body: 'PK-bytes',
        contentType: 'application/octet-stream',
        headers: { 'content-disposition': "attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.docx" },
      }),
    );

    const result = await getBlob('/api/file', { id: 1 });

    expect(result.fileName).toBe('报告.docx');
    expect(await result.blob.text()).toBe('PK-bytes');
    expect(lastCall().url.searchParams.get('id')).toBe('1');
  });

  it('treats a JSON answer to a POST download as an error read from meta.message', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope(null, false, '文件不存在') }));

    const error = await postBlob('/api/export', { ids: [1] }).catch((e: unknown) => e);

    expect(error).toMatchObject({ kind: 'business', message: '文件不存在' });
    expect(ui.error).toHaveBeenCalledWith('文件不存在');
  });

  it('shows the caller\'s failureMessage instead of the server\'s text (下载失败! of a zip)', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope(null, false, '文件不存在') }));
    await expect(getBlob('/api/zip', undefined, { failureMessage: '下载失败!' })).rejects.toMatchObject({ kind: 'business' });
    expect(ui.error).toHaveBeenCalledWith('下载失败!');
    expect(ui.error).not.toHaveBeenCalledWith('文件不存在');
  });

  it('treats even a "successful" JSON envelope as an error for a GET download', async () => {
    fetchMock.mockResolvedValue(reply({ body: envelope(null, true, '没有可导出的数据') }));
    await expect(getBlob('/api/file')).rejects.toThrow('没有可导出的数据');
  });

  it('resolves a POST download as a blob', async () => {
    fetchMock.mockResolvedValue(reply({ body: 'xlsx', contentType: 'application/vnd.ms-excel' }));
    const result: BlobResult = await postBlob('/api/export', { ids: [1] });
    expect(result.fileName).toBeNull();
    expect(lastCall().init.method).toBe('POST');
  });
});

describe('upload', () => {
  class FakeXhr {
    static last: FakeXhr;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    timeout = 0;
    withCredentials = false;
    status = 0;
    responseText = '';
    body: unknown;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
    }
  }

  const realXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
  });

  it('posts multipart data with csrf parameters, reports progress and resolves data', async () => {
    saveLoginUser({ userId: 'u1', userName: '王五', orgId: 'o' });
    const progress: number[] = [];
    const form = new FormData();
    const pending = upload<{ id: string }>('/api/files/upload', form, { onProgress: (p) => progress.push(p) });

    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url, 'http://localhost').searchParams.get('csrfToken')).toMatch(/^[0-9a-f]{32}$/);
    expect(xhr.headers.loginUserName).toBe(encodeURIComponent(encodeURIComponent('王五')));
    expect(xhr.timeout).toBe(120_000);
    expect(xhr.body).toBe(form);

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.status = 200;
    xhr.responseText = JSON.stringify(envelope({ id: 'f1' }));
    xhr.onload?.();

    await expect(pending).resolves.toEqual({ id: 'f1' });
    expect(progress).toEqual([25, 100]);
  });

  it('shows meta.message of a refused upload', async () => {
    const pending = upload('/api/files/upload', new FormData());
    const xhr = FakeXhr.last;
    xhr.status = 200;
    xhr.responseText = JSON.stringify(envelope(null, false, '文件类型不允许'));
    xhr.onload?.();

    await expect(pending).rejects.toThrow('文件类型不允许');
    expect(ui.error).toHaveBeenCalledWith('文件类型不允许');
  });

  it('announces a stored upload, not a refused one nor a chunk that only reads', async () => {
    const heard = jest.fn();
    const off = onDataChanged(heard);
    const answer = (pending: Promise<unknown>, success: boolean) => {
      FakeXhr.last.status = 200;
      FakeXhr.last.responseText = JSON.stringify(envelope({ id: 'f1' }, success, success ? '' : '文件类型不允许'));
      FakeXhr.last.onload?.();
      return pending.catch(() => undefined);
    };
    await answer(upload('/api/files/upload', new FormData()), true);
    await answer(upload('/api/files/upload', new FormData()), false);
    await answer(upload('/api/docrepo/upload/chunk', new FormData(), { reads: true }), true);
    off();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('warns on timeout', async () => {
    const pending = upload('/api/files/upload', new FormData());
    FakeXhr.last.ontimeout?.();
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    expect(ui.warning).toHaveBeenCalledWith('请求超时！', 3);
  });
});

describe('announcing writes', () => {
  it('announces a successful POST or form post once it is read, and nothing for reads or failures', async () => {
    const heard = jest.fn();
    const off = onDataChanged(heard);
    fetchMock.mockResolvedValue(reply({ body: envelope({ id: 1 }) }));
    await get('/api/list');
    expect(heard).not.toHaveBeenCalled();
    await post('/api/targetTask/move', { id: 1 });
    expect(heard).toHaveBeenCalledTimes(1);
    await postForm('/api/user/login', { username: 'a' });
    expect(heard).toHaveBeenCalledTimes(2);
    await post('/api/sql/query', { sql: 'select 1' }, { reads: true });
    await postBlob('/api/export', { ids: [1] }).catch(() => undefined);
    expect(heard).toHaveBeenCalledTimes(2);

    fetchMock.mockResolvedValue(reply({ body: envelope(null, false, '无权操作') }));
    await post('/api/targetTask/move', { id: 1 }).catch(() => undefined);
    expect(heard).toHaveBeenCalledTimes(2);
    off();
  });

  it('a read sent by a quiet refresh shows no failure', async () => {
    fetchMock.mockResolvedValue(reply({ status: 404, body: envelope(null, false, '任务不存在') }));
    await expect(quietly(() => get('/api/task'))).rejects.toMatchObject({ message: '任务不存在' });
    expect(ui.error).not.toHaveBeenCalled();
    await expect(get('/api/task')).rejects.toMatchObject({ message: '任务不存在' });
    expect(ui.error).toHaveBeenCalledWith('任务不存在');
  });
});
