// The user service (spec 000 §7, "Auth and user"), under /api/user.
import { buildUrl, get, post, type GetOptions, type RequestOptions } from './request';
import type { LoginRequest, LoginUser, SystemSetting } from './types';

const BASE = '/api/user';
/** The appId whose system setting names this platform. */
export const DEFAULT_APP_ID = '001';

/** POST /api/user/login — body { userName, password, remember } → the login user. */
export function login(credentials: LoginRequest, opts: RequestOptions<LoginUser> = {}): Promise<LoginUser> {
  return post<LoginUser>(`${BASE}/login`, credentials, opts);
}

/** POST /api/user/logout */
export function logout(opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/logout`, undefined, opts);
}

/** GET /api/user/tryLoginUserInfo — the login user of the current session, or an error. */
export function tryLoginUserInfo(opts: GetOptions<LoginUser> = {}): Promise<LoginUser> {
  return get<LoginUser>(`${BASE}/tryLoginUserInfo`, undefined, opts);
}

/** GET /api/user/systemSetting/{appId} — system name and logo. */
export function getSystemSetting(appId: string = DEFAULT_APP_ID, opts: GetOptions<SystemSetting> = {}): Promise<SystemSetting> {
  return get<SystemSetting>(`${BASE}/systemSetting/${encodeURIComponent(appId)}`, undefined, opts);
}

/** GET /api/docrepo/download?attachmentId= — as a URL for <img src>, with the csrf parameters. */
export function attachmentUrl(attachmentId: string): string {
  return buildUrl('/api/docrepo/download', { attachmentId });
}
