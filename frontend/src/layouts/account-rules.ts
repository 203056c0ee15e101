// Field rules and texts of the personal center and the change-password modal (spec 000 §5, §8),
// as pure checks (tested) wrapped into antd rules.
import { AVATAR_MAX_BYTES, PASSWORD_MESSAGES, PROFILE_FORMATS } from '@zhengai/contracts';
import { isEmail, isPhone, isQQ, isStrongPassword } from '../utils/validators';

/** The change-password texts are the contract's, shared with the server's checks. */
export { PASSWORD_MESSAGES };

export const PROFILE_MESSAGES = {
  ...PROFILE_FORMATS.messages,
  updated: '更新用户信息成功!',
  updateFailed: '更新用户信息失败!',
  avatarUpdated: '更新用户头像成功!',
  avatarFailed: '更新用户头像失败!',
} as const;

/** Avatar file types of spec 000 §5. */
export const AVATAR_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'] as const;
/** Larger pictures are compressed in a canvas to about this size. */
// compressed to a little under 000 §9's limit (AVATAR_MAX_BYTES, 30KB): the compressor may overshoot its target by 5 %
export const AVATAR_TARGET_KB = Math.floor(AVATAR_MAX_BYTES / 1024 / 1.05) - 1;

type Check = (value: unknown) => string | null;

function required(message: string, value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return message;
  if (value.trim() === '') return PASSWORD_MESSAGES.blank;
  return null;
}

export const checkOldPassword: Check = (value) => required(PASSWORD_MESSAGES.oldRequired, value);

export const checkNewPassword: Check = (value) =>
  required(PASSWORD_MESSAGES.newRequired, value) ?? (isStrongPassword(value as string) ? null : PASSWORD_MESSAGES.weak);

export function checkConfirmPassword(value: unknown, newPassword: unknown): string | null {
  return required(PASSWORD_MESSAGES.confirmRequired, value) ?? (value === newPassword ? null : PASSWORD_MESSAGES.mismatch);
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export const checkEmail: Check = (value) => (isEmail(text(value), true) ? null : PROFILE_MESSAGES.email);
export const checkPhone: Check = (value) => (isPhone(text(value), true) ? null : PROFILE_MESSAGES.phone);
export const checkQQ: Check = (value) => (isQQ(text(value), true) ? null : PROFILE_MESSAGES.qq);

/** Whether the file name ends in an avatar extension (any case). */
export function isAvatarFileName(name: string): boolean {
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  return (AVATAR_EXTENSIONS as readonly string[]).includes(extension);
}

/** An antd Form rule from a check. */
export function ruleOf(check: Check) {
  return {
    validator: (_rule: unknown, value: unknown): Promise<void> => {
      const message = check(value);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}
