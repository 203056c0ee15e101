import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientConfigSchema, type ClientConfig } from '@zhengai/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Public } from '../../shared/http/access.decorators.js';
import { SkipCsrf } from '../../shared/http/public-route.decorator.js';
import { ApiEnvelope } from '../../shared/http/api-envelope.decorator.js';
import { SsoService } from '../auth/application/sso.service.js';

export const PRODUCT_VERSION = 'V3.2_20200311';


/** What the browser needs before its first real call. */
@ApiTags('client')
@Controller('client-config')
export class ClientConfigController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sso: SsoService,
  ) {}

  @Get()
  @SkipCsrf()
  @Public()
  @ApiOperation({ summary: 'Client configuration: csrf secret, SSO mode, timeouts, the login redirect\'s from, warning counts, upload size' })
  @ApiEnvelope(ClientConfigSchema)
  get(): ClientConfig {
    return {
      csrfSecret: this.config.csrfSecret,
      ssoEnabled: this.sso.enabled,
      ssoLoginUrl: this.sso.enabled ? '/api/user/cas/login' : null,
      ssoLogoutUrl: this.sso.logoutUrl,
      loginFromParam: this.config.loginFromParam,
      requestTimeoutMs: this.config.requestTimeoutMs,
      version: PRODUCT_VERSION,
      warningCountsEnabled: this.config.warningCounts,
      fileMaxMb: this.config.fileMaxMb,
    };
  }
}
