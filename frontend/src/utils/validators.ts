// Format helpers of spec 000 §5, shared with the server: they live in the contract (format-checks.ts), where the
// data-collection rules use them too. Here: the password rule and the antd Form rule built on them.

import { FORMAT_CHECKS, VALIDATION_MESSAGES, type Checkable, type FormatKind } from '@zhengai/contracts';

export { isEmail, isFloat, isInteger, isNonEmpty, isPhone, isQQ, isUrl, VALIDATION_MESSAGES } from '@zhengai/contracts';
export type { Checkable, FormatKind } from '@zhengai/contracts';

// at least one letter and one digit, 8 characters or more
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{8,}$/;

/** The password rule of spec 000 §5: letters and digits, at least 8 characters. Not trimmed. */
export const isStrongPassword = (value: Checkable): boolean => typeof value === 'string' && PASSWORD.test(value);

/**
 * An antd Form rule: `rules={[formatRule('email', true)]}`. `message` replaces the component text,
 * e.g. 邮箱格式不正确！ in the profile form.
 */
export function formatRule(kind: FormatKind, allowEmpty = false, message: string = VALIDATION_MESSAGES[kind]) {
  return {
    validator: (_rule: unknown, value: Checkable): Promise<void> =>
      FORMAT_CHECKS[kind](value, allowEmpty) ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}
