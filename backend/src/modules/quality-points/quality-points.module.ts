import { Module } from '@nestjs/common';
import { AuthorityService } from './application/authority.service.js';
import { CatalogService } from './application/catalog.service.js';
import { DiagnosisService } from './application/diagnosis.service.js';
import { ExcelService } from './application/excel.service.js';
import { CopyTargetJob } from './application/jobs/copy-target.job.js';
import { SyncQualityJob } from './application/jobs/sync-quality.job.js';
import { UpdateObjListsJob } from './application/jobs/update-obj-lists.job.js';
import { LibraryGate } from './application/library-gate.js';
import { LibraryJobsService } from './application/library-jobs.service.js';
import { LibraryService } from './application/library.service.js';
import { ObjListsService } from './application/obj-lists.service.js';
import { PointDefinitionService } from './application/point-definition.service.js';
import { TaskGate } from './application/task-gate.js';
import { AuthorityRepository } from './application/ports/authority.repository.js';
import { CatalogRepository } from './application/ports/catalog.repository.js';
import { DiagnosisRepository, LibraryAccessReader } from './application/ports/diagnosis.repository.js';
import { ExcelWorkbook } from './application/ports/excel-workbook.port.js';
import { LibraryCopier, LibraryCopyObserver } from './application/ports/library-copier.port.js';
import { LibrarySyncRepository } from './application/ports/library-sync.repository.js';
import { LibraryRepository } from './application/ports/library.repository.js';
import { ObjListsRepository } from './application/ports/obj-lists.repository.js';
import { PointDefinitionRepository } from './application/ports/point-definition.repository.js';
import { AuthorityController } from './http/authority.controller.js';
import { CatalogController } from './http/catalog.controller.js';
import { DiagnosisController } from './http/diagnosis.controller.js';
import { LibraryController } from './http/library.controller.js';
import { PointController } from './http/point.controller.js';
import { AuthorityTypeormRepository } from './infrastructure/authority.typeorm-repository.js';
import { CatalogTypeormRepository } from './infrastructure/catalog.typeorm-repository.js';
import { DiagnosisTypeormRepository } from './infrastructure/diagnosis.typeorm-repository.js';
import { ExceljsWorkbook } from './infrastructure/excel-workbook.exceljs.js';
import { LibraryAccessTypeormReader } from './infrastructure/library-access.typeorm-reader.js';
import { LoggingLibraryCopyObserver } from './infrastructure/library-copy-observer.js';
import { LibraryCopierTypeorm } from './infrastructure/library-copier.typeorm.js';
import { LibrarySyncTypeormRepository } from './infrastructure/library-sync.typeorm-repository.js';
import { LibraryTypeormRepository } from './infrastructure/library.typeorm-repository.js';
import { ObjListsTypeormRepository } from './infrastructure/obj-lists.typeorm-repository.js';
import { PointDefinitionTypeormRepository } from './infrastructure/point-definition.typeorm-repository.js';
import { QualityPointAttachmentAccess } from './infrastructure/quality-point-attachment-access.js';

/** Target standards, quality points and the diagnosis of objects against them (spec 001 §2–5, §7). */
@Module({
  controllers: [DiagnosisController, LibraryController, CatalogController, PointController, AuthorityController],
  providers: [
    DiagnosisService,
    { provide: DiagnosisRepository, useClass: DiagnosisTypeormRepository },
    { provide: LibraryAccessReader, useClass: LibraryAccessTypeormReader },
    // Upper and lower objects' tasks: targets pushed down, results rolled up, also as the update-obj-lists job.
    ObjListsService,
    UpdateObjListsJob,
    { provide: ObjListsRepository, useClass: ObjListsTypeormRepository },
    QualityPointAttachmentAccess,
    TaskGate,
    // Target-standard management: libraries, catalogue, point definitions, grants, spreadsheets, copy and sync jobs.
    LibraryGate,
    LibraryService,
    LibraryJobsService,
    CatalogService,
    PointDefinitionService,
    AuthorityService,
    ExcelService,
    CopyTargetJob,
    SyncQualityJob,
    { provide: LibraryRepository, useClass: LibraryTypeormRepository },
    { provide: LibraryCopier, useClass: LibraryCopierTypeorm },
    { provide: LibraryCopyObserver, useClass: LoggingLibraryCopyObserver },
    { provide: LibrarySyncRepository, useClass: LibrarySyncTypeormRepository },
    { provide: CatalogRepository, useClass: CatalogTypeormRepository },
    { provide: PointDefinitionRepository, useClass: PointDefinitionTypeormRepository },
    { provide: AuthorityRepository, useClass: AuthorityTypeormRepository },
    { provide: ExcelWorkbook, useClass: ExceljsWorkbook },
  ],
  exports: [LibraryAccessReader, QualityPointAttachmentAccess, TaskGate],
})
export class QualityPointsModule {}
