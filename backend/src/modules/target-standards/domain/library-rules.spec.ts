import { listCell, readmeTable } from '../../../shared/testing/markdown-table.js';
import { canManageLibrary, LIBRARY_RIGHTS_OF, libraryAccessOf, libraryRelationsOf, libraryRightsOf, nextPointCodes, parentRefusal, type LibraryRelation } from './library-rules.js';

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

describe('LIBRARY_RIGHTS_OF', () => {
  it('lets every relation read (the card list keeps a library where some relation holds)', () => {
    for (const rights of Object.values(LIBRARY_RIGHTS_OF)) expect(rights).toContain('read');
  });

  it('gives a read grant no child (issue 30) and a write grant no management', () => {
    expect(libraryRightsOf(['readGrant'])).toEqual({ read: true, write: false, addChild: false, grant: false, manage: false });
    expect(libraryRightsOf(['writeGrant'])).toEqual({ read: true, write: true, addChild: true, grant: true, manage: false });
    expect(libraryRightsOf([])).toEqual({ read: false, write: false, addChild: false, grant: false, manage: false });
  });

  it('keeps only read and manage in the recycle bin, for who manages', () => {
    expect(libraryRightsOf(['creator'], true)).toEqual({ read: true, write: false, addChild: false, grant: false, manage: true });
    expect(libraryRightsOf(['writeGrant'], true)).toEqual({ read: false, write: false, addChild: false, grant: false, manage: false });
  });

  it('counts a grant only for who is neither administrator nor creator', () => {
    expect(libraryRelationsOf({ isAdmin: true, isCreator: true, granted: 'read' })).toEqual(['admin', 'creator']);
    expect(libraryRelationsOf({ isAdmin: false, isCreator: false, granted: 'write' })).toEqual(['writeGrant']);
    expect(libraryRelationsOf({ isAdmin: false, isCreator: false, granted: null })).toEqual([]);
  });

  it('is the module README table, row for row', () => {
    const rows = readmeTable(new URL('../README.md', import.meta.url), 'Who may do what with a library');
    expect(rows.map((r) => [listCell(r.relation!)[0], listCell(r.rights!)])).toEqual(
      (Object.keys(LIBRARY_RIGHTS_OF) as LibraryRelation[]).map((r) => [r, [...LIBRARY_RIGHTS_OF[r]]]),
    );
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
