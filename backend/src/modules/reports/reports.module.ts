import { Module } from '@nestjs/common';
import { ReportDataReader } from './application/ports/report-data-reader.port.js';
import { ReportDocumentWriter, ReportImages } from './application/ports/report-document.port.js';
import { ReportOverviewService } from './application/report-overview.service.js';
import { DocxReportWriter } from './infrastructure/document/docx-report-writer.js';
import { ResvgReportImages } from './infrastructure/images/resvg-report-images.js';
import { ReportDataPgReader } from './infrastructure/report-data.pg-reader.js';

/**
 * Quality reports (issue 14; 001 §2 report header and overview, §3, §7 items 15–16): templates and covers, the build
 * (a job) that freezes a report's overview and tables, the Word document, the review flow, shares and discussion.
 */
@Module({
  controllers: [],
  providers: [
    ReportOverviewService,
    { provide: ReportDataReader, useClass: ReportDataPgReader },
    { provide: ReportDocumentWriter, useClass: DocxReportWriter },
    { provide: ReportImages, useClass: ResvgReportImages },
  ],
})
export class ReportsModule {}
