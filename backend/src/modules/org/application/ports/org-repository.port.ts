import type { PersonKind } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { DepartmentView } from '../../domain/department-tree.js';
import type { MenuAddressRow } from '../../domain/menu-address.js';

export interface Page<T> {
  rows: T[];
  total: number;
}
export interface Window {
  skip: number;
  take: number;
}

export interface DepartmentInput {
  departmentName: string;
  parentId: string | null;
  chargeUserId: string | null;
  shortNameChinese: string | null;
  shortNameEnglish: string | null;
}

export interface UserInput {
  account: string;
  userName: string;
  orgId: string | null;
  userTypeId: string | null;
  sex: 1 | 2;
  /** staff on add when absent; unchanged on update when absent */
  personKind?: PersonKind;
}

export interface UserFilter {
  /** a part of the name or the account */
  userName?: string;
  orgId?: string;
  personKind?: PersonKind;
}

export interface UserRow {
  userId: string;
  userName: string;
  account: string;
  orgId: string | null;
  orgName: string | null;
  userTypeId: string | null;
  sex: 1 | 2;
  enabled: boolean;
  personKind: PersonKind;
  roles: Array<{ roleId: string; roleName: string }>;
}

/** Departments, people, roles and the lookup lists of spec 000 §7 and §9. */
export abstract class OrgRepository {
  abstract departments(window: Window): Promise<Page<DepartmentView>>;
  abstract allDepartments(): Promise<DepartmentView[]>;
  abstract shortNames(window: Window): Promise<Page<{ departId: string; shortNameChinese: string | null; shortNameEnglish: string | null; chargeUserId: string | null; chargeUserName: string | null }>>;
  abstract departmentExists(id: string): Promise<boolean>;
  abstract departmentHasChildren(id: string): Promise<boolean>;
  abstract addDepartment(input: DepartmentInput): Promise<string>;
  abstract updateDepartment(id: string, input: DepartmentInput): Promise<boolean>;
  abstract deleteDepartment(id: string): Promise<boolean>;

  abstract users(filter: UserFilter, window: Window): Promise<Page<UserRow>>;
  abstract userExists(id: string): Promise<boolean>;
  abstract addUser(input: UserInput, passwordHash: string, tx?: Transaction): Promise<string>;
  /** The person's person kind after the update, or null when there is no such person. */
  abstract updateUser(id: string, input: UserInput & { enabled: boolean }, tx?: Transaction): Promise<PersonKind | null>;
  /**
   * Deletes the person and ends their sessions, in one transaction, unless they have diagnosis tasks (their object's,
   * or as owner or auditor: hasTasks) or other rows keep them (a foreign key refuses: referenced); then nothing changes.
   */
  abstract deleteUser(id: string): Promise<'deleted' | 'notFound' | 'hasTasks' | 'referenced'>;

  abstract roles(window: Window): Promise<Page<{ roleId: string; roleName: string }>>;
  abstract roleExists(id: string): Promise<boolean>;
  abstract roleUsers(roleId: string): Promise<Array<{ userId: string; userName: string; account: string }>>;
  abstract grantRole(roleId: string, userIds: string[]): Promise<void>;
  abstract revokeRole(roleId: string, userIds: string[]): Promise<void>;

  abstract userTypes(window: Window): Promise<Page<{ userTypeId: string; userTypeName: string }>>;
  abstract cycleTypes(): Promise<Array<{ id: string; lxmc: string }>>;
  abstract cycleValues(filter: { typeName?: string; cycleTypeId?: string }): Promise<Array<{ cycleId: string; cycleNumber: string; defaultsStatus: number }>>;
  abstract dimensions(window: Window): Promise<Page<{ pk_Dimension_Id: string; dimension_Name: string; display_Name: string }>>;
  abstract fileTypes(window: Window): Promise<Page<{ id: string; mc: string }>>;
  abstract systemSetting(appId: string): Promise<{ appId: string; source: string; logoAttachmentId: string | null } | null>;

  /** Every menu entry with a page, in menu order. */
  abstract menuAddresses(): Promise<MenuAddressRow[]>;
  abstract menuAddress(key: string): Promise<MenuAddressRow | null>;
  abstract setMenuAddress(key: string, url: string | null): Promise<void>;
}
