import { Global, Module } from '@nestjs/common';
import { LevelCycles } from '../reports/application/ports/level-cycles.port.js';
import { LevelImprovement } from '../school-analysis/application/ports/level-improvement.port.js';
import { DevelopmentCentresService } from './application/development-centres.service.js';
import { CentreReader } from './application/ports/centre-reader.port.js';
import { CentreSheet } from './application/ports/centre-sheet.port.js';
import { LevelCyclesAdapter, LevelImprovementAdapter } from './application/read-adapters.js';
import { CentreStamp } from './application/ports/centre-stamp.port.js';
import { DevelopmentCentresController } from './http/development-centres.controller.js';
import { CentreNoticeStamp } from './infrastructure/centre-notice-stamp.js';
import { CentrePgReader } from './infrastructure/centre.pg-reader.js';
import { CentreSheetExceljs } from './infrastructure/centre-sheet.exceljs.js';

/**
 * 发展中心 (issue 33): the major, course, teacher and student centres' overviews, exports and portraits. Global only to
 * hand earlier modules the centres' readings through their own ports without module cycles: the reports' section 4
 * its level's previous cycle (LevelCycles), the data screen its 改进有效率 per level (LevelImprovement).
 */
@Global()
@Module({
  controllers: [DevelopmentCentresController],
  providers: [
    DevelopmentCentresService,
    { provide: CentreReader, useClass: CentrePgReader },
    { provide: CentreSheet, useClass: CentreSheetExceljs },
    { provide: LevelCycles, useClass: LevelCyclesAdapter },
    { provide: LevelImprovement, useClass: LevelImprovementAdapter },
    { provide: CentreStamp, useClass: CentreNoticeStamp },
  ],
  exports: [LevelCycles, LevelImprovement],
})
export class DevelopmentCentresModule {}
