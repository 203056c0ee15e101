import type { Provider, Type } from '@nestjs/common';
import { ConstantService } from './application/constant.service.js';
import { FormDirectoryService } from './application/form-directory.service.js';
import { FormService } from './application/form.service.js';
import { ConstantRepository } from './application/ports/constant-repository.port.js';
import { ConstantSheet } from './application/ports/constant-sheet.port.js';
import { DataCentreTables } from './application/ports/data-centre.port.js';
import { FormDirectoryRepository, FormRepository } from './application/ports/form-repository.port.js';
import { ConstantController } from './http/constant.controller.js';
import { FormDirectoryController } from './http/form-directory.controller.js';
import { FormController } from './http/form.controller.js';
import { ConstantSheetExcel } from './infrastructure/constant-sheet.excel.js';
import { ConstantPgRepository } from './infrastructure/constant.pg-repository.js';
import { DataCentrePgTables } from './infrastructure/data-centre.pg-tables.js';
import { FormDirectoryPgRepository } from './infrastructure/form-directory.pg-repository.js';
import { FormPgRepository } from './infrastructure/form.pg-repository.js';

/**
 * The design side (directories, forms and versions, constants, the data-centre tables, "create a data source"):
 * its controllers and providers, listed here so the module file stays the same when either side grows.
 */
export const FORM_SIDE_CONTROLLERS: Type[] = [FormDirectoryController, FormController, ConstantController];
export const FORM_SIDE_PROVIDERS: Provider[] = [
  FormDirectoryService,
  FormService,
  ConstantService,
  { provide: DataCentreTables, useClass: DataCentrePgTables },
  { provide: FormDirectoryRepository, useClass: FormDirectoryPgRepository },
  { provide: FormRepository, useClass: FormPgRepository },
  { provide: ConstantRepository, useClass: ConstantPgRepository },
  { provide: ConstantSheet, useClass: ConstantSheetExcel },
];
