import { listCell, readmeTable } from '../../../shared/testing/markdown-table.js';
import { FILL_LISTS, FILL_RIGHTS_OF, relationsWith, type FillRelation } from './fill-rights.js';

describe('FILL_RIGHTS_OF', () => {
  it('lets every relation read, so 我的填报 ∪ 待我审核 are the fills one reads', () => {
    for (const rights of Object.values(FILL_RIGHTS_OF)) expect(rights).toContain('read');
    const listed = new Set([...relationsWith(FILL_LISTS.mine), ...relationsWith(FILL_LISTS.toAudit)]);
    expect([...listed].sort()).toEqual(relationsWith('read').sort());
  });

  it('is the module README table, row for row', () => {
    const rows = readmeTable(new URL('../README.md', import.meta.url), 'Who does what');
    expect(rows.map((r) => [listCell(r.relation!)[0], listCell(r.rights!)])).toEqual((Object.keys(FILL_RIGHTS_OF) as FillRelation[]).map((r) => [r, [...FILL_RIGHTS_OF[r]]]));
  });
});
