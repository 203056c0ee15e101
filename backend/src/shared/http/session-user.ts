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
  /**
   * The person logged in with an initial password (a people import): until they change it, the access guard refuses
   * every call but those marked @BeforePasswordChange (the login user, the password change, logout).
   */
  mustChangePassword?: boolean;
  /**
   * Not stored: the session store sets it on every read from the person's access version and the shared access
   * epoch (migration access-stamps). Equal stamps mean nothing the person may see has changed since, so what was
   * read of their roles, grants and menus under it may be used again.
   */
  accessStamp?: string;
}

declare module 'express-session' {
  interface SessionData {
    user?: SessionUser;
  }
}
