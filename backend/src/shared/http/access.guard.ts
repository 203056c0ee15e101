import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError } from '../errors/app-error.js';
import { ADMIN_ONLY, BEFORE_PASSWORD_CHANGE, PUBLIC_ROUTE, REQUIRED_MENUS } from './access.decorators.js';
import { AccessPolicy } from './access-policy.port.js';
import './session-user.js';

/**
 * Every route needs a session unless @Public(); @RequireMenu and @AdminOnly add checks. No session answers
 * 401 / 53000010; a person who must change their initial password may make only @BeforePasswordChange calls; a missing grant answers the spec's no-permission envelope (status 200) and changes nothing.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly policy: AccessPolicy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.session?.user;
    if (!user) throw new AppError('NOT_LOGGED_IN');
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(BEFORE_PASSWORD_CHANGE, targets)) throw new AppError('PASSWORD_CHANGE_REQUIRED');
    const menus = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_MENUS, targets);
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets);
    if (!menus && !adminOnly) return true;
    const access = await this.policy.accessOf(user.userId, user.accessStamp);
    if (!access) throw new AppError('NOT_LOGGED_IN');
    if (access.isAdmin) return true;
    if (adminOnly) throw new AppError('NO_PERMISSION');
    if (menus && !menus.some((key) => access.menuKeys.has(key))) throw new AppError('NO_PERMISSION');
    return true;
  }
}
