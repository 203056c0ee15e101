// The user service (spec 000 §7, "Auth and user"), under /api/user.
import { buildUrl, get, getBlob, post, upload, type BlobResult, type GetOptions, type RequestOptions } from './request';
import type {
  DepartmentId,
  DepartmentInput,
  DepartmentNode,
  DepartmentShortName,
  LoginAnswer,
  LoginRequest,
  LoginUser,
  MenuAddress,
  NewChargeDepartment,
  NewUser,
  Page,
  PasswordChange,
  PortraitChange,
  PortraitResult,
  Profile,
  ProfileUpdate,
  RelationInfo,
  Role,
  RoleUser,
  SystemSetting,
  TodoCounts,
  UserId,
  UserRecord,
  UserType,
  UserUpdate,
  WarningCount,
  DepartmentImportResult,
  PeopleImportResult,
  PersonKind,
} from '@zhengai/contracts';

const BASE = '/api/user';
/** The appId whose system setting names this platform. */
export const DEFAULT_APP_ID = '001';

/** POST /api/user/login — body { userName, password, remember } → the login user, with the failed attempts since the previous login. */
export function login(credentials: LoginRequest, opts: RequestOptions<LoginAnswer> = {}): Promise<LoginAnswer> {
  return post<LoginAnswer>(`${BASE}/login`, credentials, opts);
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
export function changePortrait(change: PortraitChange, opts: RequestOptions<PortraitResult> = {}): Promise<PortraitResult> {
  return post<PortraitResult>(`${BASE}/portraitChange`, change, opts);
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

// ---------------------------------------------------------------------------------------------
// administration: departments, people and their roles (writes are the administrator's)

/** GET /api/user/departments/tree — every department, sub-departments under `childrens`. */
export function getDepartmentTree(opts: GetOptions<DepartmentNode[]> = {}): Promise<DepartmentNode[]> {
  return get<DepartmentNode[]>(`${BASE}/departments/tree`, undefined, opts);
}

/** GET /api/user/departments/shortNames?pageNum=1&pageSize=100000 — the short names of every department. */
export function getDepartmentShortNames(opts: GetOptions<Page<DepartmentShortName>> = {}): Promise<Page<DepartmentShortName>> {
  return get<Page<DepartmentShortName>>(`${BASE}/departments/shortNames`, { pageNum: 1, pageSize: 100_000 }, opts);
}

/** POST /api/user/departments/add — body { departmentName, parentId, chargeUserId, shortNameChinese, shortNameEnglish }. */
export function addDepartment(input: DepartmentInput, opts: RequestOptions<DepartmentId> = {}): Promise<DepartmentId> {
  return post<DepartmentId>(`${BASE}/departments/add`, input, opts);
}

/** POST /api/user/departments/update — body { departmentId, …the fields of add }. */
export function updateDepartment(departmentId: string, input: DepartmentInput, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/departments/update`, { departmentId, ...input }, opts);
}

/** POST /api/user/departments/delete — body { departmentId }; refused while it has sub-departments. */
export function deleteDepartment(departmentId: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/departments/delete`, { departmentId }, opts);
}

/** GET /api/user/users/export?userName=&orgId=&personKind= — 用户管理's 导出Excel: every person the filters keep, as 用户列表.xlsx. */
export function exportUsers(query: { userName?: string; orgId?: string | null; personKind?: PersonKind | null }, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/users/export`, { userName: query.userName || undefined, orgId: query.orgId || undefined, personKind: query.personKind || undefined }, opts);
}

/** GET /api/user/users/common?userName=&orgId=&personKind=&pageNum=&pageSize= — people by part of name or account, department, person type. */
export function getCommonUsers(
  query: { userName?: string; orgId?: string | null; personKind?: PersonKind | null; pageNum?: number; pageSize?: number } = {},
  opts: GetOptions<Page<UserRecord>> = {},
): Promise<Page<UserRecord>> {
  const { userName, orgId, personKind, pageNum = 1, pageSize = 10 } = query;
  return get<Page<UserRecord>>(`${BASE}/users/common`, { userName: userName || undefined, orgId: orgId || undefined, personKind: personKind || undefined, pageNum, pageSize }, opts);
}

/** GET /api/user/users/importTemplate — 人员导入模板.xlsx. */
export function peopleImportTemplate(opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/users/importTemplate`, undefined, opts);
}

