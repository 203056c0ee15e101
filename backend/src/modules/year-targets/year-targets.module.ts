import { Module } from '@nestjs/common';
import { CopyYearTargetJob } from './application/jobs/copy-year-target.job.js';
import { YearTargetCopier } from './application/ports/year-target-copier.port.js';
import { YearTargetAccessReader, YearTargetRepository } from './application/ports/year-target-repository.port.js';
import { YearTargetCopyService } from './application/year-target-copy.service.js';
import { YearTargetService } from './application/year-target.service.js';
import { YearTargetController } from './http/year-target.controller.js';
import { YearTargetPgCopier } from './infrastructure/year-target.pg-copier.js';
import { YearTargetAccessPgReader, YearTargetPgRepository } from './infrastructure/year-target.pg-repository.js';

/**
 * Yearly targets (spec 001 §3, §7 items 13 and 15), the task types, and the copy of a target with its task tree into
 * another year (a job); target tasks themselves are the target-tasks module's.
 */
@Module({
  controllers: [YearTargetController],
  providers: [
    YearTargetService,
    YearTargetCopyService,
    CopyYearTargetJob,
    { provide: YearTargetRepository, useClass: YearTargetPgRepository },
    { provide: YearTargetAccessReader, useClass: YearTargetAccessPgReader },
    { provide: YearTargetCopier, useClass: YearTargetPgCopier },
  ],
})
export class YearTargetsModule {}
