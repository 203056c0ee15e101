// The user service (spec 000 §7, "Auth and user"), under /api/user.
import { buildUrl, get, post, type GetOptions, type RequestOptions } from './request';
import type {
  LoginRequest,
  LoginUser,
  NewChargeDepartment,
  Page,
  PasswordChange,
  PortraitChange,
  Profile,
  ProfileUpdate,
  RelationInfo,
  Role,
  SystemSetting,
  TodoCounts,
  UserType,
  WarningCount,
} from './types';

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

/** GET /api/user/users/relationInfo?userId=&loadRole=true — the person's roles. */
export function getRelationInfo(userId: string, opts: GetOptions<RelationInfo> = {}): Promise<RelationInfo> {
  return get<RelationInfo>(`${BASE}/users/relationInfo`, { userId, loadRole: true }, opts);
}

/** GET /api/user/uis/users/{id}/user — basic info (contact, sex, portrait) for the personal center. */
export function getUserProfile(userId: string, opts: GetOptions<Profile> = {}): Promise<Profile> {
  return get<Profile>(`${BASE}/uis/users/${encodeURIComponent(userId)}/user`, undefined, opts);
}

/** GET /api/user/departments/newCharger?pageNum=1&pageSize=0 — every department with its head (size 0: all). */
export function getNewChargerDepartments(opts: GetOptions<Page<NewChargeDepartment>> = {}): Promise<Page<NewChargeDepartment>> {
  return get<Page<NewChargeDepartment>>(`${BASE}/departments/newCharger`, { pageNum: 1, pageSize: 0 }, opts);
}

/** GET /api/user/roles/org_app?appId=&pageNum=&pageSize= — the role groups of this app. */
export function getOrgAppRoles(
  query: { appId?: string; pageNum?: number; pageSize?: number } = {},
  opts: GetOptions<Page<Role>> = {},
): Promise<Page<Role>> {
  const { appId = DEFAULT_APP_ID, pageNum = 1, pageSize = 500 } = query;
  return get<Page<Role>>(`${BASE}/roles/org_app`, { appId, pageNum, pageSize }, opts);
}

/** GET /api/user/userTypes?pageNum=&pageSize= */
export function getUserTypes(query: { pageNum?: number; pageSize?: number } = {}, opts: GetOptions<Page<UserType>> = {}): Promise<Page<UserType>> {
  const { pageNum = 1, pageSize = 10 } = query;
  return get<Page<UserType>>(`${BASE}/userTypes`, { pageNum, pageSize }, opts);
}

/** POST /api/user/personalInfo/update — body { email, phone, qq, sex } → the updated profile. */
export function updatePersonalInfo(update: ProfileUpdate, opts: RequestOptions<Profile> = {}): Promise<Profile> {
  return post<Profile>(`${BASE}/personalInfo/update`, update, opts);
}

/** POST /api/user/portraitChange — body { displayPhoto: data URL } or { isUseDefaultAvatar: true }. */
export function changePortrait(change: PortraitChange, opts: RequestOptions<{ displayPhoto: string | null }> = {}) {
  return post<{ displayPhoto: string | null }>(`${BASE}/portraitChange`, change, opts);
}

/** POST /api/user/password/update — body { oldPassword, newPassword }. */
export function updatePassword(change: PasswordChange, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/password/update`, change, opts);
}

/** GET /api/user/todoCounts — tasks, warnings and audits waiting for the person. */
export function getTodoCounts(opts: GetOptions<TodoCounts> = {}): Promise<TodoCounts> {
  return get<TodoCounts>(`${BASE}/todoCounts`, undefined, opts);
}

/**
 * GET /api/user/warningCount — all tasks; ?queryType=personal — the person's; ?departmentCondition=a,b —
 * the departments they head.
 */
export function getWarningCount(
  scope: { queryType: 'personal' } | { departmentCondition: string } | Record<string, never> = {},
  opts: GetOptions<WarningCount> = {},
): Promise<WarningCount> {
  return get<WarningCount>(`${BASE}/warningCount`, scope, opts);
}
