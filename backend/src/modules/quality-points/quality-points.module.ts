import { Module } from '@nestjs/common';
import { DiagnosisService } from './application/diagnosis.service.js';
import { DiagnosisRepository, LibraryAccessReader } from './application/ports/diagnosis.repository.js';
import { DiagnosisController } from './http/diagnosis.controller.js';
import { DiagnosisTypeormRepository } from './infrastructure/diagnosis.typeorm-repository.js';
import { LibraryAccessTypeormReader } from './infrastructure/library-access.typeorm-reader.js';
import { QualityPointAttachmentAccess } from './infrastructure/quality-point-attachment-access.js';

/** Target standards, quality points and the diagnosis of objects against them (spec 001 §2–5, §7). */
@Module({
  controllers: [DiagnosisController],
  providers: [
    DiagnosisService,
    { provide: DiagnosisRepository, useClass: DiagnosisTypeormRepository },
    { provide: LibraryAccessReader, useClass: LibraryAccessTypeormReader },
    QualityPointAttachmentAccess,
  ],
  exports: [LibraryAccessReader, QualityPointAttachmentAccess],
})
export class QualityPointsModule {}
