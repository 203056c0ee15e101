// The steps after the server accepts a login, shared by the login page and the session restore
// (spec 000 §4): store the user, load roles, basic info and department heads, then the global lists.
import type { LoginUser, NewChargeDepartment, Page, Profile, RelationInfo, Role, UserType } from '../api/types';
import { getNewChargerDepartments, getOrgAppRoles, getRelationInfo, getUserProfile, getUserTypes } from '../api/user';
import { clearSession, saveLoginLists, saveLoginUser } from '../utils/login-storage';

/** Failure texts of the error catalogue (spec 000 §8), exactly. */
export const LOGIN_FLOW_MESSAGES = {
  roles: '获取用户角色组数据错误!需要重新登录!',
  basicInfo: '获取用户基本信息错误,个人中心会出现问题!需要重新登录!',
  departments: '获取用户部门负责人数据错误!需要重新登录!',
  roleGroups: '全局获取角色组列表错误!请重新刷新页面,防止页面权限错误!',
} as const;

/** The pseudo-role a department head gets when the server has not given it already. */
export const DEPARTMENT_HEAD_ROLE: Role = { roleId: 'targetTaskDepart', roleName: '目标任务部门负责人' };

/** The login sizes of spec 000 §9: every role group and user type at once. */
const ALL = 10_000_000;

/** A step of the flow failed; the message is the catalogue's text for that step. */
export class LoginFlowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoginFlowError';
  }
}

/** The calls the flow makes; tests pass fakes. All silent: the flow reports failures itself. */
export interface LoginFlowApi {
  relationInfo(userId: string): Promise<RelationInfo>;
  profile(userId: string): Promise<Profile>;
  newChargers(): Promise<Page<NewChargeDepartment>>;
  roleGroups(): Promise<Page<Role>>;
  userTypes(): Promise<Page<UserType>>;
}

export const loginFlowApi: LoginFlowApi = {
  relationInfo: (userId) => getRelationInfo(userId, { silent: true }),
  profile: (userId) => getUserProfile(userId, { silent: true }),
  newChargers: () => getNewChargerDepartments({ silent: true }),
  roleGroups: () => getOrgAppRoles({ pageNum: 1, pageSize: ALL }, { silent: true }),
  userTypes: () => getUserTypes({ pageNum: 1, pageSize: ALL }, { silent: true }),
};

async function step<T>(call: () => Promise<T>, message?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new LoginFlowError(message ?? (error instanceof Error ? error.message : String(error)));
  }
}

/** Contact details and portrait from the profile; sex defaults to male (1). */
export function withProfile(user: LoginUser, profile: Profile): LoginUser {
  return {
    ...user,
    qq: profile.qq,
    phone: profile.phone,
    email: profile.email,
    sex: profile.sex ?? 1,
    displayPhoto: profile.isUseDefaultAvatar ? null : (profile.headPortrait ?? user.displayPhoto ?? null),
  };
}

/** The departments the user heads (matched on fzrid), and the pseudo-role when there is one. */
export function withDepartmentHead(user: LoginUser, departments: NewChargeDepartment[]): LoginUser {
  const headed = departments.filter((d) => d.fzrid != null && String(d.fzrid) === String(user.userId));
  const roles = user.roles ?? [];
  const roleIdList = user.roleIdList ?? roles.map((r) => r.roleId);
  // listed once: a held role of the same name (the seeded 目标任务部门负责人) stands for it
  const hasRole = roles.some((r) => r.roleId === DEPARTMENT_HEAD_ROLE.roleId || r.roleName === DEPARTMENT_HEAD_ROLE.roleName);
  return {
    ...user,
    newChargeDeparmentList: headed,
    newChargeDeparmentIdList: headed.map((d) => d.bmid),
    roles: headed.length > 0 && !hasRole ? [...roles, DEPARTMENT_HEAD_ROLE] : roles,
    roleIdList:
      headed.length > 0 && !roleIdList.includes(DEPARTMENT_HEAD_ROLE.roleId) ? [...roleIdList, DEPARTMENT_HEAD_ROLE.roleId] : roleIdList,
  };
}

/**
 * Runs every step for a user the server has just accepted and resolves the complete login user.
 * Any failure clears the session and rejects with a LoginFlowError.
 */
export async function completeLogin(user: LoginUser, api: LoginFlowApi = loginFlowApi): Promise<LoginUser> {
  try {
    // stored first: the identity headers of the next calls are read from it
    let current = saveLoginUser(user);
    const relation = await step(() => api.relationInfo(user.userId), LOGIN_FLOW_MESSAGES.roles);
    current = saveLoginUser({ ...current, roles: relation.roles ?? [], roleIdList: relation.roleIdList ?? [] });
    const profile = await step(() => api.profile(user.userId), LOGIN_FLOW_MESSAGES.basicInfo);
    current = saveLoginUser(withProfile(current, profile));
    const departments = await step(() => api.newChargers(), LOGIN_FLOW_MESSAGES.departments);
    current = saveLoginUser(withDepartmentHead(current, departments.records ?? []));
    const roleGroups = await step(() => api.roleGroups(), LOGIN_FLOW_MESSAGES.roleGroups);
    // no catalogue text for the user types: the server's own message says what went wrong
    const userTypes = await step(() => api.userTypes());
    saveLoginLists(roleGroups.records ?? [], userTypes.records ?? []);
    return current;
  } catch (error) {
    clearSession();
    throw error instanceof LoginFlowError ? error : new LoginFlowError(error instanceof Error ? error.message : String(error));
  }
}
