import { PEOPLE_IMPORT_COLUMNS } from '@zhengai/contracts';
import { isStrongPassword } from '../../auth/domain/password-rules.js';
import { planDepartmentImport, type ExistingDepartment } from './department-import.js';
import { DepartmentPaths } from './department-paths.js';
import { checkPeopleRows, defaultRolesOf, makeInitialPassword, planPeople, rolesWhenEmpty, type CleanPerson, type ExistingPerson, type PersonRefs } from './people-import.js';

const header = [...PEOPLE_IMPORT_COLUMNS];
const refs: PersonRefs = {
  departments: new DepartmentPaths([
    { id: 'd1', name: '机电学院', parentId: null },
    { id: 'd2', name: '信息学院', parentId: null },
    { id: 'd3', name: '办公室', parentId: 'd1' },
    { id: 'd4', name: '办公室', parentId: 'd2' },
  ]),
  roles: new Map([['教师', 'r-t'], ['专家', 'r-e']]),
  majors: new Map([['M01', 'o-m1']]),
  casOwners: new Map([['cas-x', 'someone']]),
};
const line = (row: number, cells: Partial<Record<(typeof PEOPLE_IMPORT_COLUMNS)[number], string>>) => ({ row, cells: header.map((h) => cells[h] ?? '') });

describe('people import rows', () => {
  it('reads good rows: department by name or path, roles split by 、 and ,, a student with a major', () => {
    const checked = checkPeopleRows(header, [
      line(2, { 账号: 't001', 姓名: '张老师', 部门: '机电学院', 人员类型: '教师', 角色: '教师、专家', 手机: '13800138000' }),
      line(3, { 账号: 's001', 姓名: '李同学', 部门: '机电学院/办公室', 人员类型: '学生', 角色: '教师,专家', 专业代码: 'M01', 班级: '机电1班', 年级: '2025' }),
      line(4, { 账号: 'w001', 姓名: '王', 人员类型: '教职工' }),
    ], refs);
    expect('people' in checked).toBe(true);
    const people = (checked as { people: CleanPerson[] }).people;
    expect(people[0]).toMatchObject({ orgId: 'd1', kind: 'teacher', roleIds: ['r-e', 'r-t'], phone: '13800138000' });
    expect(people[1]).toMatchObject({ orgId: 'd3', kind: 'student', majorId: 'o-m1', className: '机电1班', grade: '2025' });
    expect(people[2]).toMatchObject({ orgId: null, kind: 'staff', roleIds: null });
  });

  it('reports every bad row with its number and reason', () => {
    const checked = checkPeopleRows(header, [
      line(2, { 账号: 'a1', 姓名: '甲', 人员类型: '教师' }),
      line(3, { 账号: 'A1', 姓名: '乙', 人员类型: '教师' }),
      line(4, { 账号: 'b1', 姓名: '丙', 部门: '办公室', 人员类型: '教职工' }),
      line(5, { 账号: 'c1', 姓名: '丁', 部门: '不存在', 人员类型: '教职工', 角色: '校长' }),
      line(6, { 账号: 'd1', 姓名: '戊', 人员类型: '教职工', 手机: '123', 邮箱: 'x@' }),
      line(7, { 账号: 'e1', 姓名: '己', 人员类型: '学生', 专业代码: 'M99' }),
      line(8, { 账号: 'f1', 姓名: '庚', 人员类型: '教师', 班级: '1班' }),
      line(9, { 账号: 'g1', 姓名: '辛', 人员类型: '职员' }),
      line(10, { 账号: 'h1', 姓名: '壬', 人员类型: '教师', CAS账号: 'cas-x' }),
      line(11, { 账号: '', 姓名: '', 人员类型: '教师' }),
    ], refs);
    expect(checked).toEqual({
      problems: [
        { row: 3, reason: '账号「A1」与第2行重复' },
        { row: 4, reason: '部门「办公室」有重名，请填写完整路径（如 机电学院/办公室）' },
        { row: 5, reason: '部门「不存在」不存在；角色「校长」不存在' },
        { row: 6, reason: '手机号码格式不正确；邮箱格式不正确' },
        { row: 7, reason: '专业代码「M99」不存在' },
        { row: 8, reason: '专业代码、班级、年级只适用于学生' },
        { row: 9, reason: '人员类型只能是教职工、教师或学生' },
        { row: 10, reason: 'CAS账号「cas-x」已被账号「someone」使用' },
        { row: 11, reason: '账号不能为空；姓名不能为空' },
      ],
    });
  });

  it('refuses a sheet without the template columns', () => {
    expect(checkPeopleRows(['账号', '姓名'], [], refs)).toEqual({ problems: [{ row: 1, reason: '表头缺少「部门、人员类型、角色、CAS账号、手机、邮箱」列，请使用导入模板' }] });
  });
});

