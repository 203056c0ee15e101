import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { createRequire } from 'node:module';
import type { Request, Response } from 'express';
import type multerModule from 'multer';
import { finalize, type Observable } from 'rxjs';
import { AppError } from '../../../shared/errors/app-error.js';
import { CHUNK_SIZE } from '../domain/file-rules.js';

/** The fields of multer's file (typed by @types/multer) that the handler reads. */
export type UploadedChunk = Pick<Express.Multer.File, 'fieldname' | 'originalname' | 'size' | 'buffer'>;
// multer is CommonJS; required here so its function is the module itself under Node's ESM.
const multer = createRequire(import.meta.url)('multer') as typeof multerModule;

/** How many chunk buffers are kept for reuse: the browser sends 3 at a time, a few uploaders at once. */
const KEPT_BUFFERS = 8;

/**
 * A multer storage engine that reads the chunk into a reused buffer of CHUNK_SIZE bytes. A new 600 KB buffer per
 * chunk (multer's memory storage) makes V8 collect garbage for the external memory, slowing every request, and
 * leaves malloc holding what it grew into.
 */
class ChunkBuffers implements multerModule.StorageEngine {
  private readonly free: Buffer[] = [];

  _handleFile(_req: Request, file: { stream: NodeJS.ReadableStream }, callback: (error: Error | null, info?: Partial<UploadedChunk>) => void): void {
    const buffer = this.free.pop() ?? Buffer.allocUnsafeSlow(CHUNK_SIZE);
    let size = 0;
    file.stream.on('data', (piece: Buffer) => {
      // Past CHUNK_SIZE multer refuses the chunk (limits.fileSize); the bytes beyond are not kept.
      if (size < CHUNK_SIZE) piece.copy(buffer, size, 0, Math.min(piece.length, CHUNK_SIZE - size));
      size += piece.length;
    });
    file.stream.on('error', (error: Error) => {
      this.release(buffer);
      callback(error);
    });
    file.stream.on('end', () => callback(null, { buffer: buffer.subarray(0, Math.min(size, CHUNK_SIZE)), size }));
  }

  _removeFile(_req: Request, file: Partial<UploadedChunk>, callback: (error: Error | null) => void): void {
    if (file.buffer) this.release(file.buffer);
    delete file.buffer;
    callback(null);
  }

  /** Takes back a chunk's buffer (or a view of it) once nothing reads it any more. */
  release(view: Buffer): void {
    const memory = view.buffer;
    if (this.free.length >= KEPT_BUFFERS || memory.byteLength !== CHUNK_SIZE || this.free.some((b) => b.buffer === memory)) return;
    this.free.push(Buffer.from(memory, 0, CHUNK_SIZE));
  }
}

/**
 * Parses the multipart chunk into memory: one file of at most 614400 bytes (refused past that) and a few small
 * fields. The handler writes it in place into the upload's part file once the upload is known to be the sender's,
 * so a chunk is written to disk once and a refused one never; its buffer is reused when the request is over.
 */
@Injectable()
export class ChunkUploadInterceptor implements NestInterceptor {
  private readonly buffers = new ChunkBuffers();
  private readonly parse = multer({
    storage: this.buffers,
    limits: { fileSize: CHUNK_SIZE, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
  }).single('file');

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { file?: UploadedChunk }>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) => this.parse(req, res, (error) => (error ? reject(toAppError(error)) : resolve())));
    const file = req.file;
    // The handler has written (or refused) the chunk by the time its answer is settled.
    return file ? next.handle().pipe(finalize(() => this.buffers.release(file.buffer))) : next.handle();
  }
}

function toAppError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if ((error as { name?: unknown }).name !== 'MulterError' && typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error; // system faults (the connection reset)
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
