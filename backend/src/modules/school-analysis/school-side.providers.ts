import type { Provider, Type } from '@nestjs/common';
import { IndicatorDataService } from './application/indicator-data.service.js';
import { RivalAnalysisReader } from './application/ports/rival-analysis-reader.port.js';
import { SchoolImportSheet } from './application/ports/school-import-sheet.port.js';
import { SchoolRepository } from './application/ports/school-repository.port.js';
import { RivalAnalysisService } from './application/rival-analysis.service.js';
import { SchoolImportService } from './application/school-import.service.js';
import { SchoolScreenService } from './application/school-screen.service.js';
import { RivalAnalysisController } from './http/rival-analysis.controller.js';
import { SchoolDataController } from './http/school-data.controller.js';
import { SchoolScreenController } from './http/school-screen.controller.js';
import { RivalAnalysisPgReader } from './infrastructure/rival-analysis.pg-reader.js';
import { SchoolImportSheetExcel } from './infrastructure/school-import-sheet.excel.js';
import { SchoolPgRepository } from './infrastructure/school.pg-repository.js';

/** The school side (schools, screening settings and history, rival analysis, indicator data, 双高, import). */
export const SCHOOL_SIDE_CONTROLLERS: Type[] = [SchoolScreenController, RivalAnalysisController, SchoolDataController];
export const SCHOOL_SIDE_PROVIDERS: Provider[] = [
  RivalAnalysisService,
  SchoolScreenService,
  IndicatorDataService,
  SchoolImportService,
  { provide: SchoolRepository, useClass: SchoolPgRepository },
  { provide: RivalAnalysisReader, useClass: RivalAnalysisPgReader },
  { provide: SchoolImportSheet, useClass: SchoolImportSheetExcel },
];
