// The building blocks of request schemas (bodies and queries): every text field of an input is one of these, so a
// control character, a null where text is due or a number sent as text is refused by the same rule everywhere. The
// backend reads input with them (@ZodBody / @ZodQuery) and the OpenAPI document describes requests from them.
//
// Messages: a Chinese message given here is shown as is, with `{label}` replaced by the field's Chinese name (the
// backend's field-labels.ts); every other broken rule gets the backend's template (`名称最多200个字符`).
/* eslint-disable no-control-regex -- these patterns are there to find control characters */
import { z } from 'zod';

/** C0 control characters and DEL: PostgreSQL stores them, but they break documents, logs and terminals. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The same without tab, line feed and carriage return, which a multi-line text keeps. */
export const CONTROL_CHARACTERS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = '{label}包含非法字符';

const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const NO_CONTROL_MULTILINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

interface TextOptions {
  /** the message when the field is missing, null or blank (default: the template `{label}不能为空`) */
  missing?: string;
  /** whether tab, line feed and carriage return are allowed */
  multiline?: boolean;
  /** the message when it is longer than max (default: the template `{label}最多N个字符`) */
  tooLong?: string;
  /** the message when it is not text (default: the template `{label}必须是文本`) */
  wrongType?: string;
}

function typeError(options: TextOptions) {
  const { missing, wrongType } = options;
  if (!missing && !wrongType) return undefined;
  return { error: (issue: { input?: unknown; code?: string }) => (issue.input == null ? missing : issue.code === 'invalid_type' ? wrongType : undefined) };
}

function base(max: number, options: TextOptions) {
  // the control characters first: a text full of escape sequences is refused for what it holds, not for its length
  return z.string(typeError(options)).regex(options.multiline ? NO_CONTROL_MULTILINE : NO_CONTROL, { error: CONTROL_CHARACTER_MESSAGE }).max(max, options.tooLong ? { error: options.tooLong } : undefined);
}

/** A text that may be empty: at most `max` characters, no control characters (tab, LF, CR only when multiline). */
export function text(max: number, options: TextOptions = {}) {
  return base(max, options);
}

/** A required text: trimmed, then at least one character; missing, null and blank answer `options.missing`. */
export function requiredText(max: number, options: TextOptions = {}) {
  const missing = options.missing;
  return z
    .string(typeError(options))
    .trim()
    .min(1, missing ? { error: missing } : undefined)
    .regex(options.multiline ? NO_CONTROL_MULTILINE : NO_CONTROL, { error: CONTROL_CHARACTER_MESSAGE })
    .max(max, options.tooLong ? { error: options.tooLong } : undefined);
}

/** An optional text that reads absent, null and blank alike as null (a cleared form field), trimmed otherwise. */
export function optionalText(max: number, options: TextOptions = {}) {
  return z.preprocess(
    (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? value.trim() : value),
    base(max, options).nullable(),
  );
}

/** An identifier (a row's id, a key): required, at most 64 characters by default. */
export function id(missing?: string, max = 64) {
  return requiredText(max, { missing });
}

/** A list of identifiers: 1..max items, each an id. */
export function ids(max: number, missing?: string) {
  return z.array(id(), missing ? { error: (issue) => (issue.input == null ? missing : undefined) } : undefined).min(1, missing ? { error: missing } : undefined).max(max);
}

/**
 * A number in a query (or a form body): the text is read as a number; '' is absent. The backend names an absent
 * required one missing (`年份不能为空`), not "not a number".
 */
function fromText(value: unknown): unknown {
  if (value === '' || value === undefined) return undefined;
  // a text that is no number stays text, so the message says what was due (必须是整数), not "NaN"
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return value;
}

/** An integer (in a body); text or a fraction answers `{label}必须是整数`. */
export function integer(bounds: { min?: number; max?: number } = {}) {
  let n = z.int({ error: (issue) => (issue.code === 'invalid_type' && issue.input != null ? '{label}必须是整数' : undefined) });
  if (bounds.min !== undefined) n = n.min(bounds.min);
  if (bounds.max !== undefined) n = n.max(bounds.max);
  return n;
}

/** A number a form may send as its text ('12' reads 12; '' is absent): `schema` says which numbers, with its messages. */
export function numberFromText<S extends z.ZodType>(schema: S) {
  return z.preprocess(fromText, schema);
}

/** An integer in a query (or a form body), read from its text. */
export function queryInt(bounds: { min?: number; max?: number } = {}) {
  return numberFromText(integer(bounds));
}

/** A boolean in a query: true/false (also 1/0); '' is absent. */
export function queryBoolean() {
  return z.preprocess((value) => {
    if (value === '' || value === undefined) return undefined;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return value;
  }, z.boolean());
}

/** The spec's paging query (000 §9): pageNum from 1, pageSize 10 by default, 0 meaning every row, at most 1e7. */
export const PAGE_QUERY = {
  pageNum: queryInt({ min: 1 }).optional().default(1),
  pageSize: queryInt({ min: 0, max: 10_000_000 }).optional().default(10),
};
