import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config.js';
import type { SessionUser } from '../../../../shared/http/session-user.js';
import { CasGateway, type CasRefusal, type CasSignIn } from '../../application/ports/cas-gateway.port.js';
import { CasClient, casServiceUrl } from './cas-client.js';
import { parseLogoutRequest } from './cas-xml.js';
import { CasStrategy, type CasAuthInfo } from './cas.strategy.js';

/**
 * CasGateway through passport: the `cas` strategy on a CasClient built from the configuration. passport is called
 * directly (`passport.authenticate` with a callback), not through @nestjs/passport's AuthGuard: the port hands the
 * outcome (user and ticket, or the refusal) to the application service, which answers a refusal with a redirect and
 * stores the ticket with the new session; a guard only lets a request through or not. The package did no work here
 * and was removed.
 */
@Injectable()
export class PassportCasGateway extends CasGateway {
  private readonly logger = new Logger('SSO');
  private client: CasClient | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  start(toUser: (casUser: string, attributes: Record<string, string | string[]>) => Promise<SessionUser>): void {
    const cas = this.config.cas;
    if (!cas) return;
    this.client = new CasClient({ serverUrl: cas.serverUrl, serviceUrl: casServiceUrl(cas.serviceBaseUrl), version: cas.version, timeoutMs: cas.timeoutMs });
    passport.use(
      new CasStrategy({ client: this.client }, (casUser, attributes, done) => {
        toUser(casUser, attributes).then((user) => done(null, user), (error: unknown) => done(null, false, { message: error instanceof Error ? error.message : String(error) }));
      }),
    );
    this.logger.log(`CAS ${cas.version} single sign-on on ${cas.serverUrl}`);
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  get logoutUrl(): string | null {
    return this.client && this.config.cas ? this.client.logoutUrl(this.config.cas.serviceBaseUrl) : null;
  }

  redirect(req: Request, res: Response, next: NextFunction): void {
    passport.authenticate('cas', { session: false })(req, res, next);
  }

  signIn(req: Request, res: Response): Promise<CasSignIn> {
    return new Promise<CasSignIn>((resolve, reject) => {
      const callback = (err: unknown, user: SessionUser | false, info?: CasAuthInfo | CasRefusal) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        if (!user) return resolve({ ok: false, refusal: info as CasRefusal | undefined });
        resolve({ ok: true, user, ticket: (info as CasAuthInfo).ticket });
      };
      passport.authenticate('cas', { session: false }, callback)(req, res, (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
    });
  }

  ticketOfLogout(logoutRequest: string): string | null {
    return parseLogoutRequest(logoutRequest);
  }
}
