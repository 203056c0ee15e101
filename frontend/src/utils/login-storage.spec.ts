/** @jest-environment @happy-dom/jest-environment */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { LOGIN_USER_KEY, clearLoginUser, clearSession, readLoginUser, saveLoginUser } from './login-storage';

beforeEach(() => sessionStorage.clear());

describe('login storage', () => {
  it('stores the login user under loginUser with the access time', () => {
    const stored = saveLoginUser({ userId: 'u1', userName: '张三', orgId: 'o1', roleIdList: ['r1'] }, 1_700_000_000_000);
    expect(stored.lastAccessTime).toBe(1_700_000_000_000);
    expect(JSON.parse(sessionStorage.getItem(LOGIN_USER_KEY) ?? '{}')).toMatchObject({ userId: 'u1', lastAccessTime: 1_700_000_000_000 });
    expect(readLoginUser()).toEqual(stored);
    expect(LOGIN_USER_KEY).toBe('loginUser');
  });

  it('reads nothing from missing, broken or foreign values', () => {
    expect(readLoginUser()).toBeNull();
    sessionStorage.setItem(LOGIN_USER_KEY, '{not json');
    expect(readLoginUser()).toBeNull();
    sessionStorage.setItem(LOGIN_USER_KEY, '"text"');
    expect(readLoginUser()).toBeNull();
    sessionStorage.setItem(LOGIN_USER_KEY, '{"userName":"no id"}');
    expect(readLoginUser()).toBeNull();
  });

  it('clears the login alone, or the whole session', () => {
    saveLoginUser({ userId: 'u1', userName: 'a', orgId: 'o' });
    sessionStorage.setItem('menuMap', '{}');
    clearLoginUser();
    expect(readLoginUser()).toBeNull();
    expect(sessionStorage.getItem('menuMap')).toBe('{}');
    clearSession();
    expect(sessionStorage.length).toBe(0);
  });
});
