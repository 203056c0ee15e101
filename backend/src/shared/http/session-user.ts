import 'express-session';

/** The session cookie (HttpOnly, SameSite=Lax; bootstrap/configure-http-app.ts sets the session up). */
export const SESSION_COOKIE = 'sid';
/** How long a remembered login lasts: 30 days; otherwise the cookie ends with the browser. */
export const REMEMBER_MS = 30 * 24 * 3600 * 1000;

/** What the server session remembers of the person; the only source of identity. */
export interface SessionUser {
  userId: string;
  userName: string;
  orgId: string | null;
}

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
  }
}
