/** The change-password rules of spec 000 §5, with its exact messages, in the order the form checks them. */
export const PasswordMessages = {
  oldRequired: '请输入旧密码！',
  newRequired: '请输入新密码！',
  confirmRequired: '请输入确认新密码！',
  blank: '不能为纯空格！',
  weak: '密码必须包含字母和数字,必须大于等于8位！',
  mismatch: '请与新密码一致！',
  wrongOld: '修改密码失败!',
  changed: '修改密码成功!',
} as const;

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
