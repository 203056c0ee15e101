import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from './all-exceptions.filter.js';
import { errorToEnvelope } from './error-to-envelope.js';

const logger = new Logger('Errors');

/** Errors raised by Express middleware before Nest sees the request (body parsers: bad JSON, 10 MB bodies). */
export function expressErrorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  const answer = errorToEnvelope(error);
  if (answer.unexpected) logger.error(`${req.method} ${req.originalUrl}: ${error instanceof Error ? error.message : String(error)}`);
  sendError(res, answer);
}
