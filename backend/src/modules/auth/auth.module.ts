import { Global, Module } from '@nestjs/common';
import { AccessPolicy } from '../../shared/http/access-policy.port.js';
import { AuthService } from './application/auth.service.js';
import { AccountRepository } from './application/ports/account.repository.js';
import { AvatarStore } from './application/ports/avatar-store.js';
import { CasTickets } from './application/ports/cas-tickets.js';
import { LoginThrottle } from './application/ports/login-throttle.js';
import { PasswordHasher } from './application/ports/password-hasher.js';
import { ProfileService } from './application/profile.service.js';
import { SsoService } from './application/sso.service.js';
import { AuthController } from './http/auth.controller.js';
import { ProfileController } from './http/profile.controller.js';
import { SsoController } from './http/sso.controller.js';
import { AccountTypeormRepository } from './infrastructure/account.typeorm-repository.js';
import { Argon2PasswordHasher } from './infrastructure/argon2-password-hasher.js';
import { AuthAccessPolicy } from './infrastructure/auth-access-policy.js';
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
    { provide: AccountRepository, useClass: AccountTypeormRepository },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    { provide: LoginThrottle, useClass: PgLoginThrottle },
    { provide: AvatarStore, useClass: PgAvatarStore },
    { provide: CasTickets, useClass: PgCasTickets },
    { provide: AccessPolicy, useClass: AuthAccessPolicy },
  ],
  exports: [AuthService, SsoService, PasswordHasher, AccessPolicy],
})
export class AuthModule {}
