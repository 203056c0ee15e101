import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { REPORT_MESSAGES, REVIEW_RESULT_NAMES } from '@zhengai/contracts';
import { UnitOfWork, type Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { FileStorage, storageKeyFor } from '../../../infrastructure/storage/file-storage.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { STAMP_LABELS, stampUrlOf } from './report-names.js';
import { ReportDocumentService } from './report-document.service.js';
import { ReportDocumentWriter, ReportImages } from './ports/report-document.port.js';
import { ReportRepository, type ReportRecord, type StoredReview } from './ports/report-repository.port.js';

export type DocumentOutcome = 'written' | 'stored' | 'moved' | 'skipped';

/**
 * Writes a built report's Word document (charts, images, the docx zip: CPU work) and stores it. Jobs only — the build
 * and write-report-document, in the worker process; the API never calls it (the download waits for the job).
 */
@Injectable()
export class ReportDocumentWriting {
  constructor(
    private readonly reports: ReportRepository,
    private readonly documents: ReportDocumentService,
    private readonly writer: ReportDocumentWriter,
    private readonly images: ReportImages,
    private readonly storage: FileStorage,
    private readonly uow: UnitOfWork,
  ) {}

  /**
   * write-report-document's work: the report's document as it stands, unless one is stored (stored), the report is
   * not built or is gone (skipped), or a move came while it was written (moved: that move's job writes it).
   */
  async writeStored(reportId: string): Promise<DocumentOutcome> {
    const schoolName = await this.reports.schoolName();
    return this.underLock(reportId, async (tx) => {
      const report = await this.reports.find(reportId, tx);
      if (!report || !report.overview || !report.tables) return 'skipped';
      if (report.documentKey && (await this.storage.stat(report.documentKey))) return 'stored';
      const key = await this.storeDocument(reportId, await this.write(report, schoolName));
      return (await this.reports.setDocument(tx, reportId, key, report.version)) ? 'written' : 'moved';
    });
  }

  /**
   * Runs work holding the report's document lock (a transaction): its document has one storage key, so two writers (a
   * build and a job of an older version) must not store one over the other after it was recorded.
   */
  underLock<T>(reportId: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.uow.run(async (tx) => {
      await this.reports.lockDocument(tx, reportId);
      return work(tx);
    });
  }

  /**
   * Stores a report's document under the report's own key: a document written again (after a review, a rebuild)
   * replaces the old one instead of leaving it behind.
   */
  async storeDocument(reportId: string, bytes: Buffer): Promise<string> {
    const key = storageKeyFor(documentUuidOf(reportId));
    await this.storage.put(key, Readable.from([bytes]));
    return key;
  }

  /** The Word document of a built report, from its frozen row (schoolName read before: no second connection under a lock). */
  async write(report: ReportRecord, schoolName: string): Promise<Buffer> {
    if (!report.overview || !report.tables) throw new AppError('CONFLICT', REPORT_MESSAGES.notBuilt);
    const [cover, expert, school] = await Promise.all([
      this.documents.composeCover(report, schoolName),
      this.reviewOf(report.id, 'expert', report.expertReview, schoolName),
      this.reviewOf(report.id, 'school', report.schoolReview, schoolName),
    ]);
    return this.writer.write({
      reportName: report.reportName,
      cycle: report.cycle,
      schoolName,
      scopes: report.scopes,
      principal: report.principal,
      createTimeFmt: report.builtAt ?? '',
      score: report.score,
      preface: report.template.preface,
      closing: report.template.closing,
      overview: report.overview,
      tables: report.tables,
      cover,
      expertReview: expert,
      schoolReview: school,
    });
  }

  private async reviewOf(id: string, kind: 'expert' | 'school', review: StoredReview | null, schoolName: string) {
    if (!review) return null;
    const stamp = await this.images.stamp(kind, schoolName, STAMP_LABELS[kind]);
    return { fhjg: review.fhjg, fhjgmc: REVIEW_RESULT_NAMES[review.fhjg], opinion: review.opinion, reviewer: review.reviewer, time: review.time, stampUrl: stampUrlOf(id, kind), stamp };
  }
}

/** A uuid that is always the same for the same report (storage keys are made of uuids). */
function documentUuidOf(reportId: string): string {
  const hex = createHash('sha256').update(`report-document:${reportId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
