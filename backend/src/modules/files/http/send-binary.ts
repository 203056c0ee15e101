import type { Response } from 'express';
import { contentDisposition } from '../../../shared/http/content-disposition.js';

/** Bytes made in memory for a download or an image: a Word document, an xlsx, a PNG. */
export interface BinaryFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** Sends bytes with their type; a download names its file in UTF-8 (RFC 5987 filename*). */
export function sendBinary(res: Response, file: BinaryFile, disposition: 'attachment' | 'inline'): void {
  res.status(200);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', contentDisposition(disposition, file.fileName));
  res.setHeader('Content-Length', String(file.bytes.length));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.bytes);
}
