import { Injectable } from '@nestjs/common';
import type { ReportOverview, ReportTables, ReportTemplate } from '@zhengai/contracts';
import { ReportDataReader, type ScopeKey, type ScopeObject } from './ports/report-data-reader.port.js';

/** What a build freezes: the overview (with the template's items), the four tables and the scopes' score. */
export interface ComputedReport {
  overview: ReportOverview;
  tables: ReportTables;
  score: number | null;
}

/**
 * The overview of a report's scopes and cycle from the live data: points (diagnosis), target tasks (the summary
 * analysis's counts) and warnings. TODO(issue 14): the overview work fills this in.
 */
@Injectable()
export class ReportOverviewService {
  constructor(private readonly data: ReportDataReader) {}

  cycles(): Promise<string[]> {
    return this.data.cycles();
  }

  scopeObjects(cycle: string): Promise<ScopeObject[]> {
    return this.data.scopeObjects(cycle);
  }

  async compute(scopes: ScopeKey[], cycle: string, template: Pick<ReportTemplate, 'items'>): Promise<ComputedReport> {
    void scopes;
    void cycle;
    void template;
    throw new Error('not yet');
  }
}
