import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { FileToSend } from '../application/files.service.js';
import { parseRange } from '../domain/byte-range.js';
import { contentDisposition } from '../../../shared/http/content-disposition.js';

/**
 * Streams a stored file: Content-Length, Content-Disposition with the UTF-8 name, one HTTP Range (206 / 416,
 * with If-Range on the ETag), and nosniff. A client that goes away ends the read.
 */
export async function sendFile(req: Request, res: Response, file: FileToSend, disposition: 'attachment' | 'inline', cache = 'private, no-cache'): Promise<void> {
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== file.etag ? ({ kind: 'full' } as const) : parseRange(req.headers.range, file.size);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', file.mime);
  res.setHeader('Content-Disposition', contentDisposition(disposition, file.fileName));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', cache);
  res.setHeader('ETag', file.etag);
  res.setHeader('Last-Modified', file.modified.toUTCString());
  if (range.kind === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${file.size}`);
    res.end();
    return;
  }
  const partial = range.kind === 'partial';
  const length = partial ? range.end - range.start + 1 : file.size;
  res.status(partial ? 206 : 200).setHeader('Content-Length', String(length));
  if (partial) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  const source = file.open(partial ? { start: range.start, end: range.end } : undefined);
  // Headers are out: a read that fails now (or a client that leaves) can only cut the response short.
  await pipeline(source, res).catch(() => res.destroy());
}
