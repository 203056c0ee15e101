import type { Response } from 'express';
import { contentDisposition } from '../../files/domain/content-disposition.js';
import type { BinaryFile } from '../application/report-document.service.js';

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
