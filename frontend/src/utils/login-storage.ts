import type { LoginUser, Role, UserType } from '../api/types';

/** sessionStorage key of the login user (spec 000 §3). */
export const LOGIN_USER_KEY = 'loginUser';
/** Set once every step of the login flow has finished; a login stored without it is half loaded. */
export const LOGIN_READY_KEY = 'loginReady';
/** The role groups of the app, fetched once at login for page permissions. */
export const ROLE_LIST_KEY = 'roleList';
export const USER_TYPE_LIST_KEY = 'userTypeList';

export function readLoginUser(): LoginUser | null {
  try {
    const raw = sessionStorage.getItem(LOGIN_USER_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as LoginUser | null;
    return user && typeof user === 'object' && user.userId != null ? user : null;
  } catch {
    // unreadable storage (private mode, hand-edited value) counts as not logged in
    return null;
  }
}

/** The stored login, only if the login flow finished (a reload in the middle must restore again). */
export function readReadyLogin(): LoginUser | null {
  return sessionStorage.getItem(LOGIN_READY_KEY) === '1' ? readLoginUser() : null;
}

/** Stores the login with the time of this access. */
export function saveLoginUser(user: LoginUser, now: number = Date.now()): LoginUser {
  const stored = { ...user, lastAccessTime: now };
  sessionStorage.setItem(LOGIN_USER_KEY, JSON.stringify(stored));
  return stored;
}

/** The last step of the login flow: the lists every page may need, and the ready mark. */
export function saveLoginLists(roles: Role[], userTypes: UserType[]): void {
  sessionStorage.setItem(ROLE_LIST_KEY, JSON.stringify(roles));
  sessionStorage.setItem(USER_TYPE_LIST_KEY, JSON.stringify(userTypes));
  sessionStorage.setItem(LOGIN_READY_KEY, '1');
}

function readList<T>(key: string): T[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export const readRoleList = (): Role[] => readList<Role>(ROLE_LIST_KEY);
export const readUserTypeList = (): UserType[] => readList<UserType>(USER_TYPE_LIST_KEY);

export function clearLoginUser(): void {
  sessionStorage.removeItem(LOGIN_USER_KEY);
  sessionStorage.removeItem(LOGIN_READY_KEY);
}

/** Everything this tab knows about the session: stored login, menu maps, caches. */
export function clearSession(): void {
  sessionStorage.clear();
  // the server's cookie is httpOnly in production; this only helps where it is not
  document.cookie = 'sid=; Max-Age=0; path=/';
}
