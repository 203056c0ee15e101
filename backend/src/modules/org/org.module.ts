import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OrgService } from './application/org.service.js';
import { PeopleImportService } from './application/people-import.service.js';
import { OrgRepository } from './application/ports/org-repository.port.js';
import { PeopleImportRepository, PeopleSheets } from './application/ports/people-import.port.js';
import { PeopleListSheet } from './application/ports/people-list-sheet.port.js';
import { PersonObjects } from './application/ports/person-objects.port.js';
import { OrgController } from './http/org.controller.js';
import { PeopleImportController } from './http/people-import.controller.js';
import { OrgPgRepository } from './infrastructure/org.pg-repository.js';
import { PeopleImportPgRepository } from './infrastructure/people-import.pg-repository.js';
import { PeopleListSheetExceljs } from './infrastructure/people-list-sheet.exceljs.js';
import { PeopleSheetsExcel } from './infrastructure/people-sheets.excel.js';

@Module({
  imports: [AuthModule],
  controllers: [OrgController, PeopleImportController],
  providers: [
    OrgService,
    PeopleImportService,
    { provide: OrgRepository, useClass: OrgPgRepository },
    { provide: PeopleImportRepository, useClass: PeopleImportPgRepository },
    { provide: PeopleSheets, useClass: PeopleSheetsExcel },
    { provide: PeopleListSheet, useClass: PeopleListSheetExceljs },
  ],
})
export class OrgModule {
  /**
   * The org module with the writer of teachers' and students' diagnosis objects (the diagnosis-objects module's
   * adapter of PersonObjects): the app wires it, so org depends on no later module.
   */
  static withPersonObjects(writer: Type<PersonObjects>): DynamicModule {
    return { module: OrgModule, providers: [{ provide: PersonObjects, useClass: writer }] };
  }
}
