import { loginRoles, TARGET_TASK_DEPART } from './account.js';

const seeded = { roleId: 'r-depthead', roleName: '目标任务部门负责人', code: 'targetTaskDepartHead' };
const owner = { roleId: 'r-owner', roleName: '目标任务负责人', code: 'targetTaskOwner' };

describe('loginRoles', () => {
  it('lists 目标任务部门负责人 once for a head holding the seeded role, keeping the pseudo-role id', () => {
    const { roles, roleIdList } = loginRoles([owner, seeded], true);
    expect(roles.filter((r) => r.roleName === '目标任务部门负责人')).toHaveLength(1);
    expect(roleIdList).toEqual(['r-owner', 'r-depthead', 'targetTaskDepart']);
  });

  it('adds the pseudo-role for a head without a role of its name', () => {
    expect(loginRoles([owner], true)).toEqual({ roles: [owner, TARGET_TASK_DEPART], roleIdList: ['r-owner', 'targetTaskDepart'] });
  });

  it('adds nothing for a person heading no department', () => {
    expect(loginRoles([owner, seeded], false)).toEqual({ roles: [owner, seeded], roleIdList: ['r-owner', 'r-depthead'] });
  });
});
