import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../../../shared/errors/app-error.js';
import type { SessionUser } from '../../../shared/http/session-user.js';
import { AuthService, type CasNewcomer } from './auth.service.js';
import { CasGateway, type CasRefusal } from './ports/cas-gateway.port.js';
import { CasTickets } from './ports/cas-tickets.port.js';

export type CasOutcome = { ok: true; user: SessionUser; ticket: string } | { ok: false; message: string };

/** CAS single sign-on: on when CAS_SERVER_URL is set (spec 000 §2, §4). */
@Injectable()
export class SsoService implements OnModuleInit {
  constructor(
    private readonly auth: AuthService,
    private readonly cas: CasGateway,
    private readonly tickets: CasTickets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const create = this.config.cas?.createUsers ?? null;
    this.cas.start((casUser, attributes) => this.auth.loginByCas(casUser, create && newcomerOf(casUser, attributes, create)));
  }

  get enabled(): boolean {
    return this.cas.enabled;
  }

  /** Where the browser goes after logging out of the platform: the CAS logout, back to the platform. */
  get logoutUrl(): string | null {
    return this.cas.logoutUrl;
  }

  /** Sends the browser to CAS (no ticket yet). */
  redirectToCas(req: Request, res: Response, next: NextFunction): void {
    if (!this.enabled) throw new AppError('ROUTE_NOT_FOUND', '未启用统一身份认证');
    this.cas.redirect(req, res, next);
  }

  /** Validates the ticket once with CAS (with a timeout) and finds the platform user; a replayed ticket is refused. */
  authenticate(req: Request, res: Response): Promise<CasOutcome> {
    if (!this.enabled) throw new AppError('ROUTE_NOT_FOUND', '未启用统一身份认证');
    return this.cas.signIn(req, res).then(async (signIn): Promise<CasOutcome> => {
      if (!signIn.ok) return { ok: false, message: failureMessage(signIn.refusal) };
      const fresh = await this.tickets.claim(signIn.ticket, signIn.user.userId);
      return fresh ? { ok: true, user: signIn.user, ticket: signIn.ticket } : { ok: false, message: '该登录凭据已使用，请重新登录' };
    });
  }

  attachSession(ticket: string, sessionId: string): Promise<void> {
    return this.tickets.attachSession(ticket, sessionId);
  }

  /** CAS single logout: ends the session the ticket named in the logout request opened. */
  async endSessionOfLogout(logoutRequest: unknown): Promise<boolean> {
    // Off, the POST answers like the GET: there is no CAS callback.
    if (!this.enabled) throw new AppError('ROUTE_NOT_FOUND', '未启用统一身份认证');
    if (typeof logoutRequest !== 'string') return false;
    const ticket = this.cas.ticketOfLogout(logoutRequest);
    return ticket ? this.tickets.endSessionOf(ticket) : false;
  }
}

function failureMessage(refusal: CasRefusal | undefined): string {
  if (refusal?.reason === 'timeout' || refusal?.reason === 'unreachable') return '统一身份认证服务暂不可用，请稍后重试';
  // not-allowed carries our own message (the CAS user is not a platform user); others are CAS's, in English.
  return refusal?.reason === 'not-allowed' && refusal.message ? refusal.message : '统一身份认证失败，请重新登录';
}

/** Who a CAS user with no account becomes (CAS_CREATE_USERS): their name and department from CAS's attributes. */
export function newcomerOf(
  casUser: string,
  attributes: Record<string, string | string[]>,
  create: { defaultRole: string | null; departmentAttribute: string | null; nameAttribute: string },
): CasNewcomer {
  const first = (name: string | null) => {
    if (!name) return null;
    const value = attributes[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    return text ? text : null;
  };
  return { name: (first(create.nameAttribute) ?? casUser).slice(0, 60), departmentName: first(create.departmentAttribute), role: create.defaultRole };
}
