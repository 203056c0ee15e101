import type { Request } from 'express';
import { Strategy } from 'passport-strategy';
import { CasValidationError, type CasClient } from './cas-client.js';
import type { CasAttributes } from './cas-xml.js';

export type CasVerifyDone = (err: unknown, user?: unknown, info?: unknown) => void;

/** Maps the CAS identity to the application's user; `done(null, false, info)` refuses the login. */
export type CasVerify = (casUser: string, attributes: CasAttributes, done: CasVerifyDone) => void;

export interface CasStrategyOptions {
  client: CasClient;
}

/**
 * What the strategy hands passport besides the user (the `info` of `passport.authenticate`'s callback).
 * `ticket` is the validated service ticket: store ticket → session id at login so single logout can find the session.
 */
export interface CasAuthInfo {
  ticket: string;
  casUser: string;
  attributes: CasAttributes;
  /** Whatever the verify callback passed as its info, if anything. */
  info?: unknown;
}

/** What `fail` carries; `reason` and `casCode` let the caller tell "bad ticket" from "CAS down". */
export interface CasFailure {
  message: string;
  reason: CasValidationError['reason'] | 'bad-request' | 'not-allowed';
  casCode?: string;
}

/**
 * CAS 2.0/3.0 login as a passport strategy, written on passport-strategy because passport-cas breaks on Express 5
 * (req.param) and builds the service URL from the request. No ticket: redirect to CAS; a ticket: validate, then verify.
 */
export class CasStrategy extends Strategy {
  readonly name = 'cas';
  private readonly client: CasClient;
  private readonly verify: CasVerify;

  constructor(options: CasStrategyOptions, verify: CasVerify) {
    super();
    if (!options?.client) throw new TypeError('CasStrategy needs a CasClient');
    if (typeof verify !== 'function') throw new TypeError('CasStrategy needs a verify callback');
    this.client = options.client;
    this.verify = verify;
  }

  override authenticate(req: Request): void {
    const ticket = readTicket(req);
    if (ticket === undefined) {
      this.redirect(this.client.loginUrl());
      return;
    }
    if (ticket === null) {
      this.fail({ message: 'ticket parameter must appear once', reason: 'bad-request' } satisfies CasFailure, 400);
      return;
    }
    // passport calls authenticate on a per-request copy whose success/fail/error are wired to this request; keep `this`.
    this.validateThenVerify(ticket).catch((error: unknown) => {
      // Only passport's own callbacks can throw this far; left unhandled, the rejection would stop the process.
      this.error(asError(error));
    });
  }

  private async validateThenVerify(ticket: string): Promise<void> {
    let validated: Awaited<ReturnType<CasClient['validate']>>;
    try {
      validated = await this.client.validate(ticket);
    } catch (error) {
      if (error instanceof CasValidationError) {
        const failure: CasFailure = { message: error.message, reason: error.reason };
        if (error.casCode !== undefined) failure.casCode = error.casCode;
        this.fail(failure, 401);
      } else {
        this.error(asError(error));
      }
      return;
    }
    // Outside the try above: an exception thrown by success() must not turn into a second, error() answer.
    let settled = false;
    const done: CasVerifyDone = (err, user, info) => {
      if (settled) return;
      settled = true;
      if (err) return this.error(asError(err));
      if (!user) {
        const failure: CasFailure = { message: infoMessage(info) ?? 'CAS user is not allowed to sign in', reason: 'not-allowed' };
        return this.fail(failure, 401);
      }
      const authInfo: CasAuthInfo = { ticket, casUser: validated.user, attributes: validated.attributes };
      if (info !== undefined) authInfo.info = info;
      this.success(user, authInfo);
    };
    try {
      this.verify(validated.user, validated.attributes, done);
    } catch (error) {
      if (settled) throw error;
      done(error);
    }
  }
}

/**
 * The `ticket` query parameter: undefined when absent, null when repeated or not a string.
 * Reads req.query (Express) and falls back to the raw URL; never req.param, which Express 5 removed.
 */
function readTicket(req: Request): string | null | undefined {
  const query: unknown = req.query;
  let value: unknown;
  if (typeof query === 'object' && query !== null) {
    value = (query as Record<string, unknown>)['ticket'];
  } else {
    const all = new URL(req.url ?? '/', 'http://localhost').searchParams.getAll('ticket');
    value = all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
  }
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

function infoMessage(info: unknown): string | undefined {
  if (typeof info === 'string') return info;
  if (typeof info === 'object' && info !== null && typeof (info as { message?: unknown }).message === 'string') {
    return (info as { message: string }).message;
  }
  return undefined;
}

/** passport's error() wants an Error; duck-typed because errors from another realm fail `instanceof Error`. */
function asError(value: unknown): Error {
  const looksLikeError = typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
  return looksLikeError ? (value as Error) : new Error(String(value));
}