describe('people import plan', () => {
  const person = (over: Partial<CleanPerson> = {}): CleanPerson => ({
    row: 2, account: 't1', name: '张', orgId: 'd1', kind: 'teacher', roleIds: null, casUser: null, phone: null, email: null, majorId: null, className: null, grade: null, ...over,
  });
  const existing = (over: Partial<ExistingPerson> = {}): ExistingPerson => ({
    id: 'u1', account: 'T1', name: '张', orgId: 'd1', kind: 'teacher', casUser: null, phone: null, email: null, roleIds: ['r-t'],
    object: { level: 'teacher', code: 'T1', name: '张', departmentId: 'd1', upperId: null, className: null, grade: null, retired: false }, ...over,
  });
  let n = 0;
  const newId = () => `new-${++n}`;

  it('counts an identical row as unchanged (empty roles leave the roles as they are)', () => {
    expect(planPeople([person()], [existing()], newId)).toMatchObject({ creates: [], updates: [], unchanged: 1, objects: [], retireObjectsOf: [] });
  });

  it('updates a changed person, their roles and their object', () => {
    const plan = planPeople([person({ name: '张三', roleIds: ['r-e'] })], [existing()], newId);
    expect(plan.updates).toMatchObject([{ id: 'u1', name: '张三', rolesChanged: true }]);
    expect(plan.objects).toEqual([{ userId: 'u1', level: 'teacher', code: 'T1', name: '张三', departmentId: 'd1', upperId: null, className: null, grade: null, retired: false }]);
  });

  it('creates the unknown with their object; retires the object of a teacher who becomes staff', () => {
    const plan = planPeople([person({ account: 's9', kind: 'student', majorId: 'o-m1', grade: '2025' }), person({ kind: 'staff' })], [existing()], newId);
    expect(plan.creates).toHaveLength(1);
    expect(plan.objects).toMatchObject([{ userId: plan.creates[0]!.id, level: 'student', code: 's9', upperId: 'o-m1', grade: '2025' }]);
    expect(plan.retireObjectsOf).toEqual(['u1']);
    expect(plan.updates).toMatchObject([{ id: 'u1', kind: 'staff' }]);
  });
});

describe('roles of an empty 角色 cell', () => {
  const defaults = { teacher: 'r-teacher', student: 'r-student' };
  const person = (over: Partial<CleanPerson> = {}): CleanPerson => ({
    row: 2, account: 't1', name: '张', orgId: 'd1', kind: 'teacher', roleIds: null, casUser: null, phone: null, email: null, majorId: null, className: null, grade: null, ...over,
  });
  const existing = (over: Partial<ExistingPerson> = {}): ExistingPerson => ({
    id: 'u1', account: 't1', name: '张', orgId: 'd1', kind: 'teacher', casUser: null, phone: null, email: null, roleIds: [],
    object: { level: 'teacher', code: 't1', name: '张', departmentId: 'd1', upperId: null, className: null, grade: null, retired: false }, ...over,
  });
  const newId = () => 'new';

  it('gives a new teacher and student the role of their kind, a new staff member none', () => {
    const plan = planPeople([person(), person({ account: 's1', kind: 'student' }), person({ account: 'w1', kind: 'staff' })], [], newId, defaults);
    expect(plan.creates.map((p) => [p.account, p.roleIds])).toEqual([['t1', ['r-teacher']], ['s1', ['r-student']], ['w1', null]]);
  });

  it('gives an existing person with no role the default, and keeps roles an administrator gave', () => {
    expect(planPeople([person()], [existing()], newId, defaults).updates).toMatchObject([{ id: 'u1', roleIds: ['r-teacher'], rolesChanged: true }]);
    expect(planPeople([person()], [existing({ roleIds: ['r-teacher'] })], newId, defaults)).toMatchObject({ updates: [], unchanged: 1 });
    expect(planPeople([person()], [existing({ roleIds: ['r-expert'] })], newId, defaults)).toMatchObject({ updates: [], unchanged: 1 });
    // a filled cell is still the roles exactly
    expect(planPeople([person({ roleIds: ['r-expert'] })], [existing({ roleIds: ['r-teacher'] })], newId, defaults).updates).toMatchObject([{ roleIds: ['r-expert'], rolesChanged: true }]);
  });

  it('swaps the default of a person whose kind changes, when it is their only role', () => {
    expect(rolesWhenEmpty('student', { kind: 'teacher', roleIds: ['r-teacher'] }, defaults)).toEqual(['r-student']);
    expect(rolesWhenEmpty('staff', { kind: 'teacher', roleIds: ['r-teacher'] }, defaults)).toEqual([]);
    expect(rolesWhenEmpty('student', { kind: 'teacher', roleIds: ['r-teacher', 'r-expert'] }, defaults)).toBeNull();
    expect(rolesWhenEmpty('staff', { kind: 'staff', roleIds: [] }, defaults)).toBeNull();
    const plan = planPeople([person({ kind: 'staff' })], [existing({ roleIds: ['r-teacher'] })], newId, defaults);
    expect(plan.updates).toMatchObject([{ id: 'u1', kind: 'staff', roleIds: [], rolesChanged: true }]);
  });

  it('has no default for a kind whose role was deleted', () => {
    expect(defaultRolesOf(new Map([['teacher', 'r-teacher']]))).toEqual({ teacher: 'r-teacher' });
    expect(planPeople([person({ kind: 'student' })], [], newId, defaultRolesOf(new Map())).creates[0]!.roleIds).toBeNull();
  });
});

