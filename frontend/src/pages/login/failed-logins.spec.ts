import { failedLoginNotice } from './failed-logins';

describe('failedLoginNotice', () => {
  it('tells the number of failed attempts since the previous login', () => {
    expect(failedLoginNotice(1)).toBe('自上次登录以来，您的账号有 1 次登录失败');
    expect(failedLoginNotice(12)).toBe('自上次登录以来，您的账号有 12 次登录失败');
  });

  it('says nothing when there were none, or when the server did not say', () => {
    expect(failedLoginNotice(0)).toBeNull();
    expect(failedLoginNotice(undefined)).toBeNull();
  });
});
