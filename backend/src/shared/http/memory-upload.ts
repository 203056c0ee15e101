import { createRequire } from 'node:module';
import type { Request, Response } from 'express';
import { AppError } from '../errors/app-error.js';

type Middleware = (req: Request, res: Response, callback: (error?: unknown) => void) => void;
/** The parts of multer 2 used here (it ships no types). */
interface Multer {
  (options: { storage: unknown; limits: Record<string, number>; defParamCharset?: string }): { single(field: string): Middleware };
  memoryStorage(): unknown;
}
const multer = createRequire(import.meta.url)('multer') as Multer;

/** One small uploaded file, read whole into memory. */
export interface MemoryFile {
  fileName: string;
  bytes: Buffer;
}

/** What to tell the sender when the file is too large or there is not exactly one under `file`. */
export interface UploadTexts {
  tooLarge: string;
  oneFile: string;
}

/**
 * Reads a multipart form with one file (field `file`) of at most maxBytes into memory and a few small fields beside
 * it (req.body), for uploads read whole anyway (a workbook, a cover image). Answers the file, or null without one;
 * multer's refusals become 400s in Chinese.
 */
export function memoryUpload(maxBytes: number, texts: UploadTexts, fieldSize = 1024): (req: Request, res: Response) => Promise<MemoryFile | null> {
  const parse = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize, parts: 6, headerPairs: 50 } }).single('file');
  return async (req, res) => {
    await new Promise<void>((resolve, reject) => parse(req, res, (error) => (error ? reject(uploadError(error, texts)) : resolve())));
    const file = (req as Request & { file?: { originalname: string; buffer: Buffer } }).file;
    return file ? { fileName: file.originalname, bytes: file.buffer } : null;
  };
}

function uploadError(error: unknown, texts: UploadTexts): AppError {
  const code = (error as { code?: unknown }).code;
  // busboy's own parse errors (a part header over its 80 KB limit, a cut form) are the sender's, as in the chunk upload
  if ((error as { name?: unknown }).name !== 'MulterError') return new AppError('VALIDATION', '上传数据不完整，请重试');
  if (code === 'LIMIT_FILE_SIZE') return new AppError('VALIDATION', texts.tooLarge);
  if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') return new AppError('VALIDATION', texts.oneFile);
  return new AppError('VALIDATION', '上传数据不完整，请重试');
}
