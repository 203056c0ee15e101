/** @jest-environment @happy-dom/jest-environment */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { LoginUser, Profile } from '../api/types';
import { readLoginUser, readReadyLogin, readRoleList, readUserTypeList } from '../utils/login-storage';
import { DEPARTMENT_HEAD_ROLE, LOGIN_FLOW_MESSAGES, LoginFlowError, completeLogin, withDepartmentHead, type LoginFlowApi } from './login-flow';

const USER: LoginUser = { userId: 'u-depthead', userName: '李红', orgId: 'd-jwc', displayPhoto: null, menus: {} };
const PROFILE: Profile = {
  departmentName: '教务处',
  email: 'lihong@school.cn',
  phone: '13800138000',
  qq: '123456',
  userId: 'u-depthead',
  userName: '李红',
  sex: 2,
  headPortrait: '/api/user/avatar/u-depthead?v=1',
  isUseDefaultAvatar: false,
};
const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, pages: 1 });

function fakeApi(overrides: Partial<LoginFlowApi> = {}): LoginFlowApi & { calls: string[] } {
  const calls: string[] = [];
  const api: LoginFlowApi = {
    relationInfo: async (id) => {
      calls.push(`relationInfo:${id}`);
      return { userId: id, userName: '李红', orgId: 'd-jwc', orgName: '教务处', roles: [{ roleId: 'r-owner', roleName: '目标任务负责人' }], roleIdList: ['r-owner'] };
    },
    profile: async (id) => {
      calls.push(`profile:${id}`);
      return PROFILE;
    },
    newChargers: async () => {
      calls.push('newChargers');
      return page([
        { bmid: 'd-jwc', bmmc: '教务处', fzrid: 'u-depthead', fzrmc: '李红' },
        { bmid: 'd-zlb', bmmc: '发展规划与质量管理处', fzrid: 'u-publisher', fzrmc: '王明' },
      ]);
    },
    roleGroups: async () => {
      calls.push('roleGroups');
      return page([{ roleId: 'r-admin', roleName: '系统管理员' }]);
    },
    userTypes: async () => {
      calls.push('userTypes');
      return page([{ userTypeId: 't-staff', userTypeName: '教职工' }]);
    },
    ...overrides,
  };
  return Object.assign(api, { calls });
}

beforeEach(() => sessionStorage.clear());

describe('completeLogin', () => {
  it('runs the steps in order and stores the complete user and lists', async () => {
    const api = fakeApi();
    const user = await completeLogin(USER, api);

    expect(api.calls).toEqual(['relationInfo:u-depthead', 'profile:u-depthead', 'newChargers', 'roleGroups', 'userTypes']);
    expect(user).toMatchObject({
      email: 'lihong@school.cn',
      phone: '13800138000',
      qq: '123456',
      sex: 2,
      displayPhoto: '/api/user/avatar/u-depthead?v=1',
      newChargeDeparmentIdList: ['d-jwc'],
      roleIdList: ['r-owner', 'targetTaskDepart'],
    });
    expect(user.roles).toContainEqual(DEPARTMENT_HEAD_ROLE);
    expect(typeof user.lastAccessTime).toBe('number');
    expect(readReadyLogin()).toEqual(user);
    expect(readRoleList()).toEqual([{ roleId: 'r-admin', roleName: '系统管理员' }]);
    expect(readUserTypeList()).toEqual([{ userTypeId: 't-staff', userTypeName: '教职工' }]);
  });

  it('stores the user before the first step, so its identity headers go with the calls', async () => {
    let seen: unknown = null;
    await completeLogin(
      USER,
      fakeApi({
        relationInfo: async (id) => {
          seen = readLoginUser()?.userId;
          return { userId: id, userName: '李红', orgId: null, orgName: null, roles: [], roleIdList: [] };
        },
      }),
    );
    expect(seen).toBe('u-depthead');
  });

  it.each([
    ['relationInfo', LOGIN_FLOW_MESSAGES.roles],
    ['profile', LOGIN_FLOW_MESSAGES.basicInfo],
    ['newChargers', LOGIN_FLOW_MESSAGES.departments],
    ['roleGroups', LOGIN_FLOW_MESSAGES.roleGroups],
  ] as const)('a failing %s rejects with its catalogue text and clears the session', async (name, message) => {
    sessionStorage.setItem('other', 'x');
    const api = fakeApi({ [name]: () => Promise.reject(new Error('boom')) });
    await expect(completeLogin(USER, api)).rejects.toEqual(new LoginFlowError(message));
    expect(sessionStorage.length).toBe(0);
  });

  it('a failing user-type list rejects with the server message and clears the session', async () => {
    const api = fakeApi({ userTypes: () => Promise.reject(new Error('服务器错误')) });
    await expect(completeLogin(USER, api)).rejects.toThrow('服务器错误');
    expect(readLoginUser()).toBeNull();
  });

  it('keeps the default avatar when the profile says so, and male when sex is missing', async () => {
    // the server always sends sex; the browser still defends against a profile without it
    const api = fakeApi({ profile: async () => ({ ...PROFILE, sex: null, isUseDefaultAvatar: true, headPortrait: null }) as unknown as Profile });
    const user = await completeLogin({ ...USER, displayPhoto: '/api/user/avatar/old' }, api);
    expect(user.displayPhoto).toBeNull();
    expect(user.sex).toBe(1);
  });
});

describe('withDepartmentHead', () => {
  it('adds the pseudo-role once, only for a department head', () => {
    const head = withDepartmentHead({ ...USER, roles: [DEPARTMENT_HEAD_ROLE], roleIdList: ['targetTaskDepart'] }, [
      { bmid: 'd-jwc', bmmc: '教务处', fzrid: 'u-depthead', fzrmc: '李红' },
    ]);
    expect(head.roles).toEqual([DEPARTMENT_HEAD_ROLE]);
    expect(head.roleIdList).toEqual(['targetTaskDepart']);
    expect(head.newChargeDeparmentList).toHaveLength(1);

    const other = withDepartmentHead({ ...USER, roles: [], roleIdList: [] }, [{ bmid: 'd-zlb', bmmc: '质管处', fzrid: 'u-publisher', fzrmc: '王明' }]);
    expect(other.roles).toEqual([]);
    expect(other.newChargeDeparmentIdList).toEqual([]);
  });

  it('lists 目标任务部门负责人 once when a held role carries the name, keeping the pseudo-role id', () => {
    const seeded = { roleId: 'r-depthead', roleName: '目标任务部门负责人' };
    const head = withDepartmentHead({ ...USER, roles: [seeded], roleIdList: ['r-depthead'] }, [
      { bmid: 'd-jwc', bmmc: '教务处', fzrid: 'u-depthead', fzrmc: '李红' },
    ]);
    expect(head.roles).toEqual([seeded]);
    expect(head.roleIdList).toEqual(['r-depthead', 'targetTaskDepart']);
  });
});
