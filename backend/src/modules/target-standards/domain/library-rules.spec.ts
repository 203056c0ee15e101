import { canManageLibrary, libraryAccessOf, nextPointCodes, parentRefusal } from './library-rules.js';

describe('library access', () => {
  it('gives the creator and administrators write, others their grant', () => {
    expect(libraryAccessOf({ isAdmin: true, isCreator: false, granted: null })).toBe('write');
    expect(libraryAccessOf({ isAdmin: false, isCreator: true, granted: 'read' })).toBe('write');
    expect(libraryAccessOf({ isAdmin: false, isCreator: false, granted: 'read' })).toBe('read');
    expect(libraryAccessOf({ isAdmin: false, isCreator: false, granted: null })).toBeNull();
  });

  it('lets only the creator and administrators manage a library, whatever the grants', () => {
    expect(canManageLibrary({ userId: 'u1', isAdmin: false, creatorId: 'u1' })).toBe(true);
    expect(canManageLibrary({ userId: 'u2', isAdmin: true, creatorId: 'u1' })).toBe(true);
    expect(canManageLibrary({ userId: 'u2', isAdmin: false, creatorId: 'u1' })).toBe(false);
  });
});

describe('parent and child libraries', () => {
  const top = { id: 'p', parentId: null, deleted: false };
  it.each([
    [{ libraryId: null, parent: top, hasChildren: false }, null],
    [{ libraryId: 'c', parent: top, hasChildren: false }, null],
    [{ libraryId: null, parent: null, hasChildren: false }, '上级目标标准不存在'],
    [{ libraryId: null, parent: { ...top, deleted: true }, hasChildren: false }, '上级目标标准已删除'],
    [{ libraryId: 'p', parent: top, hasChildren: false }, '不能把目标标准设为自己的上级'],
    [{ libraryId: 'c', parent: { ...top, parentId: 'g' }, hasChildren: false }, '上级目标标准本身是子库，不能再作为上级'],
    [{ libraryId: 'c', parent: top, hasChildren: true }, '该目标标准已有子库，不能再作为子库'],
  ])('%p → %p', (input, refusal) => {
    expect(parentRefusal(input)).toBe(refusal);
  });
});

describe('generated point codes', () => {
  it('continue after the highest code of the level, three digits at least', () => {
    expect(nextPointCodes('school', [])).toEqual(['XX-001']);
    expect(nextPointCodes('school', ['XX-001', 'XX-007', 'ZY-099', 'custom'], 3)).toEqual(['XX-008', 'XX-009', 'XX-010']);
    expect(nextPointCodes('major', ['ZY-999'])).toEqual(['ZY-1000']);
    expect(nextPointCodes('student', ['XS-12'], 2)).toEqual(['XS-013', 'XS-014']);
    expect(nextPointCodes('course', ['KC-001'], 0)).toEqual([]);
  });
});
