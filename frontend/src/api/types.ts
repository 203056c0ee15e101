// Wire shapes of the backend contract (spec 000 §3 and §7). Field names are the spec's.

export interface Meta {
  success: boolean;
  message: string;
}

/** Every answer of the backend. */
export interface Envelope<T> {
  meta: Meta;
  data: T;
  code: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  pages: number;
}

export interface ClientConfig {
  csrfSecret: string;
  ssoEnabled: boolean;
  ssoLoginUrl: string | null;
  ssoLogoutUrl: string | null;
  /** when true, the redirect to /login carries ?from=<original path> */
  loginFromParam: boolean;
  requestTimeoutMs: number;
  version: string;
}

export interface Role {
  roleId: string;
  roleName: string;
}

/** A department whose head is the user (chargeUserId equals the user). */
export interface ChargeDepartment {
  departmentId: string;
  departmentName: string;
  chargeUserId: string;
  chargeUserName: string;
}

/** A row of the newer department-head list (GET departments/newCharger). */
export interface NewChargeDepartment {
  bmid: string;
  /** department name */
  bmmc: string;
  /** head's user id */
  fzrid?: string;
  /** head's name */
  fzrmc: string;
}

/** One entry of the login user's menu tree; leaves carry the page name the route builder maps. */
export interface MenuNode {
  key: string;
  name: string;
  path: string;
  component: string | null;
  children: MenuNode[];
}

/** Top-level menu groups by key (ly_herm_homePage, ly_herm_qualityManagement, …). */
export type MenuMap = Record<string, MenuNode>;

export interface LoginUser {
  userId: string;
  /** display name, e.g. 李红 */
  userName: string;
  /** login name */
  account?: string;
  orgId: string | null;
  orgName?: string | null;
  qq?: string | null;
  phone?: string | null;
  /** avatar URL; null means the default image for the person's sex */
  displayPhoto?: string | null;
  email?: string | null;
  /** 1 male, 2 female */
  sex?: number | string | null;
  /** the server sends 'yyyy-MM-dd HH:mm:ss'; the frontend stores the time of this access (ms since epoch) */
  lastAccessTime?: number | string | null;
  menus?: MenuMap;
  roles?: Role[];
  roleIdList?: string[];
  chargeDeparmentList?: ChargeDepartment[];
  chargeDeparmentIdList?: string[];
  newChargeDeparmentList?: NewChargeDepartment[];
  newChargeDeparmentIdList?: string[];
}

/** GET users/relationInfo */
export interface RelationInfo {
  userId: string;
  userName: string;
  orgId: string | null;
  orgName?: string | null;
  roles: Role[];
  roleIdList: string[];
}

/** GET uis/users/{id}/user: what the personal center shows. */
export interface Profile {
  departmentName: string | null;
  email: string | null;
  phone: string | null;
  qq: string | null;
  userId: string;
  userName: string;
  /** 1 male (the default), 2 female */
  sex: number | string | null;
  headPortrait: string | null;
  isUseDefaultAvatar: boolean;
}

export interface ProfileUpdate {
  email: string;
  phone: string;
  qq: string;
  sex: string;
}

/** Either a new picture as a data URL, or back to the default image. */
export type PortraitChange = { displayPhoto: string } | { isUseDefaultAvatar: true };

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

export interface UserType {
  userTypeId: string;
  userTypeName: string;
}

/** GET todoCounts: what waits for the person. */
export interface TodoCounts {
  tasks: number;
  warnings: number;
  audits: number;
}

/** GET warningCount: task id → number of warnings, by kind. */
export interface WarningCount {
  delayMap: Record<string, number>;
  processMap: Record<string, number>;
}

export interface LoginRequest {
  userName: string;
  password: string;
  /** keep the session cookie for 30 days */
  remember: boolean;
}

export interface SystemSetting {
  id: string;
  systemName: string;
  /** the name as configured, possibly with markup */
  systemNameSource: string;
  logoAttachment: { id: string; url: string } | null;
}

export interface Health {
  database: 'up' | 'down';
  queue: 'up' | 'down';
  queueBackend: 'redis' | 'postgres';
}

/** A node of GET departments/tree; sub-departments under `childrens` (spec 000 §3). */
export interface DepartmentNode {
  departmentId: string;
  departmentName: string;
  parentId: string | null;
  chargeUserId: string | null;
  chargeUserName: string | null;
  childrens: DepartmentNode[];
}

/** A short-name record of GET departments/shortNames. */
export interface DepartmentShortName {
  departId: string;
  shortNameChinese: string | null;
  shortNameEnglish: string | null;
  chargeUserId: string | null;
  chargeUserName: string | null;
}

/** The body of departments/add; update adds departmentId. Empty optional fields go as null. */
export interface DepartmentInput {
  departmentName: string;
  parentId: string | null;
  chargeUserId: string | null;
  shortNameChinese: string | null;
  shortNameEnglish: string | null;
}

/** A row of GET users/common. */
export interface UserRecord {
  userId: string;
  userName: string;
  /** login name */
  account: string;
  orgId: string | null;
  orgName: string | null;
  userTypeId: string | null;
  /** 1 male, 2 female */
  sex: number | string | null;
  enabled: boolean;
}

/** The fields of users/add and users/update. */
export interface UserInput {
  account: string;
  userName: string;
  orgId: string | null;
  userTypeId: string | null;
  sex: 1 | 2;
}

/** users/add: with the initial password (letters and digits, at least 8; a random one when absent). */
export interface NewUser extends UserInput {
  password?: string;
}

/** users/update */
export interface UserUpdate extends UserInput {
  userId: string;
  enabled: boolean;
}

/** A person of GET roles/{id}/users. */
export interface RoleUser {
  userId: string;
  userName: string;
  account: string;
}
