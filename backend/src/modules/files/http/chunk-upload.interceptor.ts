import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { createRequire } from 'node:module';
import type { Request, Response } from 'express';
import { catchError, throwError, type Observable } from 'rxjs';
import { AppError } from '../../../shared/errors/app-error.js';
import { ChunkStore } from '../application/ports/chunk-store.port.js';
import { CHUNK_SIZE } from '../domain/file-rules.js';

/** The few parts of multer 2 used here (it ships no types, and @types/multer is not installed). */
export interface UploadedChunk {
  fieldname: string;
  originalname: string;
  size: number;
  path: string;
}
type Middleware = (req: Request, res: Response, callback: (error?: unknown) => void) => void;
interface Multer {
  (options: { storage: unknown; limits: Record<string, number> }): { single(field: string): Middleware };
  diskStorage(options: { destination: string }): unknown;
}
const multer = createRequire(import.meta.url)('multer') as Multer;

/**
 * Parses the multipart chunk straight to disk (never a whole file in memory): one file of at most 614400 bytes
 * and a few small fields. A chunk the handler did not take (refused, or the client went away) is deleted afterwards.
 */
@Injectable()
export class ChunkUploadInterceptor implements NestInterceptor {
  private readonly parse: Middleware;

  constructor(private readonly chunks: ChunkStore) {
    this.parse = multer({
      storage: multer.diskStorage({ destination: chunks.incomingDir }),
      limits: { fileSize: CHUNK_SIZE, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
    }).single('file');
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { file?: UploadedChunk }>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) => this.parse(req, res, (error) => (error ? reject(toAppError(error)) : resolve())));
    const file = req.file;
    if (!file) return next.handle();
    // A saved chunk was renamed into its upload; one the handler refused is removed here.
    return next.handle().pipe(
      catchError((error: unknown) => {
        void this.chunks.discardArrived(file.path);
        return throwError(() => error);
      }),
    );
  }
}

function toAppError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if ((error as { name?: unknown }).name !== 'MulterError' && typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error; // disk faults
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return new AppError('VALIDATION', `分片大小不能超过${CHUNK_SIZE}字节`);
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return new AppError('VALIDATION', '每次只能上传一个分片（字段 file）');
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_VALUE':
      return new AppError('VALIDATION', '上传的表单字段过多或过长');
    default:
      return new AppError('VALIDATION', '上传数据不完整，请重试');
  }
}
