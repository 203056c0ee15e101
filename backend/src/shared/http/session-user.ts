import 'express-session';

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
