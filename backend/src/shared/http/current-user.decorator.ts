import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../errors/app-error.js';
import type { SessionUser } from './session-user.js';

/** The session's login user, or one field of it; the access guard has refused requests without one already. */
export function currentUserOf(req: Request, field?: keyof SessionUser): SessionUser | SessionUser[keyof SessionUser] {
  const user = req.session?.user;
  // Only a @Public() route that asks for the user gets here without one; answer as the guard would.
  if (!user) throw new AppError('NOT_LOGGED_IN');
  return field ? user[field] : user;
}

/**
 * A handler parameter: `@CurrentUser() user: SessionUser` or `@CurrentUser('userId') userId: string`.
 * Identity comes only from the server session, never from the login headers.
 */
export const CurrentUser = createParamDecorator((field: keyof SessionUser | undefined, ctx: ExecutionContext) =>
  currentUserOf(ctx.switchToHttp().getRequest<Request>(), field),
);
