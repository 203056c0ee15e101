import { describe, expect, it } from '@jest/globals';
import { loginPath, safeFrom, ssoEntry } from './login-redirect';

describe('loginPath', () => {
  it('adds ?from only when the config flag is on', () => {
    expect(loginPath('/qualityManagement/x?y=1', { loginFromParam: true })).toBe('/login?from=%2FqualityManagement%2Fx%3Fy%3D1');
    expect(loginPath('/qualityManagement', { loginFromParam: false })).toBe('/login');
    expect(loginPath(null, { loginFromParam: true })).toBe('/login');
  });
});

describe('safeFrom', () => {
  it('keeps paths inside the app', () => {
    expect(safeFrom('/index')).toBe('/index');
    expect(safeFrom('/dataManage/a?b=1')).toBe('/dataManage/a?b=1');
  });
  it('drops other sites, odd values and the login page itself', () => {
    expect(safeFrom('https://evil.example')).toBeNull();
    expect(safeFrom('//evil.example')).toBeNull();
    expect(safeFrom('/\\evil.example')).toBeNull();
    expect(safeFrom('index')).toBeNull();
    expect(safeFrom('/login')).toBeNull();
    expect(safeFrom('/login?from=/x')).toBeNull();
    expect(safeFrom('')).toBeNull();
    expect(safeFrom(null)).toBeNull();
  });
});

describe('ssoEntry', () => {
  it('is the SSO login URL only in SSO mode', () => {
    expect(ssoEntry({ ssoEnabled: true, ssoLoginUrl: 'https://cas.example/login' })).toBe('https://cas.example/login');
    expect(ssoEntry({ ssoEnabled: false, ssoLoginUrl: 'https://cas.example/login' })).toBeNull();
    expect(ssoEntry({ ssoEnabled: true, ssoLoginUrl: null })).toBeNull();
  });
});
