/** How long the notice of failed attempts stays up, in seconds: long enough to read, and to act on. */
export const FAILED_LOGIN_NOTICE_SECONDS = 10;

/**
 * What the owner of an account is told after a login when it had failed attempts since their previous one
 * (the login answer's failedLoginCount, issue 31); null when there were none.
 */
export function failedLoginNotice(count: number | undefined): string | null {
  return typeof count === 'number' && count > 0 ? `自上次登录以来，您的账号有 ${count} 次登录失败` : null;
}
