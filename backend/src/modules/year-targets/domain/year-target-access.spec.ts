import { mayReadCopy, mayWriteTasks, mayWriteYearTargets, YEAR_TARGET_ACCESS, YEAR_TARGET_RELATIONS } from './year-target-access.js';
import { readmeTable } from '../../../shared/testing/markdown-table.js';

/** The README's table of who sees and does what, each row its cells in order. */
const readmeRows = (): string[][] => readmeTable(new URL('../README.md', import.meta.url), 'Who sees and does what').map((row) => Object.values(row));

const yes = (b: boolean) => (b ? 'yes' : 'no');

describe('the access table of year targets', () => {
  it('is the README table, row for row', () => {
    expect(readmeRows()).toEqual(YEAR_TARGET_ACCESS.map((r) => [r.relation, r.name, yes(r.reads), yes(r.writes), yes(r.writesTasks), r.readsCopy]));
    expect(YEAR_TARGET_ACCESS.map((r) => r.relation)).toEqual([...YEAR_TARGET_RELATIONS]);
  });

  it('lets the publisher and administrators write year targets and tasks, nobody else', () => {
    expect(mayWriteYearTargets(['admin'])).toBe(true);
    expect(mayWriteYearTargets(['yearTargetPublisher'])).toBe(true);
    expect(mayWriteYearTargets(['schoolLeader', 'targetTaskDepartHead'])).toBe(false);
    expect(mayWriteTasks(['yearTargetPublisher'])).toBe(true);
    expect(mayWriteTasks(['targetTaskOwner'])).toBe(false);
  });

  it('shows a copy\'s progress to who asked for it and to administrators', () => {
    expect(mayReadCopy(['targetTaskOwner'], true)).toBe(true);
    expect(mayReadCopy(['admin'], false)).toBe(true);
    expect(mayReadCopy(['yearTargetPublisher'], false)).toBe(false);
  });
});
