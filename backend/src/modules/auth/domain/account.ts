import type { ChargeDepartment } from '@zhengai/contracts';

/** A person who can log in: what the auth module needs of a user. */
export interface Account {
  id: string;
  account: string;
  name: string;
  orgId: string | null;
  orgName: string | null;
  passwordHash: string;
  enabled: boolean;
  sex: 1 | 2;
  email: string | null;
  phone: string | null;
  qq: string | null;
  hasAvatar: boolean;
  avatarVersion: number | null;
  lastAccessTime: Date | null;
  /** still the initial password of a people import: every call but the password change is refused */
  mustChangePassword: boolean;
}

export interface RoleRef {
  roleId: string;
  roleName: string;
  code: string;
}

/** A department the person heads: the contract's wire shape. */
export type ChargedDepartment = ChargeDepartment;

/** The pseudo-role every department head gets (spec 000 §4 step 4). */
export const TARGET_TASK_DEPART: RoleRef = { roleId: 'targetTaskDepart', roleName: '目标任务部门负责人', code: 'targetTaskDepart' };

/**
 * The roles of a login user: the held ones and, for a department head, the pseudo-role (000 §4 step 4). The id
 * `targetTaskDepart` is always in roleIdList; the role list shows 目标任务部门负责人 once, so the pseudo-role is
 * listed only when no held role already carries its name (the seeded role of department heads does).
 */
export function loginRoles(held: RoleRef[], headsDepartment: boolean): { roles: RoleRef[]; roleIdList: string[] } {
  if (!headsDepartment) return { roles: held, roleIdList: held.map((r) => r.roleId) };
  const named = held.some((r) => r.roleId === TARGET_TASK_DEPART.roleId || r.roleName === TARGET_TASK_DEPART.roleName);
  const roles = named ? held : [...held, TARGET_TASK_DEPART];
  const roleIdList = roles.map((r) => r.roleId);
  if (!roleIdList.includes(TARGET_TASK_DEPART.roleId)) roleIdList.push(TARGET_TASK_DEPART.roleId);
  return { roles, roleIdList };
}

export const ADMIN_ROLE_CODE = 'admin';
