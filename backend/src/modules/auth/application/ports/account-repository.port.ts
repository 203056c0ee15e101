import type { Account, ChargedDepartment, RoleRef } from '../../domain/account.js';
import type { MenuGrant, MenuRow } from '../../domain/menu-tree.js';
import type { CleanProfile } from '../../domain/profile-rules.js';
import type { ResponsibleLevel } from '../../domain/responsible-menus.js';

/** What the auth module reads and writes of people, their roles, menus and departments. */
export abstract class AccountRepository {
  abstract findByAccount(account: string): Promise<Account | null>;
  abstract findById(id: string): Promise<Account | null>;
  /** A CAS user is matched on the platform user's cas_user, else on the account name. */
  abstract findByCasUser(casUser: string): Promise<Account | null>;
  /**
   * An account for a CAS user who has none (account and cas_user the CAS user, no usable password, person kind
   * staff), with the department of that name when exactly one has it and the role of that code or name; answers it
   * (the one a concurrent first login made, if that was first).
   */
  abstract createCasAccount(casUser: string, newcomer: { name: string; departmentName: string | null; role: string | null }): Promise<Account | null>;
  abstract rolesOf(userId: string): Promise<RoleRef[]>;
  /** the menus the person's roles grant, each with whether one of them grants write */
  abstract grantedMenus(userId: string): Promise<MenuGrant[]>;
  /** the levels of the live objects the person is the responsible person of (majors, courses) */
  abstract responsibleLevels(userId: string): Promise<ResponsibleLevel[]>;
  abstract allMenus(): Promise<MenuRow[]>;
  abstract departmentsChargedBy(userId: string): Promise<ChargedDepartment[]>;
  /** Sets the password and ends every session of the person but keepSessionId (null: all of them). */
  abstract setPasswordHash(userId: string, hash: string, keepSessionId: string | null): Promise<void>;
  abstract touchLastAccess(userId: string, at: Date): Promise<void>;
  abstract updateProfile(userId: string, profile: CleanProfile): Promise<void>;
}
