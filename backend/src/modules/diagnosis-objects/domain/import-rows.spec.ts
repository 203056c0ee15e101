import { OBJECT_IMPORT_HEADERS } from '@zhengai/contracts';
import { planImport, readLines, type ExistingObject, type ImportLookups } from './import-rows.js';

const H = (l: keyof typeof OBJECT_IMPORT_HEADERS) => [...OBJECT_IMPORT_HEADERS[l]];
const lookups = (over: Partial<ImportLookups> = {}): ImportLookups => ({
  departments: new Map([['信息工程学院', ['d1']], ['重名部门', ['d2', 'd3']]]),
  people: new Map([
    ['s001', { id: 'u1', account: 's001', name: '学生甲', kind: 'student', orgId: null }],
    ['t001', { id: 'u2', account: 't001', name: '教师乙', kind: 'teacher', orgId: 'd1' }],
  ]),
  majors: new Map([['M01', { id: 'm1', level: 'major', retired: false, departmentId: 'd1' }], ['M99', { id: 'm9', level: 'major', retired: true, departmentId: 'd1' }]]),
  ...over,
});

describe('diagnosis objects import: reading the sheet', () => {
  it('refuses a wrong header with the expected columns, and an empty sheet', () => {
    expect(readLines('major', ['代码', '名称'], []).problems).toEqual([{ row: 1, reason: '表头应为：专业代码、专业名称、所属部门、负责人账号' }]);
    expect(readLines('major', [...H('major'), '多余列'], []).problems[0]?.row).toBe(1);
    expect(readLines('major', H('major'), []).problems).toEqual([{ row: 2, reason: '表格中没有数据' }]);
  });

  it('reports blanks, lengths and repeated codes with their row numbers', () => {
    const { lines, problems } = readLines('major', H('major'), [
      { row: 2, cells: ['M01', '软件技术', '信息工程学院', ''] },
      { row: 3, cells: ['', '无代码', '信息工程学院', ''] },
      { row: 4, cells: ['M01', '重复', '信息工程学院', ''] },
      { row: 5, cells: ['M02', 'x'.repeat(201), '信息工程学院', ''] },
    ]);
    expect(lines.map((l) => l.row)).toEqual([2]);
    expect(problems).toEqual([
      { row: 3, reason: '专业代码不能为空' },
      { row: 4, reason: '专业代码“M01”与第2行重复' },
      { row: 5, reason: '专业名称最多200个字符' },
    ]);
  });
});

describe('diagnosis objects import: the plan', () => {
  it('majors: unknown or ambiguous departments and unknown responsible accounts are problems', () => {
    const { lines } = readLines('major', H('major'), [
      { row: 2, cells: ['M01', '软件技术', '信息工程学院', 't001'] },
      { row: 3, cells: ['M02', '网络', '不存在学院', ''] },
      { row: 4, cells: ['M03', '物联网', '重名部门', 'nobody'] },
    ]);
    const plan = planImport('major', lines, lookups(), new Map());
    expect(plan.problems).toEqual([
      { row: 3, reason: '所属部门“不存在学院”不存在' },
      { row: 4, reason: '所属部门“重名部门”有多个同名部门，请改用唯一的名称；账号“nobody”的人员不存在' },
    ]);
    expect(plan.planned).toEqual([{ row: 2, id: null, change: 'create', fields: expect.objectContaining({ code: 'M01', departmentId: 'd1', responsibleId: 'u2' }) }]);
  });

  it('courses: unknown and retired majors are problems; the same row is unchanged, a changed one updates', () => {
    const { lines } = readLines('course', H('course'), [
      { row: 2, cells: ['C01', '程序设计', 'M01', ''] },
      { row: 3, cells: ['C02', '数据库', 'M01', 't001'] },
      { row: 4, cells: ['C03', '网络', 'MXX', ''] },
      { row: 5, cells: ['C04', '旧课', 'M99', ''] },
    ]);
    const stored = (code: string, name: string): ExistingObject => ({ id: `o-${code}`, level: 'course', code, name, departmentId: 'd1', responsibleId: null, upperId: 'm1', userId: null, className: null, grade: null });
    const plan = planImport('course', lines, lookups(), new Map([['C01', stored('C01', '程序设计')], ['C02', stored('C02', '数据库')]]));
    expect(plan.problems).toEqual([{ row: 4, reason: '专业代码“MXX”不存在' }, { row: 5, reason: '专业“M99”已停用' }]);
    expect(plan.planned.map((p) => [p.row, p.id, p.change])).toEqual([[2, 'o-C01', 'unchanged'], [3, 'o-C02', 'update']]);
  });

  it('students: the account must be a person of kind student; keyed by the person', () => {
    const { lines } = readLines('student', H('student'), [
      { row: 2, cells: ['s001', 'M01', '软件1班', '2025'] },
      { row: 3, cells: ['t001', 'M01', '', ''] },
      { row: 4, cells: ['s404', 'M01', '', ''] },
    ]);
    const plan = planImport('student', lines, lookups(), new Map());
    expect(plan.problems).toEqual([{ row: 3, reason: '账号“t001”的人员不是学生' }, { row: 4, reason: '账号“s404”的人员不存在' }]);
    expect(plan.planned[0]).toEqual({ row: 2, id: null, change: 'create', fields: { level: 'student', code: 's001', name: '学生甲', departmentId: 'd1', responsibleId: null, upperId: 'm1', userId: 'u1', className: '软件1班', grade: '2025' } });
  });
});
