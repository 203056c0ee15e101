import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Express, Request, Response } from 'express';
import { ErrorCatalogue } from '../errors/error-catalogue.js';
import { failure } from './envelope.js';
import { errorToEnvelope, type ErrorReply } from './error-to-envelope.js';
import { methodsForPath } from './route-methods.js';

/** Every error, from a handler, a guard, a pipe or Nest's own 404, leaves as the envelope. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly expressApp: () => Express) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const answer = this.routeMiss(error, req) ?? errorToEnvelope(error);
    if (answer.unexpected) {
      this.logger.error(`${req.method} ${req.originalUrl}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    sendError(res, answer);
  }

  /**
   * Nest answers unmatched requests from a catch-all route (`*path` under the prefix) with its own 404:
   * tell 405 (the path exists for other methods) from 404 (no such path).
   */
  private routeMiss(error: unknown, req: Request): ErrorReply | null {
    if (!(error instanceof HttpException) || error.getStatus() !== 404) return null;
    const matched = (req as { route?: { path?: unknown } }).route?.path;
    if (matched !== undefined && matched !== '*path') return null;
    const allowed = methodsForPath(this.expressApp(), req.baseUrl + req.path);
    if (allowed.length > 0 && !allowed.includes(req.method)) {
      const entry = ErrorCatalogue.METHOD_NOT_ALLOWED;
      return { status: entry.status, body: failure(entry.message, entry.code, { allowed }), unexpected: false };
    }
    const entry = ErrorCatalogue.ROUTE_NOT_FOUND;
    return { status: entry.status, body: failure(entry.message, entry.code), unexpected: false };
  }
}

export function sendError(res: Response, answer: ErrorReply): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (answer.status === 405) res.setHeader('Allow', ((answer.body.data as { allowed?: string[] })?.allowed ?? []).join(', '));
  res.status(answer.status).json(answer.body);
}
