import type { Writable } from 'node:stream';
import type { Response } from 'express';
import { contentDisposition } from '../domain/content-disposition.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook written as it streams out, named in UTF-8. */
export interface XlsxDownload {
  fileName: string;
  write(out: Writable): Promise<void>;
}

/** Streams a workbook as it is written (RFC 5987 file name), so a large export never sits in memory. */
export async function sendXlsx(res: Response, download: XlsxDownload): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', XLSX_MIME);
  res.setHeader('Content-Disposition', contentDisposition('attachment', download.fileName));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  try {
    await download.write(res);
    res.end();
  } catch {
    // Part of the file is out: cut the response so the browser reports a failed download, not a broken file.
    res.destroy();
  }
}
