import { Injectable } from '@nestjs/common';
import type { ReportTables } from '@zhengai/contracts';
import { ReportDataReader, type PointFacts, type ScopeKey, type ScopeObject, type TaskScope, type WarningFacts } from '../application/ports/report-data-reader.port.js';

/** TODO(issue 14): the overview work writes the SQL. */
@Injectable()
export class ReportDataPgReader extends ReportDataReader {
  cycles(): Promise<string[]> {
    throw new Error('not yet');
  }
  scopeObjects(cycle: string): Promise<ScopeObject[]> {
    throw new Error(`not yet ${cycle}`);
  }
  points(scopes: ScopeKey[], cycle: string): Promise<PointFacts> {
    throw new Error(`not yet ${scopes.length} ${cycle}`);
  }
  warnings(scopes: ScopeKey[], cycle: string): Promise<WarningFacts> {
    throw new Error(`not yet ${scopes.length} ${cycle}`);
  }
  unfinishedTasks(scope: TaskScope, year: string): Promise<ReportTables['wwcmb']> {
    throw new Error(`not yet ${scope.kind} ${year}`);
  }
}
