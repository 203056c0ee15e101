import { RWJD_STATES, type Rwjd } from '@zhengai/contracts';
import { addDays, closes, covers, duePeriods, expiredKey, periodOf, warningsToOpen, type WarningConditions, type WarningTask } from './task-warnings.js';

const Q15: WarningConditions = { cadence: 'quarter', graceDays: 15 };
const task = (over: Partial<WarningTask> = {}): WarningTask => ({ rwjd: 'executeing', paused: false, kssj: '2026-02-10', jssj: '2026-12-31', reports: [], ...over });

describe('task warnings: periods', () => {
  it.each([
    ['2026-03-15', 'month', '2026-03', '2026-03-01', '2026-03-31'],
    ['2028-02-29', 'month', '2028-02', '2028-02-01', '2028-02-29'],
    ['2026-02-10', 'quarter', '2026-Q1', '2026-01-01', '2026-03-31'],
    ['2026-12-31', 'quarter', '2026-Q4', '2026-10-01', '2026-12-31'],
    ['2026-06-30', 'halfYear', '2026-H1', '2026-01-01', '2026-06-30'],
    ['2026-07-01', 'halfYear', '2026-H2', '2026-07-01', '2026-12-31'],
  ] as const)('%s by %s is %s (%s – %s)', (date, cadence, key, start, end) => {
    expect(periodOf(date, cadence)).toEqual({ key, start, end });
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-03-31', 15)).toBe('2026-04-15');
    expect(addDays('2026-12-20', 15)).toBe('2027-01-04');
  });

  it('a period is due once its end plus grace is before today, and only periods ending before jssj', () => {
    expect(duePeriods(task(), Q15, '2026-04-15').map((p) => p.key)).toEqual([]);
    expect(duePeriods(task(), Q15, '2026-04-16').map((p) => p.key)).toEqual(['2026-Q1']);
    expect(duePeriods(task(), Q15, '2026-10-20').map((p) => p.key)).toEqual(['2026-Q1', '2026-Q2', '2026-Q3']);
    // Q4 ends on jssj: the final report's, not a process report's
    expect(duePeriods(task(), Q15, '2027-03-01').map((p) => p.key)).toEqual(['2026-Q1', '2026-Q2', '2026-Q3']);
    expect(duePeriods(task({ jssj: '2026-05-01' }), Q15, '2026-12-01').map((p) => p.key)).toEqual(['2026-Q1']);
    expect(duePeriods(task(), { cadence: 'month', graceDays: 0 }, '2026-04-01').map((p) => p.key)).toEqual(['2026-02', '2026-03']);
    expect(duePeriods(task(), { cadence: 'halfYear', graceDays: 15 }, '2026-07-16').map((p) => p.key)).toEqual(['2026-H1']);
  });

  it('owes nothing before execution, when paused, finished, or without kssj', () => {
    const owing = RWJD_STATES.filter((s) => duePeriods(task({ rwjd: s }), Q15, '2026-08-01').length > 0);
    expect(owing).toEqual<Rwjd[]>(['executeing', 'delayNotDone']);
    expect(duePeriods(task({ paused: true }), Q15, '2026-08-01')).toEqual([]);
    expect(duePeriods(task({ kssj: null }), Q15, '2026-08-01')).toEqual([]);
  });
});

describe('task warnings: opening and closing', () => {
  const q1 = periodOf('2026-01-01', 'quarter');

  it('a report covers its period when dated in it (grace included) or naming it, never when rejected', () => {
    expect(covers({ date: '2026-03-01', periodKey: null, audit: 'reviewing' }, q1, 15)).toBe(true);
    expect(covers({ date: '2026-04-15', periodKey: null, audit: 'pass' }, q1, 15)).toBe(true);
    expect(covers({ date: '2026-04-16', periodKey: null, audit: 'pass' }, q1, 15)).toBe(false);
    expect(covers({ date: '2026-05-20', periodKey: '2026-Q1', audit: 'childPass' }, q1, 15)).toBe(true);
    expect(covers({ date: '2026-03-01', periodKey: '2026-Q2', audit: 'pass' }, q1, 15)).toBe(false);
    expect(covers({ date: '2026-03-01', periodKey: null, audit: 'reject' }, q1, 15)).toBe(false);
  });

  it('opens a process warning per uncovered due period and an expired one once jssj passed', () => {
    const t = task({ jssj: '2026-09-30', reports: [{ date: '2026-05-02', periodKey: null, audit: 'pass' }] });
    expect(warningsToOpen(t, Q15, '2026-10-01')).toEqual([{ kind: 'process', periodKey: '2026-Q1' }, { kind: 'expired', periodKey: 'jssj:2026-09-30' }]);
    expect(warningsToOpen(t, Q15, '2026-09-30')).toEqual([{ kind: 'process', periodKey: '2026-Q1' }]);
  });

  it('an unfinished task of any state is overdue past jssj; a finished one never', () => {
    const overdue = RWJD_STATES.filter((s) => warningsToOpen(task({ rwjd: s, kssj: null, jssj: '2026-06-30' }), Q15, '2026-07-01').length > 0);
    expect(overdue).toEqual(RWJD_STATES.filter((s) => s !== 'hasDone' && s !== 'delayDone'));
  });

  it('an expired warning closes when the task finishes or jssj moves; a granted delay that passes opens a new one', () => {
    const w = { kind: 'expired' as const, periodKey: expiredKey('2026-06-30') };
    expect(closes(w, task({ jssj: '2026-06-30' }), Q15, '2026-07-01')).toBe(false);
    expect(closes(w, task({ jssj: '2026-06-30', rwjd: 'hasDone' }), Q15, '2026-07-01')).toBe(true);
    expect(closes(w, task({ jssj: '2026-07-31', rwjd: 'delayNotDone' }), Q15, '2026-07-01')).toBe(true);
    const later = task({ jssj: '2026-07-31', rwjd: 'delayNotDone', kssj: null });
    expect(warningsToOpen(later, Q15, '2026-08-01')).toEqual([{ kind: 'expired', periodKey: 'jssj:2026-07-31' }]);
  });

  it('a process warning closes when a report covers its period or the task finishes; pausing closes nothing', () => {
    const w = { kind: 'process' as const, periodKey: q1.key, period: q1 };
    expect(closes(w, task({ paused: true }), Q15, '2026-05-01')).toBe(false);
    expect(closes(w, task({ reports: [{ date: '2026-05-01', periodKey: null, audit: 'reviewing' }] }), Q15, '2026-05-01')).toBe(false);
    expect(closes(w, task({ reports: [{ date: '2026-05-01', periodKey: '2026-Q1', audit: 'reviewing' }] }), Q15, '2026-05-01')).toBe(true);
    expect(closes(w, task({ reports: [{ date: '2026-05-01', periodKey: '2026-Q1', audit: 'reject' }] }), Q15, '2026-05-01')).toBe(false);
    expect(closes(w, task({ rwjd: 'delayDone' }), Q15, '2026-05-01')).toBe(true);
  });
});
