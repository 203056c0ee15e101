import { jest } from '@jest/globals';
import { MonitoringRepository, type NewWarning, type ScanRow } from './ports/monitoring-repository.port.js';
import { SCAN_PAGE, WarningScanService } from './warning-scan.service.js';
import type { Transaction, UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import type { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';

// One transaction a page (the warnings and their messages): the unit of work runs the page's write at once.
const uow = { run: jest.fn(<T>(work: (tx: Transaction) => Promise<T>) => work({} as Transaction)) } as unknown as UnitOfWork;
// The scan's one batch: what was written when it was announced.
const events: string[] = [];
const outbox = {
  post: jest.fn(),
  openBatch: jest.fn(() => 'batch'),
  openSpanningBatch: jest.fn(() => ({ batchId: 'scan-batch', announce: jest.fn(async () => { events.push('announced'); }) })),
} as unknown as MessageOutbox;
beforeEach(() => { events.length = 0; });

const row = (i: number, over: Partial<ScanRow> = {}): ScanRow => ({
  resultId: `r${String(i).padStart(6, '0')}`, zlx: 'float', rule: { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' }, target: '100', calRule: null,
  sj: new Date(2026, 10, 3), cjz: '50', ...over,
});

function repoWith(rows: ScanRow[]) {
  const opened: NewWarning[][] = [];
  const pages: number[] = [];
  const read = { ended: false };
  const repo = {
    scanRows: jest.fn(async function* (pageSize: number) {
      try {
        for (let i = 0; i < rows.length; i += pageSize) {
          pages.push(Math.min(pageSize, rows.length - i));
          yield rows.slice(i, i + pageSize);
        }
      } finally {
        read.ended = true;
      }
    }),
    openWarnings: jest.fn(async (_tx: unknown, w: NewWarning[], _m: unknown, batchId: string) => {
      opened.push(w);
      events.push(`page of ${w.length} in ${batchId}`);
      return w.length;
    }),
  } as unknown as MonitoringRepository;
  return { repo, opened, pages, read };
}

describe('WarningScanService', () => {
  it('reads page after page and opens each breach with its period key', async () => {
    const rows = Array.from({ length: SCAN_PAGE + 3 }, (_, i) => row(i, i % 2 === 0 ? {} : { cjz: '90' }));
    const { repo, opened, pages } = repoWith(rows);
    const at = new Date(2026, 10, 21);
    const outcome = await new WarningScanService(repo, uow, outbox).scan(at);
    expect(pages).toEqual([SCAN_PAGE, 3]);
    const all = opened.flat();
    expect(all).toHaveLength(Math.ceil((SCAN_PAGE + 3) / 2));
    expect(all[0]).toEqual({ resultId: rows[0]!.resultId, periodKey: '2026-11', yjsj: at, yjlx: 'value', tj: '<', yjz: '80', jgz: '50', zlx: 'float' });
    expect(outcome).toEqual({ evaluated: SCAN_PAGE + 3, breaches: all.length, opened: all.length, notEvaluable: 0 });
    // every page's messages in the one batch, announced once, after the last page was written (one digest a person)
    expect(events).toEqual([`page of ${SCAN_PAGE / 2} in scan-batch`, 'page of 2 in scan-batch', 'announced']);
  });

  it('grades level rules from the target, skips rows without a readable rule, counts values it cannot judge', async () => {
    const { repo, opened } = repoWith([
      row(1, { rule: { yjlx: 'level', tj: '<', yjz: 'C', yjzq: 'week' }, cjz: '50' }), // 50 of 100 → D: breach
      row(2, { rule: { yjlx: 'level', tj: '<', yjz: 'C', yjzq: 'week' }, cjz: '95' }), // A: fine
      row(3, { rule: { nonsense: true } }),
      row(4, { cjz: '不详' }),
    ]);
    const outcome = await new WarningScanService(repo, uow, outbox).scan(new Date(2026, 10, 21));
    expect(opened.flat().map((w) => [w.resultId, w.periodKey])).toEqual([['r000001', '2026-W45']]);
    expect(outcome).toEqual({ evaluated: 3, breaches: 1, opened: 1, notEvaluable: 1 });
  });

  it('writes nothing when nothing breaches', async () => {
    const { repo } = repoWith([row(1, { cjz: '99' })]);
    await new WarningScanService(repo, uow, outbox).scan();
    expect(repo.openWarnings).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });
});

it('fails with the write error when a write fails while the next page is read', async () => {
  const rows = Array.from({ length: SCAN_PAGE * 2 }, (_, i) => row(i));
  const { repo, read } = repoWith(rows);
  (repo.openWarnings as jest.Mock).mockImplementation(async () => {
    throw new Error('disk full');
  });
  await expect(new WarningScanService(repo, uow, outbox).scan()).rejects.toThrow('disk full');
  // the read is ended (its cursor closed), not left open
  expect(read.ended).toBe(true);
  // what earlier pages committed is still announced (here nothing was, and the delivery plan finds nothing)
  expect(events).toEqual(['announced']);
});
