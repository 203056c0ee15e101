import request from 'supertest';
import { DataSource } from 'typeorm';
import { seedDemoData } from '../../../backend/src/seed/demo-seed.js';
import { withCsrf, type TestApp } from './test-app.js';

export type Agent = ReturnType<typeof request.agent>;

/** A browser-like client: keeps cookies, adds the csrf parameters to every call. */
export function client(t: TestApp) {
  const agent = request.agent(t.app.getHttpServer());
  const csrf = (path: string) => withCsrf(path, t.config.csrfSecret);
  return {
    agent,
    get: (path: string) => agent.get(csrf(path)),
    post: (path: string, body?: object) => agent.post(csrf(path)).send(body ?? {}),
    login: (userName: string, password: string, remember = false) => agent.post(csrf('/api/user/login')).send({ userName, password, remember }),
  };
}

export async function seed(t: TestApp): Promise<DataSource> {
  const ds = t.app.get(DataSource);
  await seedDemoData(ds, t.app);
  return ds;
}

/** The session id as stored (user_session.sid) behind a signed cookie value `s:<id>.<signature>`. */
export const storedSessionId = (cookie: string): string => decodeURIComponent(cookie).replace(/^s:/, '').split('.')[0]!;

export function sidOf(res: { headers: Record<string, unknown> }): string | null {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const sid = cookies.find((c) => c.startsWith('sid='));
  return sid ? sid.split(';')[0]!.slice(4) : null;
}
