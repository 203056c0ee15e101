import { Module } from '@nestjs/common';
import { DevelopmentCentresService } from './application/development-centres.service.js';
import { CentreReader } from './application/ports/centre-reader.port.js';
import { CentreSheet } from './application/ports/centre-sheet.port.js';
import { CentreStamp } from './application/ports/centre-stamp.port.js';
import { DevelopmentCentresController } from './http/development-centres.controller.js';
import { CentreNoticeStamp } from './infrastructure/centre-notice-stamp.js';
import { CentrePgReader } from './infrastructure/centre.pg-reader.js';
import { CentreSheetExceljs } from './infrastructure/centre-sheet.exceljs.js';

/** 发展中心 (issue 33): the major, course, teacher and student centres' overviews, exports and portraits. */
@Module({
  controllers: [DevelopmentCentresController],
  providers: [
    DevelopmentCentresService,
    { provide: CentreReader, useClass: CentrePgReader },
    { provide: CentreSheet, useClass: CentreSheetExceljs },
    { provide: CentreStamp, useClass: CentreNoticeStamp },
  ],
})
export class DevelopmentCentresModule {}
