/** @jest-environment @happy-dom/jest-environment */
import { beforeEach, describe, expect, it } from '@jest/globals';
import {
  LOGIN_USER_KEY,
  clearLoginUser,
  clearSession,
  readLoginUser,
  readReadyLogin,
  readRoleList,
  readUserTypeList,
  saveLoginLists,
  saveLoginUser,
} from './login-storage';

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

  it('counts a login as ready only after the lists are stored', () => {
    saveLoginUser({ userId: 'u1', userName: 'a', orgId: 'o' });
    expect(readReadyLogin()).toBeNull();
    saveLoginLists([{ roleId: 'r1', roleName: '校领导' }], [{ userTypeId: 't1', userTypeName: '教职工' }]);
    expect(readReadyLogin()?.userId).toBe('u1');
    expect(readRoleList()).toEqual([{ roleId: 'r1', roleName: '校领导' }]);
    expect(readUserTypeList()).toEqual([{ userTypeId: 't1', userTypeName: '教职工' }]);
  });

  it('clears the login alone, or the whole session', () => {
    saveLoginUser({ userId: 'u1', userName: 'a', orgId: 'o' });
    saveLoginLists([], []);
    sessionStorage.setItem('menuMap', '{}');
    clearLoginUser();
    expect(readLoginUser()).toBeNull();
    expect(readReadyLogin()).toBeNull();
    expect(sessionStorage.getItem('menuMap')).toBe('{}');
    clearSession();
    expect(sessionStorage.length).toBe(0);
    expect(readRoleList()).toEqual([]);
  });
});
