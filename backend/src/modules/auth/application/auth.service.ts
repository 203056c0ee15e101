import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import type { SessionUser } from '../../../shared/http/session-user.js';
import { StampedCache } from '../../../shared/stamped-cache.js';
import { ADMIN_ROLE_CODE, loginRoles, type Account, type ChargedDepartment, type RoleRef } from '../domain/account.js';
import { buildMenuTree, menuKeys, type MenuNode } from '../domain/menu-tree.js';
import { withResponsibleMenus } from '../domain/responsible-menus.js';
import { checkPasswordChange, PasswordMessages } from '../domain/password-rules.js';
import { avatarUrl, type LoginUser } from './login-user.js';
import { AccountRepository } from './ports/account-repository.port.js';
import { LoginThrottle } from './ports/login-throttle.port.js';
import { PasswordHasher } from './ports/password-hasher.port.js';

/** The answer to an address whose login attempts come faster than its delays let them through. */
export const LOGIN_FLOOD_MESSAGE = '登录失败次数过多，请稍后再试';

/** A CAS user who gets an account at first login: name, the department named by a CAS attribute, the default role. */
export interface CasNewcomer {
  name: string;
  /** matched by department name (a name several departments share matches none) */
  departmentName: string | null;
  /** a role's code or name */
  role: string | null;
}

/** What is read of a person to decide what they see and to answer the login user. */
interface AccessSnapshot {
  account: Account;
  roles: RoleRef[];
  charged: ChargedDepartment[];
  menus: Record<string, MenuNode>;
  menuKeys: Set<string>;
  isAdmin: boolean;
}

