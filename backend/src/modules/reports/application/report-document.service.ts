import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { REPORT_MESSAGES, type CoverLayout } from '@zhengai/contracts';
import { FileStorage, storageKeyFor } from '../../../infrastructure/storage/file-storage.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { STAMP_LABELS } from './report-names.js';
import { ReportDocumentJobs } from './report-document-jobs.js';
import { ReportService } from './report.service.js';
import { ReportImages } from './ports/report-document.port.js';
import { ReportRepository, type DocumentState, type ReportRecord } from './ports/report-repository.port.js';

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

/** How long a download waits for the document's job: under the page's request timeout (60 s), so it reads the reason. */
export const DOCUMENT_WAIT_MS = 45_000;
/** How often the waiting download looks at the row and the job (cheap: one indexed row, one queue read). */
const DOCUMENT_POLL_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The report's Word document as stored (written by a job in the worker: the build's, or write-report-document's
 * after a move), its cover and stamps. Nothing here writes a document: the API's event loop stays free.
 */
@Injectable()
export class ReportDocumentService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly access: ReportService,
    private readonly jobs: ReportDocumentJobs,
    private readonly images: ReportImages,
    private readonly storage: FileStorage,
  ) {}

  /**
   * The stored document; none stored yet (a move cleared it, the demo's first download, a lost file): its job queued
   * (idempotent) and waited for without blocking the loop, at most DOCUMENT_WAIT_MS; then a 503 naming why.
   */
  async wordDownload(userId: string, id: string): Promise<BinaryFile> {
    const { report } = await this.access.readable(userId, id);
    if (!report.overview || !report.tables) throw new AppError('CONFLICT', REPORT_MESSAGES.notBuilt);
    const bytes = await this.storedDocument(report.id, { state: report.state, documentKey: report.documentKey, version: report.version });
    return { bytes, contentType: DOCX, fileName: `${report.reportName}.docx` };
  }

  private async storedDocument(id: string, first: DocumentState): Promise<Buffer> {
    const deadline = Date.now() + DOCUMENT_WAIT_MS;
    let now: DocumentState | null = first;
    let job: { version: string; id: string } | null = null;
    for (;;) {
      if (!now) throw new AppError('NOT_FOUND', REPORT_MESSAGES.notFound);
      // Rebuilt meanwhile: its build writes the document.
      if (now.state === 'building' || now.state === 'failed') throw new AppError('CONFLICT', REPORT_MESSAGES.notBuilt);
      if (now.documentKey && (await this.storage.stat(now.documentKey))) return bytesOf(this.storage.open(now.documentKey));
      // Only this version's job counts; the queue away after it was queued: keep watching the row until the deadline.
      const state = job && job.version === now.version ? await this.jobs.state(job.id).catch(() => 'unknown' as const) : null;
      if (state === 'failed') throw new AppError('QUEUE_UNAVAILABLE', REPORT_MESSAGES.documentFailed);
      // None yet, a move meanwhile (it queued its own job: asking again is idempotent), or the job done or gone
      // without a document for this version: (again) queued.
      if (!job || job.version !== now.version || state === 'completed' || state === null) job = { version: now.version, id: await this.queued(id, now.version) };
      if (Date.now() >= deadline) throw new AppError('QUEUE_UNAVAILABLE', REPORT_MESSAGES.documentNotReady);
      await sleep(DOCUMENT_POLL_MS);
      now = await this.reports.documentState(id);
    }
  }

  /** Stores bytes (a cover image) under a fresh key. */
  async store(bytes: Buffer): Promise<string> {
    const key = storageKeyFor(randomUUID());
    await this.storage.put(key, Readable.from([bytes]));
    return key;
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

  private async queued(id: string, version: string): Promise<string> {
    try {
      return await this.jobs.ensure(id, version);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'QUEUE_UNAVAILABLE') throw new AppError('QUEUE_UNAVAILABLE', REPORT_MESSAGES.documentQueueDown);
      throw error;
    }
  }

  /** A cover background with a title laid out on it. */
  async composeWith(imageKey: string, layout: CoverLayout, title: { reportName: string; schoolName: string; cycle: string; date: string }): Promise<Buffer> {
    const background = await bytesOf(this.storage.open(imageKey));
    return this.images.cover(background, layout, title);
  }

  /** The report's cover: its background with its title, school, cycle and build date. */
  composeCover(report: ReportRecord, schoolName: string): Promise<Buffer> {
    const date = (report.builtAt ?? '').slice(0, 10);
    return this.composeWith(report.cover.imageKey, report.cover.layout, { reportName: report.reportName, schoolName, cycle: report.cycle, date });
  }
}
