import { DepartmentPaths, pathNames } from './department-paths.js';

describe('department names and paths in an import', () => {
  const paths = new DepartmentPaths([
    { id: 'root', name: '示范学院', parentId: null },
    { id: 'col', name: '二级学院', parentId: 'root' },
    { id: 'me', name: '机电工程学院', parentId: 'col' },
    { id: 'ie', name: '信息工程学院', parentId: 'col' },
    { id: 'me-o', name: '办公室', parentId: 'me' },
    { id: 'ie-o', name: '办公室', parentId: 'ie' },
  ]);

  it('finds a unique name, a full path and the last names of a path', () => {
    expect(paths.resolve('机电工程学院')).toEqual({ id: 'me' });
    expect(paths.resolve('示范学院/二级学院/机电工程学院/办公室')).toEqual({ id: 'me-o' });
    expect(paths.resolve('信息工程学院 / 办公室')).toEqual({ id: 'ie-o' });
    expect(paths.resolve('二级学院／信息工程学院／办公室')).toEqual({ id: 'ie-o' });
  });

  it('asks for a path when a name is shared, and says what does not exist', () => {
    expect(paths.resolve('办公室')).toEqual({ problem: '部门「办公室」有重名，请填写完整路径（如 示范学院/二级学院/机电工程学院/办公室）' });
    expect(paths.resolve('经管学院/办公室')).toEqual({ problem: '部门「经管学院/办公室」不存在' });
    expect(paths.resolve('机电工程学院/信息工程学院')).toEqual({ problem: '部门「机电工程学院/信息工程学院」不存在' });
  });

  it('splits a path on / and ／, dropping blanks', () => {
    expect(pathNames(' a / b／c // ')).toEqual(['a', 'b', 'c']);
  });
});
