import { Global, Module } from '@nestjs/common';
import { AccessPolicy } from '../../shared/http/access-policy.port.js';
import { AuthService } from './application/auth.service.js';
import { AccountRepository } from './application/ports/account-repository.port.js';
import { AvatarStore } from './application/ports/avatar-store.port.js';
import { CasGateway } from './application/ports/cas-gateway.port.js';
import { CasTickets } from './application/ports/cas-tickets.port.js';
import { ImageSniffer } from './application/ports/image-sniffer.port.js';
import { LoginThrottle } from './application/ports/login-throttle.port.js';
import { PasswordHasher } from './application/ports/password-hasher.port.js';
import { ProfileService } from './application/profile.service.js';
import { SsoService } from './application/sso.service.js';
import { AuthController } from './http/auth.controller.js';
import { ProfileController } from './http/profile.controller.js';
import { SsoController } from './http/sso.controller.js';
import { AccountPgRepository } from './infrastructure/account.pg-repository.js';
import { Argon2PasswordHasher } from './infrastructure/argon2-password-hasher.js';
import { AuthAccessPolicy } from './infrastructure/auth-access-policy.js';
import { PassportCasGateway } from './infrastructure/cas/passport-cas-gateway.js';
import { FileTypeImageSniffer } from './infrastructure/file-type-image-sniffer.js';
import { PgAvatarStore } from './infrastructure/pg-avatar-store.js';
import { PgCasTickets } from './infrastructure/pg-cas-tickets.js';
import { PgLoginThrottle } from './infrastructure/pg-login-throttle.js';

/** Login (password and CAS), sessions, the personal center; AccessPolicy for the global access guard. */
@Global()
@Module({
  controllers: [AuthController, ProfileController, SsoController],
  providers: [
    AuthService,
    ProfileService,
    SsoService,
    { provide: AccountRepository, useClass: AccountPgRepository },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    { provide: LoginThrottle, useClass: PgLoginThrottle },
    { provide: AvatarStore, useClass: PgAvatarStore },
    { provide: CasTickets, useClass: PgCasTickets },
    { provide: CasGateway, useClass: PassportCasGateway },
    { provide: ImageSniffer, useClass: FileTypeImageSniffer },
    { provide: AccessPolicy, useClass: AuthAccessPolicy },
  ],
  exports: [AuthService, SsoService, PasswordHasher, AccessPolicy],
})
export class AuthModule {}