/** What a person can do with their identity: log in, be recognised, change their password. */
@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * Checks a password login; failures count against the account and the address. Answers the person and how many
   * failed attempts their account had since their previous login (they are told once, now).
   */
  async login(account: string, password: string, address: string): Promise<{ user: SessionUser; failedLogins: number }> {
    await this.passThrottle(account, address);
    const found = await this.accounts.findByAccount(account);
    // Verify against a hash even when the account is unknown, so timing does not tell which accounts exist.
    const ok = await this.hasher.verify(found?.passwordHash ?? (await this.dummyHash()), password);
    if (!found || !ok || !found.enabled) {
      await this.throttle.recordFailure(account, address, found !== null);
      throw new AppError('BAD_CREDENTIALS');
    }
    const failedLogins = await this.throttle.recordLogin(account);
    return { user: this.sessionUserOf(found), failedLogins };
  }

  /**
   * A person vouched for by CAS; disabled people are refused, and unknown ones too unless the school lets CAS users
   * in without pre-registration (newcomer: CAS_CREATE_USERS), who then get an account now.
   */
  async loginByCas(casUser: string, newcomer: CasNewcomer | null = null): Promise<SessionUser> {
    let found = await this.accounts.findByCasUser(casUser);
    if (!found && newcomer && casUser.length <= 60) found = await this.accounts.createCasAccount(casUser, newcomer);
    if (!found || !found.enabled) throw new AppError('UNKNOWN_SSO_USER', `统一身份认证用户 ${casUser} 不是本平台用户，请联系管理员`);
    // CAS vouched for the person: an initial password they never use need not be changed first
    return this.sessionUserOf({ ...found, mustChangePassword: false });
  }

  /**
   * The login user of spec 000 §3: roles, menus and departments as they are now (they may have changed since
   * login). With the session's access stamp, from memory while nothing it is read from has changed; at login
   * (touch) read fresh, and the last access time moved on.
   */
  async loginUser(userId: string, options: { touch?: boolean; accessStamp?: string } = {}): Promise<LoginUser> {
    const seen = options.touch ? await this.readSnapshot(userId) : await this.snapshot(userId, options.accessStamp);
    if (!seen) throw new AppError('NOT_LOGGED_IN');
    const { account, roles, charged } = seen;
    const lastAccess = account.lastAccessTime;
    if (options.touch) await this.accounts.touchLastAccess(userId, new Date());
    const held = loginRoles(roles, charged.length > 0);
    return {
      userId: account.id,
      userName: account.name,
      account: account.account,
      orgId: account.orgId,
      orgName: account.orgName,
      qq: account.qq,
      phone: account.phone,
      email: account.email,
      sex: account.sex,
      displayPhoto: avatarUrl(account.id, account.avatarVersion),
      lastAccessTime: lastAccess ? formatDateTime(lastAccess) : null,
      menus: seen.menus,
      roles: held.roles.map((r) => ({ roleId: r.roleId, roleName: r.roleName })),
      roleIdList: held.roleIdList,
      chargeDeparmentList: charged,
      chargeDeparmentIdList: charged.map((d) => d.departmentId),
      newChargeDeparmentList: charged.map((d) => ({ bmid: d.departmentId, bmmc: d.departmentName, fzrid: d.chargeUserId, fzrmc: d.chargeUserName })),
      newChargeDeparmentIdList: charged.map((d) => d.departmentId),
      mustChangePassword: account.mustChangePassword,
    };
  }

  /**
   * Changes the own password. A wrong old password counts like a failed login (a stolen session must not guess it
   * freely); a change ends every other session of the person, keeping the one it was made in.
   */
  async changePassword(
    userId: string,
    input: { oldPassword?: unknown; newPassword?: unknown; confirmPassword?: unknown },
    from: { address: string; sessionId: string },
  ): Promise<void> {
    const broken = checkPasswordChange(input);
    if (broken) throw new AppError('VALIDATION', broken);
    const account = await this.accounts.findById(userId);
    if (!account) throw new AppError('NOT_LOGGED_IN');
    await this.passThrottle(account.account, from.address);
    if (!(await this.hasher.verify(account.passwordHash, input.oldPassword as string))) {
      await this.throttle.recordFailure(account.account, from.address, true);
      throw new AppError('VALIDATION', PasswordMessages.failed);
    }
    await this.throttle.recordSuccess(account.account);
    await this.accounts.setPasswordHash(userId, await this.hasher.hash(input.newPassword as string), from.sessionId);
  }

  /** Menu keys and whether the person is an administrator: what the access guard checks on every call. */
  async access(userId: string, accessStamp?: string): Promise<{ menuKeys: Set<string>; isAdmin: boolean } | null> {
    const seen = await this.snapshot(userId, accessStamp);
    return seen && { menuKeys: seen.menuKeys, isAdmin: seen.isAdmin };
  }

  private readonly snapshots = new StampedCache<AccessSnapshot | null>();
  private snapshot(userId: string, accessStamp: string | undefined): Promise<AccessSnapshot | null> {
    return this.snapshots.get(userId, accessStamp, () => this.readSnapshot(userId));
  }

  /** Everything the access checks and the login user read of a person, in one round of queries; null when disabled. */
  private async readSnapshot(userId: string): Promise<AccessSnapshot | null> {
    const account = await this.accounts.findById(userId);
    if (!account || !account.enabled) return null;
    const [roles, granted, responsibleFor, menuRows, charged] = await Promise.all([
      this.accounts.rolesOf(userId),
      this.accounts.grantedMenus(userId),
      this.accounts.responsibleLevels(userId),
      this.accounts.allMenus(),
      this.accounts.departmentsChargedBy(userId),
    ]);
    const menus = buildMenuTree(menuRows, withResponsibleMenus(granted, responsibleFor));
    return { account, roles, charged, menus, menuKeys: new Set(menuKeys(menus)), isAdmin: roles.some((r) => r.code === ADMIN_ROLE_CODE) };
  }

  /**
   * Holds an attempt as long as its account's and its address's recent failures say (an awaited timer: no
   * connection held, the event loop free); refuses one only when its address floods (LoginThrottle).
   */
  private async passThrottle(account: string, address: string): Promise<void> {
    const { delayMs, refused } = await this.throttle.check(account, address);
    if (refused) throw new AppError('RATE_LIMITED', LOGIN_FLOOD_MESSAGE);
    if (delayMs > 0) await sleep(delayMs);
  }

  private dummy: Promise<string> | null = null;
  /** A hash of a random string nobody knows, to spend the same time on unknown accounts. */
  private dummyHash(): Promise<string> {
    this.dummy ??= this.hasher.hash(randomUUID());
    return this.dummy;
  }

  private sessionUserOf(account: Account): SessionUser {
    return { userId: account.id, userName: account.name, orgId: account.orgId, ...(account.mustChangePassword ? { mustChangePassword: true } : {}) };
  }
}
