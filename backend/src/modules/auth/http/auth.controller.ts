import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PasswordChangeInputSchema, LoginAnswerSchema, LoginInputSchema, LoginUserSchema, type LoginAnswer } from '@zhengai/contracts';
import type { z } from 'zod';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import type { Request, Response } from 'express';
import { BeforePasswordChange, Public, SignedIn } from '../../../shared/http/access.decorators.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody } from '../../../shared/http/zod-input.decorator.js';
import type { SessionUser } from '../../../shared/http/session-user.js';
import { AuthService } from '../application/auth.service.js';
import type { LoginUser } from '../application/login-user.js';
import { PasswordMessages } from '../domain/password-rules.js';
import { endSession, startSession } from './session.js';

/** Password login, session restore, logout and the change-password call (spec 000 §7, user service base /api/user). */
@ApiTags('auth')
@Controller('user')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Log in with { userName, password, remember } (JSON or form); answers the login user and the failed attempts since the previous login' })
  @ApiEnvelope(LoginAnswerSchema)
  async login(@ZodBody(LoginInputSchema) body: z.infer<typeof LoginInputSchema>, @Req() req: Request): Promise<LoginAnswer> {
    // req.ip: the socket's address, or with TRUST_PROXY the one the proxy saw (bootstrap/configure-http-app.ts)
    const { user, failedLogins } = await this.auth.login(body.userName.trim(), body.password, req.ip ?? 'unknown');
    await startSession(req, user, body.remember === true);
    return { ...(await this.auth.loginUser(user.userId, { touch: true })), failedLoginCount: failedLogins };
  }

  @Post('logout')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'End the session (answers success without one too)' })
  @ApiEnvelope(null)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<null> {
    await endSession(req, res);
    return null;
  }

  @Get('tryLoginUserInfo')
  @SignedIn()
  @BeforePasswordChange()
  @ApiOperation({ summary: 'Restore the login user from the session cookie; 401 / 53000010 without one' })
  @ApiEnvelope(LoginUserSchema)
  tryLoginUserInfo(@CurrentUser() user: SessionUser): Promise<LoginUser> {
    return this.auth.loginUser(user.userId, { accessStamp: user.accessStamp });
  }

  @Post('password/update')
  @SignedIn()
  @BeforePasswordChange()
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the own password: { oldPassword, newPassword }; ends the person\'s other sessions' })
  @ApiEnvelope(null)
  async changePassword(@ZodBody(PasswordChangeInputSchema) body: z.infer<typeof PasswordChangeInputSchema>, @CurrentUser('userId') userId: string, @Req() req: Request): Promise<WithMessage<null>> {
    await this.auth.changePassword(userId, body, { address: req.ip ?? 'unknown', sessionId: req.sessionID });
    if (req.session.user?.mustChangePassword) {
      // the initial password is gone: this session may do everything again
      delete req.session.user.mustChangePassword;
      await new Promise<void>((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())));
    }
    return new WithMessage(null, PasswordMessages.changed);
  }
}
