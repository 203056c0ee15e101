import { ErrorCatalogue, type ErrorKind } from './error-catalogue.js';

/** The one error type services throw; the exception filter turns it into the envelope. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: number;
  readonly status: number;

  /** Optional details for the caller, sent as the envelope's data. */
  readonly data: unknown;

  constructor(kind: ErrorKind, message?: string, data: unknown = null) {
    const entry = ErrorCatalogue[kind];
    super(message ?? entry.message);
    this.name = 'AppError';
    this.kind = kind;
    this.code = entry.code;
    this.status = entry.status;
    this.data = data;
  }
}
