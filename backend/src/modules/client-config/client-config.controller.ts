import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Public } from '../../shared/http/access.decorators.js';
import { SkipCsrf } from '../../shared/http/public-route.decorator.js';
import { SsoService } from '../auth/application/sso.service.js';

export const PRODUCT_VERSION = 'V3.2_20200311';

class ClientConfigDto {
  @ApiProperty({ description: 'Secret for the csrfToken (MD5 of csrfTimestamp + secret); no secret from the browser, see README' })
  csrfSecret!: string;
  @ApiProperty() ssoEnabled!: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) ssoLoginUrl!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) ssoLogoutUrl!: string | null;
  @ApiProperty({ description: 'Add ?from=<path> when sending a visitor to /login' }) loginFromParam!: boolean;
  @ApiProperty() requestTimeoutMs!: number;
  @ApiProperty() version!: string;
}

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
  @ApiOperation({ summary: 'Client configuration: csrf secret, SSO mode, timeouts' })
  @ApiOkResponse({ type: ClientConfigDto })
  get(): ClientConfigDto {
    return {
      csrfSecret: this.config.csrfSecret,
      ssoEnabled: this.sso.enabled,
      ssoLoginUrl: this.sso.enabled ? '/api/user/cas/login' : null,
      ssoLogoutUrl: this.sso.logoutUrl,
      loginFromParam: true,
      requestTimeoutMs: this.config.requestTimeoutMs,
      version: PRODUCT_VERSION,
    };
  }
}
