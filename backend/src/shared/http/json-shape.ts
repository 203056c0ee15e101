import { AppError } from '../errors/app-error.js';

/** No body of this platform nests deeper than a few levels or carries more items than this. */
export const JSON_MAX_DEPTH = 32;
export const JSON_MAX_ITEMS = 10_000;
/** The routes that take a whole form's rows (20,000 rows of up to 60 cells) allow more items. */
export const JSON_MAX_ITEMS_BULK = 1_300_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Refuses a JSON body nested deeper than JSON_MAX_DEPTH or with more than JSON_MAX_ITEMS items, before JSON.parse and
 * validation do the work: 400,000 nested arrays overflow the stack in validation after blocking the process.
 * One pass over the raw UTF-8 bytes, brackets and commas inside strings skipped (no multi-byte character contains
 * these ASCII bytes). For express.json's `verify`; what is not JSON is left to JSON.parse to refuse.
 */
export function checkJsonShape(raw: Uint8Array, maxItems = JSON_MAX_ITEMS): void {
  let depth = 0;
  let commas = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]!;
    if (byte === QUOTE) {
      i = endOfString(raw, i + 1);
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > JSON_MAX_DEPTH) throw new AppError('BODY_TOO_COMPLEX');
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    } else if (byte === COMMA && ++commas >= maxItems) {
      throw new AppError('BODY_TOO_COMPLEX', '请求数据项过多');
    }
  }
}

/** The index of the quote closing a string that starts at `from` (a native search, not a loop per byte). */
function endOfString(raw: Uint8Array, from: number): number {
  for (let i = from; ; i++) {
    i = raw.indexOf(QUOTE, i);
    if (i < 0) return raw.length;
    let backslashes = 0;
    while (raw[i - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
}
