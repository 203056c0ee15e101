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

export const ADMIN_ROLE_CODE = 'admin';
