import { Injectable } from '@nestjs/common';
import type { JobPayloads } from '../../../../shared/jobs/job-catalogue.js';
import { OnJob } from '../../../../shared/jobs/on-job.decorator.js';
import { ReportDocumentWriting, type DocumentOutcome } from '../report-document-writing.service.js';

/**
 * The write-report-document job: a built report's Word document written again after a move cleared it, in the worker.
 * No failure hook: a failure leaves document_key null (nothing half-done, the report's state untouched), which the
 * next download reads as "not written" and queues a fresh job for.
 */
@Injectable()
export class WriteReportDocumentJob {
  constructor(private readonly writing: ReportDocumentWriting) {}

  @OnJob('write-report-document')
  handle(p: JobPayloads['write-report-document']): Promise<DocumentOutcome> {
    return this.writing.writeStored(p.reportId);
  }
}
