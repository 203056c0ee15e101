import { Module } from '@nestjs/common';
import { AuthorityService } from './application/authority.service.js';
import { CatalogService } from './application/catalog.service.js';
import { ExcelService } from './application/excel.service.js';
import { CopyPointsJob } from './application/jobs/copy-points.job.js';
import { CopyTargetJob } from './application/jobs/copy-target.job.js';
import { SyncQualityJob } from './application/jobs/sync-quality.job.js';
import { LibraryGate } from './application/library-gate.js';
import { LibraryJobsService } from './application/library-jobs.service.js';
import { LibraryService } from './application/library.service.js';
import { PointDefinitionService } from './application/point-definition.service.js';
import { AuthorityRepository } from './application/ports/authority-repository.port.js';
import { CatalogRepository } from './application/ports/catalog-repository.port.js';
import { ExcelWorkbook } from './application/ports/excel-workbook.port.js';
import { LibraryAccessReader } from './application/ports/library-access-reader.port.js';
import { LibraryCopier, LibraryCopyObserver } from './application/ports/library-copier.port.js';
import { LibraryRepository } from './application/ports/library-repository.port.js';
import { LibrarySyncRepository } from './application/ports/library-sync-repository.port.js';
import { PointCopier } from './application/ports/point-copier.port.js';
import { PointDefinitionRepository } from './application/ports/point-definition-repository.port.js';
import { AuthorityController } from './http/authority.controller.js';
import { CatalogController } from './http/catalog.controller.js';
import { LibraryController } from './http/library.controller.js';
import { PointController } from './http/point.controller.js';
import { AuthorityPgRepository } from './infrastructure/authority.pg-repository.js';
import { CatalogPgRepository } from './infrastructure/catalog.pg-repository.js';
import { ExceljsWorkbook } from './infrastructure/excel-workbook.exceljs.js';
import { LibraryAccessPgReader } from './infrastructure/library-access.pg-reader.js';
import { LoggingLibraryCopyObserver } from './infrastructure/library-copy-observer.js';
import { LibraryPgCopier } from './infrastructure/library.pg-copier.js';
import { LibraryPgRepository } from './infrastructure/library.pg-repository.js';
import { LibrarySyncPgRepository } from './infrastructure/library-sync.pg-repository.js';
import { PointDefinitionPgRepository } from './infrastructure/point-definition.pg-repository.js';
import { PointPgCopier } from './infrastructure/point.pg-copier.js';

/**
 * Target standards (spec 001 §2–3, §7): libraries, their catalogue, quality-point definitions, grants, spreadsheets,
 * copy and sync jobs. Exports who reaches which library, which the diagnosis module reads.
 */
@Module({
  controllers: [LibraryController, CatalogController, PointController, AuthorityController],
  providers: [
    LibraryGate,
    LibraryService,
    LibraryJobsService,
    CatalogService,
    PointDefinitionService,
    AuthorityService,
    ExcelService,
    CopyTargetJob,
    SyncQualityJob,
    CopyPointsJob,
    { provide: LibraryAccessReader, useClass: LibraryAccessPgReader },
    { provide: LibraryRepository, useClass: LibraryPgRepository },
    { provide: LibraryCopier, useClass: LibraryPgCopier },
    { provide: LibraryCopyObserver, useClass: LoggingLibraryCopyObserver },
    { provide: PointCopier, useClass: PointPgCopier },
    { provide: LibrarySyncRepository, useClass: LibrarySyncPgRepository },
    { provide: CatalogRepository, useClass: CatalogPgRepository },
    { provide: PointDefinitionRepository, useClass: PointDefinitionPgRepository },
    { provide: AuthorityRepository, useClass: AuthorityPgRepository },
    { provide: ExcelWorkbook, useClass: ExceljsWorkbook },
  ],
  exports: [LibraryAccessReader],
})
export class TargetStandardsModule {}
