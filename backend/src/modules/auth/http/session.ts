import type { Request, Response } from 'express';
import { REMEMBER_MS, SESSION_COOKIE, type SessionUser } from '../../../shared/http/session-user.js';

/** A new session id for a new login (no fixation), 30 days when remembered, else until the browser closes. */
export function startSession(req: Request, user: SessionUser, remember: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.user = user;
      if (remember) req.session.cookie.maxAge = REMEMBER_MS;
      else req.session.cookie.expires = undefined;
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve(req.sessionID)));
    });
  });
}

export function endSession(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    if (!req.session) return resolve();
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
}
