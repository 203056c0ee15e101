import { describe, expect, it } from '@jest/globals';
import type { DepartmentNode } from '../../api/types';
import {
  departmentOptions,
  escapeRegExp,
  filterDepartments,
  flattenDepartments,
  indexDepartments,
  nameMatches,
  parentIds,
  splitMatch,
  subtreeIds,
} from './department-tree';

function node(departmentId: string, departmentName: string, childrens: DepartmentNode[] = [], parentId: string | null = null): DepartmentNode {
  return { departmentId, departmentName, parentId, chargeUserId: null, chargeUserName: null, childrens };
}

const TREE: DepartmentNode[] = [
  node('root', '示范职院', [
    node('zn', '职能部门', [node('jwc', '教务处'), node('it', 'IT中心(信息)')]),
    node('ejxy', '二级学院', [node('xxgc', '信息工程学院'), node('jdgc', '机电工程学院', [node('jd1', '机电一系')])]),
  ]),
];

const names = (tree: DepartmentNode[]) => flattenDepartments(tree).map((d) => d.departmentName);

describe('department name filter', () => {
  it('keeps the matches and their ancestors, nothing else', () => {
    expect(names(filterDepartments(TREE, '工程'))).toEqual(['示范职院', '二级学院', '信息工程学院', '机电工程学院']);
    expect(names(filterDepartments(TREE, '一系'))).toEqual(['示范职院', '二级学院', '机电工程学院', '机电一系']);
  });

  it('is case-sensitive', () => {
    expect(names(filterDepartments(TREE, 'IT'))).toEqual(['示范职院', '职能部门', 'IT中心(信息)']);
    expect(filterDepartments(TREE, 'it')).toEqual([]);
  });

  it('matches the text literally, regular-expression characters included', () => {
    expect(escapeRegExp('a.b(c)')).toBe('a\\.b\\(c\\)');
    expect(nameMatches('IT中心(信息)', '(信息)')).toBe(true);
    expect(nameMatches('教务处', '.')).toBe(false);
    expect(filterDepartments(TREE, '.*')).toEqual([]);
  });

  it('keeps the whole tree for a blank keyword', () => {
    expect(filterDepartments(TREE, '')).toBe(TREE);
  });

  it('splits a name around its match for highlighting', () => {
    expect(splitMatch('信息工程学院', '工程')).toEqual({ before: '信息', match: '工程', after: '学院' });
    expect(splitMatch('教务处', '工程')).toBeNull();
    expect(splitMatch('教务处', '')).toBeNull();
  });
});

describe('department tree helpers', () => {
  it('lists the departments with sub-departments', () => {
    expect(parentIds(TREE)).toEqual(['root', 'zn', 'ejxy', 'jdgc']);
  });

  it('finds a department and everything below it', () => {
    expect([...subtreeIds(TREE, 'ejxy')].sort()).toEqual(['ejxy', 'jd1', 'jdgc', 'xxgc']);
    expect(subtreeIds(TREE, 'missing').size).toBe(0);
  });

  it('indexes each department with its parent, short names and sub-departments', () => {
    const index = indexDepartments(TREE, [
      { departId: 'ejxy', shortNameChinese: '二级学院', shortNameEnglish: 'COL', chargeUserId: null, chargeUserName: null },
    ]);
    expect(index.size).toBe(8);
    expect(index.get('ejxy')).toMatchObject({ parentId: 'root', parentName: '示范职院', shortNameEnglish: 'COL', childNames: ['信息工程学院', '机电工程学院'] });
    expect(index.get('root')).toMatchObject({ parentId: null, parentName: null, shortNameChinese: null });
  });

  it('turns the tree into TreeSelect options with some disabled', () => {
    const options = departmentOptions(TREE, subtreeIds(TREE, 'jdgc'));
    expect(options[0].value).toBe('root');
    const college = options[0].children[1];
    expect(college.disabled).toBeUndefined();
    expect(college.children[1]).toMatchObject({ value: 'jdgc', disabled: true });
    expect(college.children[1].children[0]).toMatchObject({ value: 'jd1', disabled: true });
  });
});
