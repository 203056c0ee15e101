import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getClientConfig } from '../api/client-config';
import { DelayedSpin } from '../components/page-loader';
import { useAuth } from './auth-context';
import { loginPath, ssoEntry } from './login-redirect';

/** Sends the visitor to /login (with ?from when configured) or to the SSO entry. */
export function ToLogin({ from }: { from: string }) {
  const config = getClientConfig();
  const sso = ssoEntry(config);
  useEffect(() => {
    if (sso) window.location.assign(sso);
  }, [sso]);
  if (sso) return <DelayedSpin fullPage />;
  return <Navigate to={loginPath(from, config)} replace />;
}

/** Renders its children for a logged-in person only. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'checking') return <DelayedSpin fullPage />;
  if (status === 'out') return <ToLogin from={location.pathname + location.search} />;
  return children;
}

/** `/`: home when logged in, else login. */
export function RootRedirect() {
  const { status } = useAuth();
  if (status === 'checking') return <DelayedSpin fullPage />;
  if (status === 'in') return <Navigate to="/index" replace />;
  return <ToLogin from="/" />;
}
