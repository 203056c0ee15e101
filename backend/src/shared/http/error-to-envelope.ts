import { HttpException } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';
import { ErrorCatalogue, type ErrorEntry } from '../errors/error-catalogue.js';
import { failure, type Envelope } from './envelope.js';

export interface ErrorReply {
  status: number;
  body: Envelope<unknown>;
  /** True when the error is ours to log as a fault, not the caller's mistake. */
  unexpected: boolean;
}

// PostgreSQL and network codes that mean "the database is not reachable", not "your query was wrong" (pg's own
// messages below carry no code: a connection lost under a client that is used again).
const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

// Out of space: Node's file system (ENOSPC, EDQUOT) and PostgreSQL (53100 disk_full).
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

function reply(entry: ErrorEntry, message?: string, unexpected = false): ErrorReply {
  return { status: entry.status, body: failure(message ?? entry.message, entry.code), unexpected };
}

function fromHttpException(error: HttpException): ErrorReply {
  const status = error.getStatus();
  const response = error.getResponse();
  const raw = typeof response === 'object' && response !== null ? (response as { message?: unknown }).message : response;
  const detail = Array.isArray(raw) ? String(raw[0]) : typeof raw === 'string' ? raw : undefined;
  switch (status) {
    case 400: return reply(ErrorCatalogue.VALIDATION, detail);
    case 401: return reply(ErrorCatalogue.NOT_LOGGED_IN);
    case 403: return reply(ErrorCatalogue.NO_PERMISSION);
    case 404: return reply(ErrorCatalogue.NOT_FOUND);
    case 405: return reply(ErrorCatalogue.METHOD_NOT_ALLOWED);
    case 409: return reply(ErrorCatalogue.CONFLICT);
    case 413: return reply(ErrorCatalogue.PAYLOAD_TOO_LARGE);
    case 415: return reply(ErrorCatalogue.UNSUPPORTED_MEDIA_TYPE);
    case 429: return reply(ErrorCatalogue.RATE_LIMITED);
    default:
      return status >= 500 ? reply(ErrorCatalogue.INTERNAL, undefined, true) : { status, body: failure(detail ?? ErrorCatalogue.VALIDATION.message, status * 100000 + 1), unexpected: false };
  }
}

/** Errors thrown by body parsers and other Express middleware carry a `type` and a `status`. */
function fromMiddlewareError(error: { type?: string; status?: number }): ErrorReply | null {
  if (error.type === 'entity.too.large') return reply(ErrorCatalogue.PAYLOAD_TOO_LARGE);
  if (error.type === 'entity.parse.failed') return reply(ErrorCatalogue.MALFORMED_JSON);
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') return reply(ErrorCatalogue.UNSUPPORTED_MEDIA_TYPE);
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) return reply(ErrorCatalogue.VALIDATION);
  return null;
}

/** Turns anything thrown into the status and envelope the caller sees; never a stack trace. */
export function errorToEnvelope(error: unknown): ErrorReply {
  if (error instanceof AppError) return { status: error.status, body: failure(error.message, error.code, error.data), unexpected: false };
  if (error instanceof HttpException) return fromHttpException(error);
  if (typeof error === 'object' && error !== null) {
    const fromMiddleware = fromMiddlewareError(error as { type?: string; status?: number });
    if (fromMiddleware) return fromMiddleware;
    const code = String((error as { code?: unknown }).code ?? '');
    const message = String((error as { message?: unknown }).message ?? '');
    if (DB_DOWN_CODES.has(code) || /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|is not queryable/i.test(message)) {
      return reply(ErrorCatalogue.DATABASE_UNAVAILABLE, undefined, true);
    }
    // A full disk anywhere (a report's document, an export, PostgreSQL's own 53100), not only under uploads: the
    // person is told plainly, the fault is logged for the administrator (issue 31 item 11).
    if (DISK_FULL_CODES.has(code)) return reply(ErrorCatalogue.INSUFFICIENT_STORAGE, undefined, true);
    if (code === '23505') return reply(ErrorCatalogue.CONFLICT);
    if (code === '23503') return reply(ErrorCatalogue.CONFLICT, '数据正被引用或引用的数据不存在');
    if (code === '22P02' || code === '22001' || code === '22003') return reply(ErrorCatalogue.VALIDATION);
    // A NUL (22021) or a character the database cannot store (22P05) that got past refuseControlCharacters.
    if (code === '22021' || code === '22P05') return reply(ErrorCatalogue.VALIDATION, '参数包含非法字符');
  }
  return reply(ErrorCatalogue.INTERNAL, undefined, true);
}
