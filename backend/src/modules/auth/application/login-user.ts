import type { ChargedDepartment } from '../domain/account.js';
import type { MenuNode } from '../domain/menu-tree.js';

/** Everything the browser keeps of the person after login (spec 000 §3); wire names are the spec's. */
export interface LoginUser {
  userId: string;
  userName: string;
  account: string;
  orgId: string | null;
  orgName: string | null;
  qq: string | null;
  phone: string | null;
  email: string | null;
  sex: 1 | 2;
  displayPhoto: string | null;
  lastAccessTime: string | null;
  menus: Record<string, MenuNode>;
  roles: Array<{ roleId: string; roleName: string }>;
  roleIdList: string[];
  chargeDeparmentList: ChargedDepartment[];
  chargeDeparmentIdList: string[];
  newChargeDeparmentList: Array<{ bmid: string; bmmc: string; fzrid: string; fzrmc: string }>;
  newChargeDeparmentIdList: string[];
}

export const avatarUrl = (userId: string, version: number | null) => (version === null ? null : `/api/user/avatar/${encodeURIComponent(userId)}?v=${version}`);
