import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { AppError } from '../../../shared/errors/app-error.js';
import type { SessionUser } from '../../../shared/http/session-user.js';
import { CasClient, casServiceUrl } from '../infrastructure/cas/cas-client.js';
import { CasStrategy, type CasAuthInfo, type CasFailure } from '../infrastructure/cas/cas.strategy.js';
import { AuthService } from './auth.service.js';
import { CasTickets } from './ports/cas-tickets.js';

export type CasOutcome = { ok: true; user: SessionUser; ticket: string } | { ok: false; message: string };

/** CAS single sign-on through passport: on when CAS_SERVER_URL is set (spec 000 §2, §4). */
@Injectable()
export class SsoService implements OnModuleInit {
  private readonly logger = new Logger('SSO');
  private client: CasClient | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly tickets: CasTickets,
  ) {}

  onModuleInit(): void {
    const cas = this.config.cas;
    if (!cas) return;
    this.client = new CasClient({ serverUrl: cas.serverUrl, serviceUrl: casServiceUrl(cas.serviceBaseUrl), version: cas.version, timeoutMs: cas.timeoutMs });
    passport.use(
      new CasStrategy({ client: this.client }, (casUser, _attributes, done) => {
        this.auth.loginByCas(casUser).then((user) => done(null, user), (error: unknown) => done(null, false, { message: error instanceof Error ? error.message : String(error) }));
      }),
    );
    this.logger.log(`CAS ${cas.version} single sign-on on ${cas.serverUrl}`);
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  /** Where the browser goes after logging out of the platform: the CAS logout, back to the platform. */
  get logoutUrl(): string | null {
    return this.client && this.config.cas ? this.client.logoutUrl(this.config.cas.serviceBaseUrl) : null;
  }

  /** Sends the browser to CAS (no ticket yet). */
  redirectToCas(req: Request, res: Response, next: NextFunction): void {
    if (!this.enabled) throw new AppError('ROUTE_NOT_FOUND', '未启用统一身份认证');
    passport.authenticate('cas', { session: false })(req, res, next);
  }

  /** Validates the ticket once with CAS (with a timeout) and finds the platform user; a replayed ticket is refused. */
  authenticate(req: Request, res: Response): Promise<CasOutcome> {
    if (!this.enabled) throw new AppError('ROUTE_NOT_FOUND', '未启用统一身份认证');
    return new Promise<CasOutcome>((resolve, reject) => {
      const callback = (err: unknown, user: SessionUser | false, info?: CasAuthInfo | CasFailure | { message?: string }) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        if (!user) return resolve({ ok: false, message: failureMessage(info) });
        const ticket = (info as CasAuthInfo).ticket;
        this.tickets.claim(ticket, user.userId).then(
          (fresh) => resolve(fresh ? { ok: true, user, ticket } : { ok: false, message: '该登录凭据已使用，请重新登录' }),
          reject,
        );
      };
      passport.authenticate('cas', { session: false }, callback)(req, res, (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
    });
  }

  attachSession(ticket: string, sessionId: string): Promise<void> {
    return this.tickets.attachSession(ticket, sessionId);
  }

  endSessionOf(ticket: string): Promise<boolean> {
    return this.tickets.endSessionOf(ticket);
  }
}

function failureMessage(info: unknown): string {
  const failure = info as Partial<CasFailure> | undefined;
  if (failure?.reason === 'timeout' || failure?.reason === 'unreachable') return '统一身份认证服务暂不可用，请稍后重试';
  // not-allowed carries our own message (the CAS user is not a platform user); others are CAS's, in English.
  return failure?.reason === 'not-allowed' && failure.message ? failure.message : '统一身份认证失败，请重新登录';
}
