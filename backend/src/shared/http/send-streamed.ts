import type { Writable } from 'node:stream';
import type { Response } from 'express';
import { contentDisposition } from './content-disposition.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A download written as it streams out (a workbook, a zip), named in UTF-8. */
export interface StreamedDownload {
  fileName: string;
  write(out: Writable): Promise<void>;
}

/** Streams a download as it is written (RFC 5987 file name), so a large export or zip never sits in memory. */
export async function sendStreamed(res: Response, download: StreamedDownload, contentType: string): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', contentType);
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

/** A workbook, streamed. */
export const sendXlsx = (res: Response, download: StreamedDownload): Promise<void> => sendStreamed(res, download, XLSX_MIME);
