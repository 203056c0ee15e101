// API steps of task-life.spec.ts: the publisher sets a task up through the API (create, submit audit, pass by the
// auditor, push) so the browser test starts where the owner takes over. A client logs in like the browser does: the
// session cookie, and the csrf parameters of spec 000 §7 on every call (the MD5 of timestamp + the client config's secret).
import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { createHash } from 'node:crypto';
import type { DemoUser } from './support.js';

const API = '/api/herm-znfx';

interface Envelope<T> {
  meta: { success: boolean; message?: string };
  data: T;
}

export interface ApiClient {
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  post<T>(path: string, body?: object): Promise<T>;
  dispose(): Promise<void>;
}

/** A logged-in API client of its own (its own cookies), on the test server. */
export async function apiAs(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, user: DemoUser): Promise<ApiClient> {
  const ctx: APIRequestContext = await playwright.request.newContext({ baseURL });
  const config = (await (await ctx.get('/api/client-config')).json()) as Envelope<{ csrfSecret: string }>;
  const secret = config.data.csrfSecret;
  const csrf = (path: string, query: Record<string, string> = {}) => {
    const ts = String(Date.now());
    const search = new URLSearchParams({ ...query, _t: ts, csrfTimestamp: ts, csrfToken: createHash('md5').update(ts + secret).digest('hex') });
    return `${path}?${search.toString()}`;
  };
  const unwrap = async <T>(what: string, res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    const body = (await res.json()) as Envelope<T>;
    expect(body.meta, `${what}: ${body.meta?.message ?? res.status()}`).toMatchObject({ success: true });
    return body.data;
  };
  await unwrap('login', await ctx.post(csrf('/api/user/login'), { data: { userName: user.account, password: user.password, remember: false } }));
  return {
    get: async <T>(path: string, query: Record<string, string> = {}) => unwrap<T>(path, await ctx.get(csrf(path, query))),
    post: async <T>(path: string, body: object = {}) => unwrap<T>(path, await ctx.post(csrf(path), { data: body })),
    dispose: () => ctx.dispose(),
  };
}

export interface TaskFacts {
  yearTargetId: string;
  parentId?: string | null;
  rwmc: string;
  chargeDepartId: string;
  ownerId: string;
  auditorId: string;
  kssj: string;
  jssj: string;
  targetUnit?: string;
}

/** The first year target of a cycle year (the demo school has five for 2026). */
export async function firstYearTarget(c: ApiClient, cycleYear: string): Promise<{ id: string; name: string }> {
  const page = await c.get<{ records: Array<{ id: string; name: string }> }>(`${API}/yearTarget/list`, { pageNum: '1', pageSize: '10', cycleYear });
  expect(page.records.length).toBeGreaterThan(0);
  return page.records[0]!;
}

/** targetTask/add as the publisher: a task of type A in the years of kssj … jssj. */
export async function addTask(c: ApiClient, facts: TaskFacts): Promise<string> {
  const rwnf = [...new Set([facts.kssj.slice(0, 4), facts.jssj.slice(0, 4)])].join(',');
  const task = await c.post<{ id: string; rwjd: string }>(`${API}/targetTask/add`, { rwlx: 'A', rwnf, ...facts });
  expect(task.rwjd).toBe('notPushed');
  return task.id;
}

/** One move of targetTask/move; answers the task's rwjd after it. */
export async function move(c: ApiClient, id: string, action: string, extra: object = {}): Promise<string> {
  const task = await c.post<{ rwjd: string }>(`${API}/targetTask/move`, { id, action, ...extra });
  return task.rwjd;
}

/** The home page's statistic card of that title (待办任务, 待审核 …): its number. */
export async function homeCount(page: Page, title: string): Promise<number> {
  await page.goto('/index');
  const card = page.locator('.ant-card').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) }).first();
  const value = card.locator('.ant-statistic-content');
  await expect(value).toBeVisible();
  return Number(((await value.textContent()) ?? '').replace(/[^\d]/g, ''));
}

/** The home page's 任务预警 card of a scope (all, personal, department): its 过程预警, 逾期预警 and 预警总数. */
export async function homeWarnings(page: Page, scope: 'all' | 'personal' | 'department'): Promise<{ process: number; expired: number; total: number }> {
  await page.goto('/index');
  const card = page.getByTestId(`warnings-${scope}`);
  const value = async (title: string) => {
    const stat = card.locator('.ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) });
    await expect(stat.locator('.ant-statistic-content')).toBeVisible();
    return Number(((await stat.locator('.ant-statistic-content').textContent()) ?? '').replace(/[^\d]/g, ''));
  };
  return { process: await value('过程预警'), expired: await value('逾期预警'), total: await value('预警总数') };
}

/** POST targetTask/warningScan as an administrator: the task warning scan now (set-based, idempotent), not waiting for its schedule. */
export async function scanTaskWarnings(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, admin: DemoUser): Promise<void> {
  const c = await apiAs(playwright, baseURL, admin);
  try {
    await c.post(`${API}/targetTask/warningScan`);
  } finally {
    await c.dispose();
  }
}
