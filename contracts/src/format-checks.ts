// The format helpers of 000 §5 (email, URL, phone, integer, float, QQ, required) and their texts: the cell rules of
// data collection (collection-rules.ts) and the people forms both check them. A file of their own so that a page
// checking an email does not load the RE2 engine the custom patterns of collection-rules.ts run on.
import { CHINESE_RENDERINGS } from './english-originals.js';
import { PROFILE_FORMATS } from './limits.js';

// The format helpers of 000 §5. Each takes the raw value and `allowEmpty`: when set, an empty value (undefined, null
// or blank) passes, so optional fields reuse the same check. Digits are ASCII digits: a full-width １２３ is refused.

export type Checkable = string | number | null | undefined;

const URL_PATTERN = /^(https?|ftps?):\/\/[^\s/?#]+([/?#]\S*)?$/i;
const INTEGER = /^[+-]?(0|[1-9]\d*)$/;
const FLOAT = /^[+-]?(0|[1-9]\d*)(\.\d+)?$/;
const { email: EMAIL, emailMax: EMAIL_MAX, mobile: MOBILE, landline: LANDLINE, qq: QQ } = PROFILE_FORMATS;

function text(value: Checkable): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

function check(pattern: RegExp, value: Checkable, allowEmpty: boolean): boolean {
  const v = text(value);
  if (v === '') return allowEmpty;
  return pattern.test(v);
}

export const isEmail = (value: Checkable, allowEmpty = false): boolean => text(value).length <= EMAIL_MAX && check(EMAIL, value, allowEmpty);

/** Must start with http, https, ftp or ftps. */
export const isUrl = (value: Checkable, allowEmpty = false): boolean => check(URL_PATTERN, value, allowEmpty);

/** Optional sign, no leading zeros. */
export const isInteger = (value: Checkable, allowEmpty = false): boolean => check(INTEGER, value, allowEmpty);

/** Integer or decimal, optional sign, no leading zeros. */
export const isFloat = (value: Checkable, allowEmpty = false): boolean => check(FLOAT, value, allowEmpty);

/** Chinese mobile (optional +86) or landline (optional area code and hyphen, 7 to 8 digits starting 2 to 8). */
export const isPhone = (value: Checkable, allowEmpty = false): boolean => {
  const v = text(value);
  if (v === '') return allowEmpty;
  return MOBILE.test(v) || LANDLINE.test(v);
};

/** 5–11 digits, not starting with 0. */
export const isQQ = (value: Checkable, allowEmpty = false): boolean => check(QQ, value, allowEmpty);

/** Something other than blanks. */
export const isNonEmpty = (value: Checkable, allowEmpty = false): boolean => text(value) !== '' || allowEmpty;

/** Error texts of the form components (000 §5), in Chinese (the English originals beside them in english-originals.ts). */
export const VALIDATION_MESSAGES = {
  email: CHINESE_RENDERINGS.email,
  url: CHINESE_RENDERINGS.url,
  phone: CHINESE_RENDERINGS.phone,
  integer: CHINESE_RENDERINGS.integer,
  float: CHINESE_RENDERINGS.float,
  required: CHINESE_RENDERINGS.required,
} as const;
export type FormatKind = keyof typeof VALIDATION_MESSAGES;

export const FORMAT_CHECKS: Record<FormatKind, (value: Checkable, allowEmpty: boolean) => boolean> = {
  email: isEmail,
  url: isUrl,
  phone: isPhone,
  integer: isInteger,
  float: isFloat,
  required: isNonEmpty,
};
