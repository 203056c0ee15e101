import { listCell, readmeTable } from '../../../shared/testing/markdown-table.js';
import { attachable, changeable, FILE_RIGHTS_OF, readableWithoutOwner, type FileRelation } from './file-access.js';

const facts = (over: Partial<{ isAdmin: boolean; isUploader: boolean; isSharedWithMe: boolean }> = {}) => ({ isAdmin: false, isUploader: false, isSharedWithMe: false, ...over });

describe('FILE_RIGHTS_OF', () => {
  it('lets the uploader, sharers and administrators read and attach; only the uploader and administrators change', () => {
    for (const f of [facts({ isAdmin: true }), facts({ isUploader: true }), facts({ isSharedWithMe: true })]) {
      expect(readableWithoutOwner(f)).toBe(true);
      expect(attachable(f)).toBe(true);
    }
    expect(changeable(facts({ isSharedWithMe: true }))).toBe(false);
    expect(changeable(facts({ isUploader: true }))).toBe(true);
    expect(readableWithoutOwner(facts())).toBe(false);
  });

  it('lists (我的文件) only one\'s own and shared files', () => {
    expect((Object.keys(FILE_RIGHTS_OF) as FileRelation[]).filter((r) => FILE_RIGHTS_OF[r].includes('list'))).toEqual(['uploader', 'sharer']);
  });

  it('is the module README table, row for row', () => {
    const rows = readmeTable(new URL('../README.md', import.meta.url), 'Who may do what with a file');
    expect(rows.map((r) => [listCell(r.relation!)[0], listCell(r.rights!)])).toEqual((Object.keys(FILE_RIGHTS_OF) as FileRelation[]).map((r) => [r, [...FILE_RIGHTS_OF[r]]]));
  });
});
