import { Module } from '@nestjs/common';
import { YearTargetAccessReader, YearTargetRepository } from './application/ports/year-target-repository.port.js';
import { YearTargetService } from './application/year-target.service.js';
import { YearTargetController } from './http/year-target.controller.js';
import { YearTargetAccessPgReader, YearTargetPgRepository } from './infrastructure/year-target.pg-repository.js';

/** Yearly targets (spec 001 §3, §7 items 13 and 15) and the task types; target tasks are the target-tasks module's. */
@Module({
  controllers: [YearTargetController],
  providers: [
    YearTargetService,
    { provide: YearTargetRepository, useClass: YearTargetPgRepository },
    { provide: YearTargetAccessReader, useClass: YearTargetAccessPgReader },
  ],
})
export class YearTargetsModule {}