/** POST /api/user/users/import (file, casOnly) — all or nothing: the counts and the one initial password, or every bad row. */
export function importPeople(file: File, casOnly: boolean, opts: RequestOptions<PeopleImportResult> = {}): Promise<PeopleImportResult> {
  const data = new FormData();
  data.append('casOnly', String(casOnly));
  data.append('file', file);
  return upload<PeopleImportResult>(`${BASE}/users/import`, data, opts);
}

/** GET /api/user/departments/importTemplate — 部门导入模板.xlsx. */
export function departmentImportTemplate(opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${BASE}/departments/importTemplate`, undefined, opts);
}

/** POST /api/user/departments/import (file) — all or nothing: the counts, or every bad row. */
export function importDepartments(file: File, opts: RequestOptions<DepartmentImportResult> = {}): Promise<DepartmentImportResult> {
  const data = new FormData();
  data.append('file', file);
  return upload<DepartmentImportResult>(`${BASE}/departments/import`, data, opts);
}

/** POST /api/user/users/add — body { account, userName, orgId, userTypeId, sex, password? } → { userId }. */
export function addUser(user: NewUser, opts: RequestOptions<UserId> = {}): Promise<UserId> {
  return post<UserId>(`${BASE}/users/add`, user, opts);
}

/** POST /api/user/users/update — body { userId, account, userName, orgId, userTypeId, sex, enabled }. */
export function updateUser(user: UserUpdate, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/users/update`, user, opts);
}

/** POST /api/user/users/delete — body { userId }; nobody can delete themselves. */
export function deleteUser(userId: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/users/delete`, { userId }, opts);
}

/** GET /api/user/roles?pageNum=1&pageSize=500 — every role. */
export function getRoles(opts: GetOptions<Page<Role>> = {}): Promise<Page<Role>> {
  return get<Page<Role>>(`${BASE}/roles`, { pageNum: 1, pageSize: 500 }, opts);
}

/** GET /api/user/roles/{id}/users — the people who have the role. */
export function getRoleUsers(roleId: string, opts: GetOptions<RoleUser[]> = {}): Promise<RoleUser[]> {
  return get<RoleUser[]>(`${BASE}/roles/${encodeURIComponent(roleId)}/users`, undefined, opts);
}

/** POST /api/user/roles/{id}/users/add — body { userIds }: grants the role. */
export function addRoleUsers(roleId: string, userIds: string[], opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/roles/${encodeURIComponent(roleId)}/users/add`, { userIds }, opts);
}

/** POST /api/user/roles/{id}/users/remove — body { userIds }: takes the role away. */
export function removeRoleUsers(roleId: string, userIds: string[], opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/roles/${encodeURIComponent(roleId)}/users/remove`, { userIds }, opts);
}

// ---------------------------------------------------------------------------------------------
// menu entries that open another system's address inside the shell (administrator)

/** GET /api/user/menus/addresses — the entries built elsewhere and the address each opens (null: 功能建设中). */
export function getMenuAddresses(opts: GetOptions<MenuAddress[]> = {}): Promise<MenuAddress[]> {
  return get<MenuAddress[]>(`${BASE}/menus/addresses`, undefined, opts);
}

/** POST /api/user/menus/address — sets (an http(s) URL) or clears (null) an entry's address. */
export function setMenuAddress(key: string, externalUrl: string | null, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${BASE}/menus/address`, { key, externalUrl }, opts);
}
