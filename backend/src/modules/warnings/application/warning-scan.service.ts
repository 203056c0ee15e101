import { Injectable } from '@nestjs/common';
import { calRuleOf, gradeOf } from '../../../shared/kernel/grade.js';
import { periodKey } from '../domain/period.js';
import { evaluate, readWarningRule } from '../../../shared/kernel/warning-rule.js';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';
import { WARNING_MESSAGE_MARKS, warningMessageLink, warningMessageTemplate } from '../domain/warning-messages.js';
import { MonitoringRepository, type NewWarning, type ScanRow } from './ports/monitoring-repository.port.js';

/** A promise awaited later: marked handled now, so a failure while another await runs is not an unhandled rejection. */
function awaited<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** Rows read a page; the scan never holds more than two pages in memory (one read ahead). */
export const SCAN_PAGE = 5_000;

export interface ScanOutcome {
  evaluated: number;
  breaches: number;
  opened: number;
  notEvaluable: number;
}

/**
 * Evaluates the latest sample of every watched row that has a warning rule, a page at a time, and opens one warning
 * per row and warning period (the period the sample falls in). Opening twice is impossible: the insert skips a
 * row and period already warned, so two scans at once open nothing twice.
 */
@Injectable()
export class WarningScanService {
  constructor(
    private readonly repo: MonitoringRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: MessageOutbox,
  ) {}

  /** A page's warnings and their messages in one transaction (a failed write leaves neither). */
  private open(warnings: NewWarning[], batchId: string): Promise<number> {
    const { title, content } = warningMessageTemplate();
    const template = { title, content, marks: WARNING_MESSAGE_MARKS, path: warningMessageLink('', '').split('?')[0]! };
    return this.uow.run((tx) => this.repo.openWarnings(tx, warnings, template, batchId));
  }

  async scan(at = new Date()): Promise<ScanOutcome> {
    const outcome: ScanOutcome = { evaluated: 0, breaches: 0, opened: 0, notEvaluable: 0 };
    // The messages of every page are one batch, announced once when the scan ends (a page that failed leaves the
    // pages before it, committed, announced): each person is pushed one digest of the scan, not one a page.
    const batch = this.outbox.openSpanningBatch();
    let wrote = false;
    // Three things overlap: the next page is read while this page is evaluated and its warnings written (a second
    // connection); at most one read and one write are in flight.
    const pages = this.repo.scanRows(SCAN_PAGE)[Symbol.asyncIterator]();
    let writing: Promise<number> | null = null;
    try {
      let reading = awaited(pages.next());
      for (;;) {
        const next = await reading;
        if (next.done) break;
        reading = awaited(pages.next());
        const warnings = this.breachesOf(next.value, at, outcome);
        if (writing) outcome.opened += await writing;
        writing = warnings.length > 0 ? awaited(this.open(warnings, batch.batchId)) : null;
        wrote ||= writing !== null;
      }
      if (writing) outcome.opened += await writing;
      return outcome;
    } finally {
      // Ends the read when a write failed (after the read in flight, as an async generator queues calls).
      await pages.return?.();
      if (wrote) await batch.announce();
    }
  }

  private breachesOf(page: ScanRow[], at: Date, outcome: ScanOutcome): NewWarning[] {
    const warnings: NewWarning[] = [];
    for (const row of page) {
      const { rule } = readWarningRule(row.rule);
      if (!rule) continue;
      outcome.evaluated += 1;
      const grade = rule.yjlx === 'level' ? gradeOf(row.zlx, row.target, row.cjz, calRuleOf(row.calRule)) : null;
      const verdict = evaluate(rule, { value: row.cjz, grade, zlx: row.zlx });
      if (verdict.kind === 'not-evaluable') outcome.notEvaluable += 1;
      if (verdict.kind !== 'breach') continue;
      warnings.push({ resultId: row.resultId, periodKey: periodKey(rule.yjzq, row.sj), yjsj: at, yjlx: rule.yjlx, tj: rule.tj, yjz: rule.yjz, jgz: row.cjz, zlx: row.zlx });
    }
    outcome.breaches += warnings.length;
    return warnings;
  }
}
