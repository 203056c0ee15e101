import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, StreamableFile } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { success, WithMessage } from './envelope.js';

/** Wraps every handler result in the envelope; files and streams pass through untouched. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (result instanceof StreamableFile) return result;
        if (result instanceof WithMessage) return success(result.data, result.message);
        return success(result ?? null);
      }),
    );
  }
}
