import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OrgService } from './application/org.service.js';
import { OrgRepository } from './application/ports/org.repository.js';
import { OrgController } from './http/org.controller.js';
import { OrgTypeormRepository } from './infrastructure/org.typeorm-repository.js';

@Module({
  imports: [AuthModule],
  controllers: [OrgController],
  providers: [OrgService, { provide: OrgRepository, useClass: OrgTypeormRepository }],
})
export class OrgModule {}
