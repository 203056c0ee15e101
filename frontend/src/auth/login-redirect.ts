import type { ClientConfig } from '../api/types';

/** Where an unauthenticated visit goes; ?from only when the client config asks for it (spec 000 §2). */
export function loginPath(from: string | null, config: Pick<ClientConfig, 'loginFromParam'>): string {
  return config.loginFromParam && from ? `/login?from=${encodeURIComponent(from)}` : '/login';
}

/** The `from` parameter, if it is a path inside this app (never another site, never /login again). */
export function safeFrom(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === '/login' || raw.startsWith('/login?') || raw.startsWith('/login/')) return null;
  return raw;
}

/** The single sign-on entry, when that mode is on. */
export function ssoEntry(config: Pick<ClientConfig, 'ssoEnabled' | 'ssoLoginUrl'>): string | null {
  return config.ssoEnabled && config.ssoLoginUrl ? config.ssoLoginUrl : null;
}
