import { readFileSync } from 'node:fs';
import { mayReadCopy, mayWriteTasks, mayWriteYearTargets, YEAR_TARGET_ACCESS, YEAR_TARGET_RELATIONS } from './year-target-access.js';

/** The README's table of who does what on year targets. */
function readmeRows(): string[][] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split('\n## ').find((s) => s.startsWith('Who sees and does what'));
  if (!section) throw new Error('README: no section "Who sees and does what"');
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| relation ') && !l.startsWith('|---'))
    .map((l) => l.slice(1, -1).split('|').map((c) => c.trim()));
}

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
