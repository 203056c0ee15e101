import { CONTROL_CHARACTERS_MULTILINE } from '@zhengai/contracts';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors/app-error.js';
import { labelOf } from './field-labels.js';

/** Body and query are at most JSON_MAX_DEPTH deep already; this only bounds the walk. */
const MAX_WALK_DEPTH = 64;

/** Where a control character sits: in the value of a field (the nearest object key; '' for none) or in a key. */
export type ControlPlace = { field: string } | { inKey: true };

/**
 * The first control character no text may hold (U+0000–U+001F and U+007F but tab, line feed and carriage return,
 * which multi-line texts keep; a single-line field's schema refuses those too, contracts/src/input.ts).
 */
export function controlPlaceOf(value: unknown, field = '', depth = 0): ControlPlace | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS_MULTILINE.test(value) ? { field } : null;
  if (typeof value !== 'object' || value === null || depth > MAX_WALK_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = controlPlaceOf(item, field, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTERS_MULTILINE.test(key)) return { inKey: true };
    const found = controlPlaceOf(item, key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function refusal(place: ControlPlace): AppError {
  if ('inKey' in place) return new AppError('VALIDATION', '参数名包含非法字符');
  return new AppError('VALIDATION', `${place.field ? labelOf(place.field) : '参数'}包含非法字符`);
}

/**
 * PostgreSQL refuses U+0000 in text (SQLSTATE 22021), and the other control characters, which it stores, break the
 * Word documents, spreadsheets and logs built from a text (a report named with U+0008 could not be built). So one is
 * refused here wherever it is, in the path, the query or the body, after the body parsers and before any guard, query
 * or job sees it: the net under the schemas, for every route alike. Multipart fields are the upload's own checks'.
 */
export function refuseControlCharacters(req: Request, _res: Response, next: NextFunction): void {
  if (/%(?:[01][0-9a-f]|7f)/i.test(req.path)) return next(new AppError('VALIDATION', '请求路径包含非法字符'));
  const place = controlPlaceOf(req.query) ?? controlPlaceOf(req.body);
  next(place ? refusal(place) : undefined);
}
