import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { getClientConfig } from '../api/client-config';
import { notifier } from '../api/notifier';
import { ApiError } from '../api/request';
import { useRequest } from '../hooks/use-request';
import type { LoginUser } from '../api/types';
import { logout, tryLoginUserInfo } from '../api/user';
import { clearLoginUser, clearSession, readReadyLogin, saveLoginUser } from '../utils/login-storage';
import { LoginFlowError, completeLogin } from './login-flow';

export type AuthStatus = 'checking' | 'in' | 'out';

interface AuthValue {
  status: AuthStatus;
  user: LoginUser | null;
  /** runs the login flow for a user the server has just accepted; rejects with a LoginFlowError */
  signIn(user: LoginUser): Promise<LoginUser>;
  /** changes of the person's own details (personal center), stored and shown at once */
  updateUser(patch: Partial<LoginUser>): void;
  /** log out on the server, forget the session and leave for /login (or the SSO logout address) */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

// Session restore runs once per page load, even when React mounts the provider twice (StrictMode).
let restoring: Promise<LoginUser | null> | null = null;
function restoreSession(): Promise<LoginUser | null> {
  restoring ??= tryLoginUserInfo({ silent: true }).then(
    (user) =>
      // still an import's initial password: the login page has them change it first (the server refuses the rest)
      (user.mustChangePassword ? Promise.resolve(null).finally(clearLoginUser) : completeLogin(user)).catch((error: unknown) => {
        // the server knows the person but a step failed: say which, then they log in again
        notifier().error(error instanceof Error ? error.message : String(error));
        return null;
      }),
    () => {
      // no session: an ordinary anonymous visit
      clearLoginUser();
      return null;
    },
  );
  return restoring;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // a login stored by a finished flow is trusted; anything else asks the server (spec 000 §4)
  const [user, setUser] = useState<LoginUser | null>(readReadyLogin);
  const [checked, setChecked] = useState(() => readReadyLogin() !== null);

  // not yet checked: ask the server once; the answer goes into the state above
  useRequest(checked ? null : restoreSession, 'session', {
    // the session check asks once; writes and focus do not ask it again
    live: false,
    onSuccess: (restored) => {
      setUser(restored);
      setChecked(true);
    },
  });

  const signIn = useCallback(async (accepted: LoginUser) => {
    try {
      const complete = await completeLogin(accepted);
      setUser(complete);
      setChecked(true);
      return complete;
    } catch (error) {
      setUser(null);
      throw error instanceof LoginFlowError ? error : new LoginFlowError(String(error));
    }
  }, []);

  const updateUser = useCallback((patch: Partial<LoginUser>) => {
    setUser((current) => (current ? saveLoginUser({ ...current, ...patch }) : current));
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
  const value = useMemo<AuthValue>(
    () => ({ status, user, signIn, updateUser, signOut }),
    [status, user, signIn, updateUser, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth outside <AuthProvider>');
  return value;
}
