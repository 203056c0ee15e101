import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { REPORT_MESSAGES, REVIEW_RESULT_NAMES, type CoverLayout } from '@zhengai/contracts';
import { FileStorage, storageKeyFor } from '../../../infrastructure/storage/file-storage.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { STAMP_LABELS, stampUrlOf } from './report-names.js';
import { ReportService } from './report.service.js';
import { ReportDocumentWriter, ReportImages } from './ports/report-document.port.js';
import { ReportRepository, type ReportRecord, type StoredReview } from './ports/report-repository.port.js';

/** A binary answer: its bytes, type and (for downloads) file name. */
export interface BinaryFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PNG = 'image/png';

export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The report's Word document (stored once written, written again when a move cleared it), its cover and stamps. */
@Injectable()
export class ReportDocumentService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly access: ReportService,
    private readonly writer: ReportDocumentWriter,
    private readonly images: ReportImages,
    private readonly storage: FileStorage,
  ) {}

  async wordDownload(userId: string, id: string): Promise<BinaryFile> {
    const { report } = await this.access.readable(userId, id);
    if (!report.overview || !report.tables) throw new AppError('CONFLICT', REPORT_MESSAGES.notBuilt);
    const fileName = `${report.reportName}.docx`;
    if (report.documentKey && (await this.storage.stat(report.documentKey))) {
      return { bytes: await bytesOf(this.storage.open(report.documentKey)), contentType: DOCX, fileName };
    }
    const bytes = await this.write(report);
    const key = await this.storeDocument(report.id, bytes);
    await this.reports.setDocument(report.id, key);
    return { bytes, contentType: DOCX, fileName };
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

  /** Stores bytes (a cover image) under a fresh key. */
  async store(bytes: Buffer): Promise<string> {
    const key = storageKeyFor(randomUUID());
    await this.storage.put(key, Readable.from([bytes]));
    return key;
  }

  /** The Word document of a built report, from its frozen row. */
  async write(report: ReportRecord): Promise<Buffer> {
    if (!report.overview || !report.tables) throw new AppError('CONFLICT', REPORT_MESSAGES.notBuilt);
    const schoolName = await this.reports.schoolName();
    const [cover, expert, school] = await Promise.all([
      this.composeCover(report, schoolName),
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
      score: report.score === null ? null : report.score.toFixed(2),
      preface: report.template.preface,
      closing: report.template.closing,
      overview: report.overview,
      tables: report.tables,
      cover,
      expertReview: expert,
      schoolReview: school,
    });
  }

  async cover(userId: string, id: string): Promise<BinaryFile> {
    const { report } = await this.access.readable(userId, id);
    return { bytes: await this.composeCover(report, await this.reports.schoolName()), contentType: PNG, fileName: `${report.reportName}封面.png` };
  }

  async stamp(userId: string, id: string, kind: 'expert' | 'school'): Promise<BinaryFile> {
    const { report } = await this.access.readable(userId, id);
    const review = kind === 'expert' ? report.expertReview : report.schoolReview;
    if (!review) throw new AppError('NOT_FOUND', '该报告尚无此评审');
    return { bytes: await this.images.stamp(kind, await this.reports.schoolName(), STAMP_LABELS[kind]), contentType: PNG, fileName: `${STAMP_LABELS[kind]}.png` };
  }

  /** A cover background with a title laid out on it. */
  async composeWith(imageKey: string, layout: CoverLayout, title: { reportName: string; schoolName: string; cycle: string; date: string }): Promise<Buffer> {
    const background = await bytesOf(this.storage.open(imageKey));
    return this.images.cover(background, layout, title);
  }

  private composeCover(report: ReportRecord, schoolName: string): Promise<Buffer> {
    const date = (report.builtAt ?? '').slice(0, 10);
    return this.composeWith(report.cover.imageKey, report.cover.layout, { reportName: report.reportName, schoolName, cycle: report.cycle, date });
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
