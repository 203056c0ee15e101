import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors/app-error.js';
import { labelOf } from './field-labels.js';

const NUL = '\u0000';
/** Body and query are at most JSON_MAX_DEPTH deep already; this only bounds the walk. */
const MAX_WALK_DEPTH = 64;

/** Where a NUL character sits: in the value of a field (the nearest object key; '' for none) or in a key. */
export type NulPlace = { field: string } | { inKey: true };

export function nulPlaceOf(value: unknown, field = '', depth = 0): NulPlace | null {
  if (typeof value === 'string') return value.includes(NUL) ? { field } : null;
  if (typeof value !== 'object' || value === null || depth > MAX_WALK_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = nulPlaceOf(item, field, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return { inKey: true };
    const found = nulPlaceOf(item, key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function refusal(place: NulPlace): AppError {
  if ('inKey' in place) return new AppError('VALIDATION', '参数名包含非法字符');
  return new AppError('VALIDATION', `${place.field ? labelOf(place.field) : '参数'}包含非法字符`);
}

/**
 * PostgreSQL refuses U+0000 in text (SQLSTATE 22021): a NUL in the path, the query or the body is refused here,
 * after the body parsers and before any guard, query or job sees it. Multipart fields are the upload's own checks'.
 */
export function refuseNulCharacters(req: Request, _res: Response, next: NextFunction): void {
  if (/%00/.test(req.path)) return next(new AppError('VALIDATION', '请求路径包含非法字符'));
  const place = nulPlaceOf(req.query) ?? nulPlaceOf(req.body);
  next(place ? refusal(place) : undefined);
}
