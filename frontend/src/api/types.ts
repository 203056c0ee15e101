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

export interface ChargeDepartment {
  bmid: string;
  bmmc: string;
  fzrmc: string;
}

export interface LoginUser {
  userId: string | number;
  userName: string;
  orgId: string | number;
  qq?: string | null;
  phone?: string | null;
  displayPhoto?: string | null;
  email?: string | null;
  /** 1 male, 2 female */
  sex?: number | string | null;
  /** set by the frontend when it stores the login (ms since epoch) */
  lastAccessTime?: number;
  /** menu keys (ly_herm…/ly-herm…) grouped by area */
  menus?: Record<string, unknown>;
  roles?: Role[];
  roleIdList?: string[];
  chargeDeparmentList?: unknown[];
  chargeDeparmentIdList?: string[];
  newChargeDeparmentList?: ChargeDepartment[];
  newChargeDeparmentIdList?: string[];
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
