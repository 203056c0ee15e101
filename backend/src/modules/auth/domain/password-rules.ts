import { PASSWORD_MESSAGES } from '@zhengai/contracts';

/** The change-password rules of spec 000 §5, with its exact messages (the contract's), in the order the form checks them. */
export const PasswordMessages = PASSWORD_MESSAGES;

/** Letters and digits, at least 8 characters (spaces and symbols may be added). */
export function isStrongPassword(value: string): boolean {
  return value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** The first rule a change breaks, or null. The confirmation is checked only when it is sent (the browser sends none). */
export function checkPasswordChange(input: { oldPassword?: unknown; newPassword?: unknown; confirmPassword?: unknown }): string | null {
  const { oldPassword, newPassword, confirmPassword } = input;
  if (typeof oldPassword !== 'string' || oldPassword === '') return PasswordMessages.oldRequired;
  if (oldPassword.trim() === '') return PasswordMessages.blank;
  if (typeof newPassword !== 'string' || newPassword === '') return PasswordMessages.newRequired;
  if (newPassword.trim() === '') return PasswordMessages.blank;
  if (!isStrongPassword(newPassword)) return PasswordMessages.weak;
  if (confirmPassword !== undefined) {
    if (typeof confirmPassword !== 'string' || confirmPassword === '') return PasswordMessages.confirmRequired;
    if (confirmPassword !== newPassword) return PasswordMessages.mismatch;
  }
  return null;
}
