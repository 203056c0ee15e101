import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OrgService } from './application/org.service.js';
import { OrgRepository } from './application/ports/org-repository.port.js';
import { OrgController } from './http/org.controller.js';
import { OrgPgRepository } from './infrastructure/org.pg-repository.js';

@Module({
  imports: [AuthModule],
  controllers: [OrgController],
  providers: [OrgService, { provide: OrgRepository, useClass: OrgPgRepository }],
})
export class OrgModule {}
