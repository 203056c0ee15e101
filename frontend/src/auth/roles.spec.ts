import { describe, expect, it } from '@jest/globals';
import { isAdministrator } from './roles';

describe('isAdministrator', () => {
  it('knows the administrator by the role id, in the list or the roles', () => {
    expect(isAdministrator({ roleIdList: ['r-admin'] })).toBe(true);
    expect(isAdministrator({ roles: [{ roleId: 'r-admin', roleName: '系统管理员' }] })).toBe(true);
    expect(isAdministrator({ roleIdList: ['r-owner'], roles: [{ roleId: 'r-owner', roleName: '目标任务负责人' }] })).toBe(false);
    expect(isAdministrator(null)).toBe(false);
  });
});
