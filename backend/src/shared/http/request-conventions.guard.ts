import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';
import { checkCsrf } from './csrf.js';
import { headersAgreeWithSession, readLoginHeaders } from './login-headers.js';
import { SKIP_CSRF } from './public-route.decorator.js';
import './session-user.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The request conventions of spec 000 §7, checked before any handler:
 * writes from another origin are refused, csrfTimestamp/csrfToken must be present, fresh and right,
 * and login headers that disagree with the session are refused.
 */
@Injectable()
export class RequestConventionsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!SAFE_METHODS.has(req.method)) this.checkOrigin(req);
    const skipCsrf = this.reflector.getAllAndOverride<boolean>(SKIP_CSRF, [context.getHandler(), context.getClass()]);
    if (!skipCsrf) this.checkCsrf(req);
    const user = req.session?.user;
    if (user && !headersAgreeWithSession(readLoginHeaders(req.headers), user)) throw new AppError('SESSION_MISMATCH');
    return true;
  }

  private checkCsrf(req: Request): void {
    const query = req.query as Record<string, unknown>;
    const verdict = checkCsrf(query.csrfTimestamp, query.csrfToken, this.config.csrfSecret, this.config.csrfMaxAgeMs);
    if (verdict === 'stale') throw new AppError('CSRF_EXPIRED');
    if (verdict !== 'ok') throw new AppError('CSRF_INVALID');
  }

  /** A browser names the page's origin on writes; it must be ours. Clients without Origin (curl, servers) pass. */
  private checkOrigin(req: Request): void {
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CROSS_ORIGIN');
    const origin = req.headers.origin;
    if (!origin) return;
    if (this.config.allowedOrigins.includes(origin)) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError('CROSS_ORIGIN');
    }
    if (host !== req.headers.host) throw new AppError('CROSS_ORIGIN');
  }
}
