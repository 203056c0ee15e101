import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getClientConfig } from '../api/client-config';
import { notifier } from '../api/notifier';
import { ApiError } from '../api/request';
import type { LoginUser } from '../api/types';
import { logout, tryLoginUserInfo } from '../api/user';
import { clearLoginUser, clearSession, readLoginUser, saveLoginUser } from '../utils/login-storage';

export type AuthStatus = 'checking' | 'in' | 'out';

interface AuthValue {
  status: AuthStatus;
  user: LoginUser | null;
  /** store a fresh login (sessionStorage loginUser, with lastAccessTime) */
  signIn(user: LoginUser): void;
  /** log out on the server, forget the session and leave for /login (or the SSO logout address) */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

// Session restore runs once per page load, even when React mounts the provider twice (StrictMode).
let restoring: Promise<LoginUser | null> | null = null;
function restoreSession(): Promise<LoginUser | null> {
  restoring ??= tryLoginUserInfo({ silent: true }).then(
    (user) => saveLoginUser(user),
    () => {
      clearLoginUser();
      return null;
    },
  );
  return restoring;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<LoginUser | null>(readLoginUser);
  const [checked, setChecked] = useState(() => readLoginUser() !== null);

  useEffect(() => {
    if (checked) return;
    let live = true;
    void restoreSession().then((restored) => {
      if (!live) return;
      setUser(restored);
      setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [checked]);

  const signIn = useCallback((fresh: LoginUser) => {
    setUser(saveLoginUser(fresh));
    setChecked(true);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout({ silent: true });
    } catch (error) {
      // a session that is already gone is as good as a successful logout
      const gone = error instanceof ApiError && (error.kind === 'not-logged-in' || error.kind === 'session-expired');
      if (!gone) {
        notifier().error('登出失败');
        return;
      }
    }
    clearSession();
    const { ssoEnabled, ssoLogoutUrl } = getClientConfig();
    notifier().redirect(ssoEnabled && ssoLogoutUrl ? ssoLogoutUrl : '/login');
  }, []);

  const status: AuthStatus = !checked ? 'checking' : user ? 'in' : 'out';
  const value = useMemo<AuthValue>(() => ({ status, user, signIn, signOut }), [status, user, signIn, signOut]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth outside <AuthProvider>');
  return value;
}
