import { Controller, Get, HttpCode, Next, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SingleLogoutInputSchema, SingleLogoutResultSchema, type SingleLogoutInput, type SingleLogoutResult } from '@zhengai/contracts';
import { ApiEnvelope, ApiRedirect } from '../../../shared/http/api-envelope.decorator.js';
import type { NextFunction, Request, Response } from 'express';
import { Public } from '../../../shared/http/access.decorators.js';
import { SkipCsrf } from '../../../shared/http/public-route.decorator.js';
import { SsoService } from '../application/sso.service.js';
import { startSession } from './session.js';
import { ZodBody } from '../../../shared/http/zod-input.decorator.js';

/** CAS single sign-on: browser redirects and the CAS server's single-logout POST (no csrf: they come from CAS). */
@ApiTags('auth')
@Controller('user/cas')
export class SsoController {
  constructor(private readonly sso: SsoService) {}

  @Get('login')
  @Public()
  @SkipCsrf()
  @ApiOperation({ summary: 'Go to the CAS login (when CAS_SERVER_URL is set)' })
  @ApiRedirect('To the CAS login page (404 envelope when single sign-on is off)')
  login(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    this.sso.redirectToCas(req, res, next);
  }

  @Get('callback')
  @Public()
  @SkipCsrf()
  @ApiOperation({ summary: 'CAS returns here with ?ticket=; a session opens and the browser goes to /' })
  @ApiRedirect('To / with a new session, or to /login?ssoError=<message> when the ticket is refused')
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const outcome = await this.sso.authenticate(req, res);
    if (!outcome.ok) {
      res.redirect(302, `/login?ssoError=${encodeURIComponent(outcome.message)}`);
      return;
    }
    const sessionId = await startSession(req, outcome.user, false);
    await this.sso.attachSession(outcome.ticket, sessionId);
    res.redirect(302, '/');
  }

  /** CAS single logout: the server POSTs logoutRequest with the ticket that opened a session; that session ends. */
  @Post('callback')
  @HttpCode(200)
  @Public()
  @SkipCsrf()
  @ApiOperation({ summary: 'CAS single logout: form field logoutRequest (SAML LogoutRequest); ends the session its ticket opened' })
  @ApiEnvelope(SingleLogoutResultSchema)
  async singleLogout(@ZodBody(SingleLogoutInputSchema) body: SingleLogoutInput): Promise<SingleLogoutResult> {
    return { ended: await this.sso.endSessionOfLogout(body.logoutRequest) };
  }
}
