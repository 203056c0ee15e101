import { Module } from '@nestjs/common';
import { DiagnosisObjectsService } from './application/diagnosis-objects.service.js';
import { DiagnosisObjectRepository, ObjectManagerReader } from './application/ports/diagnosis-object-repository.port.js';
import { ObjectImportSheet } from './application/ports/object-import-sheet.port.js';
import { DiagnosisObjectsController } from './http/diagnosis-objects.controller.js';
import { DiagnosisObjectPgRepository } from './infrastructure/diagnosis-object.pg-repository.js';
import { ObjectManagerPgReader } from './infrastructure/object-manager.pg-reader.js';
import { ObjectImportSheetExcel } from './infrastructure/object-import-sheet.excel.js';

/** 诊改对象 (issue 32): the school's objects of each level, managed under 数据管理. */
@Module({
  controllers: [DiagnosisObjectsController],
  providers: [
    DiagnosisObjectsService,
    { provide: DiagnosisObjectRepository, useClass: DiagnosisObjectPgRepository },
    { provide: ObjectManagerReader, useClass: ObjectManagerPgReader },
    { provide: ObjectImportSheet, useClass: ObjectImportSheetExcel },
  ],
  exports: [DiagnosisObjectsService],
})
export class DiagnosisObjectsModule {}
