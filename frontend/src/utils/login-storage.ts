import type { LoginUser } from '../api/types';

/** sessionStorage key of the login user (spec 000 §3). */
export const LOGIN_USER_KEY = 'loginUser';

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

/** Stores the login with the time of this access. */
export function saveLoginUser(user: LoginUser, now: number = Date.now()): LoginUser {
  const stored = { ...user, lastAccessTime: now };
  sessionStorage.setItem(LOGIN_USER_KEY, JSON.stringify(stored));
  return stored;
}

export function clearLoginUser(): void {
  sessionStorage.removeItem(LOGIN_USER_KEY);
}

/** Everything this tab knows about the session: stored login, menu maps, caches. */
export function clearSession(): void {
  sessionStorage.clear();
  // the server's cookie is httpOnly in production; this only helps where it is not
  document.cookie = 'sid=; Max-Age=0; path=/';
}
