import type { NextFunction, Request, Response } from 'express';
import type { SessionUser } from '../../../../shared/http/session-user.js';

/** Why a CAS login did not go through, as the CAS adapter tells it (reason timeout or unreachable: CAS is down). */
export interface CasRefusal {
  reason?: string;
  message?: string;
}

export type CasSignIn = { ok: true; user: SessionUser; ticket: string } | { ok: false; refusal: CasRefusal | undefined };

/**
 * The CAS server as single sign-on uses it (spec 000 §2, §4), bound to the passport strategy and CAS client in
 * infrastructure/cas. Off until start() runs with CAS_SERVER_URL set.
 */
export abstract class CasGateway {
  abstract readonly enabled: boolean;
  /** Where the browser goes after logging out of the platform: the CAS logout, back to the platform; null when off. */
  abstract readonly logoutUrl: string | null;
  /**
   * Turns CAS on when it is configured; toUser finds the platform user of a CAS user (with the attributes CAS 3.0
   * released, {} for 2.0), or throws the reason it cannot.
   */
  abstract start(toUser: (casUser: string, attributes: Record<string, string | string[]>) => Promise<SessionUser>): void;
  /** Sends the browser to the CAS login. */
  abstract redirect(req: Request, res: Response, next: NextFunction): void;
  /** Validates the callback's ticket once with CAS (with a timeout) and finds the platform user. */
  abstract signIn(req: Request, res: Response): Promise<CasSignIn>;
  /** The service ticket a single-logout request (SAML LogoutRequest) names, or null. */
  abstract ticketOfLogout(logoutRequest: string): string | null;
}
