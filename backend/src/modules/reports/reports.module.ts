import { ReportTodos } from '../workbench/application/ports/todo-sources.port.js';
import { ReportTodosSql } from './infrastructure/report-todos.sql.js';
import { MessagesModule } from '../messages/messages.module.js';
import { Module } from '@nestjs/common';
import { ReportDataReader } from './application/ports/report-data-reader.port.js';
import { ReportDocumentWriter, ReportImages } from './application/ports/report-document.port.js';
import { ReportOverviewService } from './application/report-overview.service.js';
import { DocxReportWriter } from './infrastructure/document/docx-report-writer.js';
import { ResvgReportImages } from './infrastructure/images/resvg-report-images.js';
import { ReportDataPgReader } from './infrastructure/report-data.pg-reader.js';
import { TargetTasksModule } from '../target-tasks/target-tasks.module.js';
import { DiagnosisModule } from '../diagnosis/diagnosis.module.js';
import { StorageModule } from '../../infrastructure/storage/storage.module.js';
import { BuildReportJob } from './application/jobs/build-report.job.js';
import { ReportBuildKeeper } from './application/jobs/report-build.keeper.js';
import { ImageSniffer, ReportCoverRepository, ReportRepository, ReportTemplateRepository } from './application/ports/report-repository.port.js';
import { ReportBuildService } from './application/report-build.service.js';
import { ReportCoverService } from './application/report-cover.service.js';
import { ReportDocumentService } from './application/report-document.service.js';
import { ReportDocumentJobs } from './application/report-document-jobs.js';
import { ReportDocumentWriting } from './application/report-document-writing.service.js';
import { WriteReportDocumentJob } from './application/jobs/write-report-document.job.js';
import { ReportTemplateService } from './application/report-template.service.js';
import { ReportService } from './application/report.service.js';
import { FileTypeImageSniffer } from './infrastructure/file-type-image-sniffer.js';
import { ReportCoverPgRepository } from './infrastructure/report-cover.pg-repository.js';
import { ReportTemplatePgRepository } from './infrastructure/report-template.pg-repository.js';
import { ReportPgRepository } from './infrastructure/report.pg-repository.js';
import { ReportBuildController } from './http/report-build.controller.js';
import { ReportCoverController } from './http/report-cover.controller.js';
import { ReportTemplateController } from './http/report-template.controller.js';
import { ReportController } from './http/report.controller.js';

/**
 * Quality reports (issue 14; 001 §2 report header and overview, §3, §7 items 15–16): templates and covers, the build
 * (a job) that freezes a report's overview and tables, the Word document, the review flow, shares and discussion.
 */
@Module({
  // TaskSummaryReader: section 2 counts as the summary analysis does.
  // TaskGate: who reads which diagnosed tasks (scopes, and the readers of a report's scopes).
  // FileStorage: the cover backgrounds.
  imports: [TargetTasksModule, DiagnosisModule, StorageModule, MessagesModule],
  controllers: [ReportController, ReportBuildController, ReportTemplateController, ReportCoverController],
  providers: [
    ReportService,
    ReportBuildService,
    ReportTemplateService,
    ReportCoverService,
    ReportDocumentService,
    ReportDocumentJobs,
    // Jobs only (the worker): the API's download waits for write-report-document instead of writing.
    ReportDocumentWriting,
    BuildReportJob,
    WriteReportDocumentJob,
    ReportBuildKeeper,
    { provide: ReportRepository, useClass: ReportPgRepository },
    { provide: ReportTemplateRepository, useClass: ReportTemplatePgRepository },
    { provide: ReportCoverRepository, useClass: ReportCoverPgRepository },
    { provide: ImageSniffer, useClass: FileTypeImageSniffer },
    ReportOverviewService,
    { provide: ReportDataReader, useClass: ReportDataPgReader },
    { provide: ReportDocumentWriter, useClass: DocxReportWriter },
    { provide: ReportImages, useClass: ResvgReportImages },
    // 我的待办: reports to review, publish or rebuild (workbench's port, app.module hands it over).
    { provide: ReportTodos, useClass: ReportTodosSql },
  ],
  exports: [ReportTodos],
})
export class ReportsModule {}