describe('initial password', () => {
  it('always follows the password rules', () => {
    for (let i = 0; i < 2000; i++) expect(isStrongPassword(makeInitialPassword((k) => Math.floor(Math.random() * k)))).toBe(true);
    expect(isStrongPassword(makeInitialPassword(() => 0))).toBe(true);
  });
});

describe('department import plan', () => {
  const H = ['名称', '简称', '上级部门', '负责人账号'];
  const there: ExistingDepartment[] = [
    { id: 'd1', name: '机电学院', parentId: null, shortName: '机电', chargeUserId: null },
    { id: 'd3', name: '办公室', parentId: 'd1', shortName: null, chargeUserId: null },
  ];
  const heads = new Map([['boss', 'u-boss']]);
  let n = 0;
  const newId = () => `n${++n}`;

  it('creates children before their parents appear, matches existing ones by parent and name', () => {
    const plan = planDepartmentImport(H, [
      { row: 2, cells: ['教研室', '', '信息学院', 'boss'] },
      { row: 3, cells: ['信息学院', '信息', '', ''] },
      { row: 4, cells: ['机电学院', '机电', '', ''] },
      { row: 5, cells: ['办公室', '办', '机电学院', 'BOSS'] },
      { row: 6, cells: ['实训室', '', '机电学院/办公室', ''] },
    ], there, heads, newId);
    if ('problems' in plan) throw new Error(JSON.stringify(plan.problems));
    expect(plan.unchanged).toBe(1);
    expect(plan.updates).toEqual([{ id: 'd3', name: '办公室', parentId: 'd1', shortName: '办', chargeUserId: 'u-boss' }]);
    const info = plan.creates.find((c) => c.name === '信息学院')!;
    expect(plan.creates.find((c) => c.name === '教研室')).toMatchObject({ parentId: info.id, chargeUserId: 'u-boss' });
    expect(plan.creates.find((c) => c.name === '实训室')).toMatchObject({ parentId: 'd3' });
  });

  it('refuses cycles, unknown parents and heads, duplicates — every row', () => {
    const plan = planDepartmentImport(H, [
      { row: 2, cells: ['甲', '', '乙', ''] },
      { row: 3, cells: ['乙', '', '甲', ''] },
      { row: 4, cells: ['丙', '', '不存在', ''] },
      { row: 5, cells: ['丁', '', '', 'nobody'] },
      { row: 6, cells: ['丁', '', '', ''] },
      { row: 7, cells: ['', '', '', ''] },
    ], there, heads, newId);
    expect(plan).toEqual({
      problems: [
        { row: 2, reason: '上级部门形成循环' },
        { row: 3, reason: '上级部门形成循环' },
        { row: 4, reason: '上级部门「不存在」不存在' },
        { row: 5, reason: '负责人账号「nobody」不存在' },
        { row: 6, reason: '部门「丁」与第5行重复' },
        { row: 7, reason: '名称不能为空' },
      ],
    });
  });
});
