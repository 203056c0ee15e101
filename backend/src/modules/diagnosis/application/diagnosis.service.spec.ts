import { jest } from '@jest/globals';
import { AppError } from '../../../shared/errors/app-error.js';
import { DiagnosisService, scoreOf } from './diagnosis.service.js';
import type { PointMonitoringReader } from './ports/point-monitoring-reader.port.js';
import type { LibraryAccessReader } from '../../target-standards/application/ports/library-access-reader.port.js';
import type { DiagnosisRepository, ObjTask, PointRow } from './ports/diagnosis-repository.port.js';
import type { AuditState } from '../domain/audit.js';
import type { TaskGrantsRepository } from './ports/task-grants-repository.port.js';
import type { Transaction, UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import type { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';

const task = (over: Partial<ObjTask> = {}): ObjTask => ({
  id: 't1', libraryId: 'lib', libraryName: '库', rwmc: '任务', objectType: 'major', objectCode: 'm', objectName: '软件技术', objectId: 'obj-m', cycleValue: '2026',
  departmentId: 'd1', ownerId: 'owner', ownerName: '陈静', auditorId: 'auditor', auditorName: '张伟', auditState: 'draft', score: null,
  kssj: '2026-01-01', jssj: '2026-12-31', cycleClosed: false, urgeCount: 0, lastUrgedAt: null, ...over,
});

const row = (over: Partial<PointRow> = {}): PointRow => ({
  pointId: 'p1', code: 'ZY-001', zkdmc: '就业率', nh: null, zdbz: null, bzz: '90', mbz: '95', zlx: 'percent', fsdl: 0, fsjzxz: 0, ration: null,
  calRule: null, indicatorId: null, xzmbz: null, jgz: null, xzjgz: null, jgdj: null, yyfx: null, gjcs: null, unfin: false, dis: false,
  sljsz: null, sldj: null, ...over,
});

function setup(options: { task?: ObjTask; rows?: PointRow[]; access?: 'write' | 'read' | null; admin?: boolean; cjfs?: 'report' | 'algorithm'; lockedState?: AuditState | null } = {}) {
  const saved: unknown[] = [];
  const audited: unknown[] = [];
  const source = () => ({ pointId: 'p1', sjlx: 'percent', jsgz: null, cjfs: options.cjfs ?? 'report', xsfs: 'table' });
  const repo = {
    task: jest.fn(async () => options.task ?? task()),
    tasks: jest.fn(async () => ({ rows: [] as ObjTask[], total: 0 })),
    rows: jest.fn(async () => options.rows ?? [row()]),
    datasources: jest.fn(async () => [source()]),
    indicators: jest.fn(async () => []),
    table: jest.fn(async () => ({ rows: options.rows ?? [row()], sources: [source()], indicators: [], files: [] })),
    // the task's state under the save's lock: as read unless a test says it changed meanwhile
    saveEntry: jest.fn(async (...args: unknown[]) => {
      const state = options.lockedState === undefined ? (options.task ?? task()).auditState : options.lockedState;
      if (state === 'draft' || state === 'refused') saved.push(args);
      return state;
    }),
    lockTask: jest.fn(async () => (options.task ?? task()).auditState),
    saveGrades: jest.fn(async () => undefined),
    audit: jest.fn(async (_tx: unknown, ...args: unknown[]) => { audited.push(args); return true; }),
    auditSteps: jest.fn(async () => []),
  } as unknown as DiagnosisRepository;
  const access = {
    accessOf: jest.fn(async () => options.access ?? null),
    librariesReadableBy: jest.fn(async () => []),
    isAdmin: jest.fn(async () => options.admin ?? false),
    departmentsHeadedBy: jest.fn(async () => []),
    standing: jest.fn(async () => ({ isAdmin: options.admin ?? false, libraryAccess: options.access ?? null, headsDepartments: [] })),
    reach: jest.fn(async () => ({ isAdmin: options.admin ?? false, headsDepartments: [], readableLibraries: [] })),
  } as unknown as LibraryAccessReader;
  const monitoring = {
    monitoring: jest.fn(async () => ({ warningVo: null, warningFlowVos: [], detailValue: [] })),
    latestSampledValue: jest.fn(async () => '88'),
  } as unknown as PointMonitoringReader;
  const grants = { heldBy: jest.fn(async () => ({})), list: jest.fn(async () => []) } as unknown as TaskGrantsRepository;
  const uow = { run: jest.fn(<T>(work: (tx: Transaction) => Promise<T>) => work({} as Transaction)) } as unknown as UnitOfWork;
  const posted: unknown[] = [];
  const outbox = { post: jest.fn(async (_tx: unknown, messages: unknown[]) => { posted.push(...messages); }), openBatch: jest.fn(() => 'b') } as unknown as MessageOutbox;
  return { sut: new DiagnosisService(repo, access, monitoring, grants, uow, outbox), repo, saved, audited, posted };
}

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof AppError ? { kind: e.kind, message: e.message, data: e.data } : e;
  }
  throw new Error('expected a refusal');
};

describe('DiagnosisService.saveRow', () => {
  it('refuses a reader and writes nothing', async () => {
    const { sut, saved } = setup({ access: 'read' });
    expect(await refusal(sut.saveRow('reader', 't1', 'p1', { yyfx: '原因', gjcs: '措施' }))).toMatchObject({ kind: 'NO_PERMISSION' });
    expect(saved).toEqual([]);
  });

  it('refuses edits after submission as a conflict', async () => {
    const { sut } = setup({ task: task({ auditState: 'submitted' }) });
    expect(await refusal(sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施' }))).toMatchObject({ kind: 'CONFLICT', message: '任务待审核，不能修改' });
  });

  it('answers the spec texts exactly and names the field', async () => {
    const { sut } = setup();
    expect(await refusal(sut.saveRow('owner', 't1', 'p1', { yyfx: ' ', gjcs: '措施' }))).toEqual({ kind: 'VALIDATION', message: '此项必填', data: { field: 'yyfx' } });
    expect(await refusal(sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: 'x'.repeat(501) }))).toEqual({ kind: 'VALIDATION', message: '最多只能输入500个字符', data: { field: 'gjcs' } });
  });

  it('takes a reported result, grades it and trims the texts', async () => {
    const { sut, saved } = setup();
    const wire = await sut.saveRow('owner', 't1', 'p1', { yyfx: '  原因  ', gjcs: '措施', jgz: '96' });
    expect(wire).toMatchObject({ jgz: '96', jgdj: 'A', dis: false, unfin: false, yyfx: '原因' });
    expect(saved).toHaveLength(1);
  });

  it('ignores revised values unless allowed', async () => {
    const { sut } = setup({ cjfs: 'algorithm', rows: [row({ jgz: '80' })] });
    const wire = await sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', xzjgz: '99' });
    // 80 is 84% of the target 95 (C) but below the standard 90: D (issue 35, the standard floors the grade)
    expect(wire).toMatchObject({ jgz: '80', xzjgz: null, jgdj: 'D', dis: true, unfin: true });
  });

  it('marks a result typed over a sampled one; cleared, the latest sample is the result again; unchanged, it stays sampled', async () => {
    const sampled = () => setup({ cjfs: 'algorithm', rows: [row({ jgz: '80', jgzSource: 'sampled' })] });
    let { sut, saved } = sampled();
    expect(await sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', jgz: '99' })).toMatchObject({ jgz: '99', jgdj: 'A' });
    expect(saved[0]).toEqual(['t1', 'p1', expect.objectContaining({ jgz: '99', jgzSource: 'typed' }), 'owner']);
    ({ sut, saved } = setup({ cjfs: 'algorithm', rows: [row({ jgz: '99', jgzSource: 'typed' })] }));
    expect(await sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', jgz: '' })).toMatchObject({ jgz: '88', jgdj: 'D', dis: true });
    expect(saved[0]).toEqual(['t1', 'p1', expect.objectContaining({ jgz: '88', jgzSource: 'sampled' }), 'owner']);
    ({ sut, saved } = sampled());
    await sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', jgz: '80' });
    expect(saved[0]).toEqual(['t1', 'p1', expect.objectContaining({ jgz: '80', jgzSource: 'sampled' }), 'owner']);
  });

  it('lets the revised result override when the point allows it', async () => {
    const { sut } = setup({ rows: [row({ fsjzxz: 1, jgz: '80' })], cjfs: 'algorithm' });
    expect(await sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', xzjgz: '95' })).toMatchObject({ xzjgz: '95', jgdj: 'A' });
  });

  it('reads only the saved point\'s row and sources, not the whole table', async () => {
    const { sut, repo } = setup();
    await sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', jgz: '96' });
    expect(repo.rows).toHaveBeenCalledWith('t1', 'lib', 'p1');
    expect(repo.datasources).toHaveBeenCalledWith('lib', 'p1');
  });

  it('refuses as a conflict when the task was submitted after the check, as its lock shows, and writes nothing', async () => {
    const { sut, saved } = setup({ lockedState: 'submitted' });
    expect(await refusal(sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施' }))).toMatchObject({ kind: 'CONFLICT', message: '任务待审核，不能修改' });
    expect(saved).toEqual([]);
    expect(await refusal(setup({ lockedState: null }).sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施' }))).toMatchObject({ kind: 'NOT_FOUND', message: '诊断任务不存在' });
  });

  it('takes a text value of 500 characters and refuses 501', async () => {
    const text = row({ zlx: 'text', bzz: null, mbz: null });
    expect(await setup({ rows: [text] }).sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', jgz: '字'.repeat(500) })).toMatchObject({ jgz: '字'.repeat(500) });
    expect(await refusal(setup({ rows: [text] }).sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', jgz: '字'.repeat(501) }))).toMatchObject({ message: '结果值：最多只能输入500个字符' });
  });

  it('refuses a value that does not fit the type, naming it', async () => {
    const { sut } = setup();
    expect(await refusal(sut.saveRow('owner', 't1', 'p1', { yyfx: '原因', gjcs: '措施', jgz: '很高' }))).toMatchObject({ message: '结果值：请填写数字' });
  });
});

describe('DiagnosisService tasks and rows on the wire', () => {
  it('answers the documents\' card fields: jkrmc the auditor, zqz the cycle, rwzt from the audit, kssj and jssj', async () => {
    const { sut, repo } = setup();
    jest.mocked(repo.tasks).mockResolvedValueOnce({ rows: [task({ auditState: 'passed' })], total: 1 });
    const page = await sut.tasks('owner', { pageNum: 1, pageSize: 10 });
    expect(page.records[0]).toMatchObject({ rwmc: '任务', jkrmc: '张伟', zqz: '2026', rwzt: 'finished', kssj: '2026-01-01', jssj: '2026-12-31', auditorName: '张伟' });
  });

  it('finds the drawer\'s point by the row\'s zkdid (its code), preferring a code over an id', async () => {
    const { sut } = setup({ access: 'read', rows: [row({ pointId: 'ZY-001', code: 'X' }), row({ pointId: 'p1', code: 'ZY-001' })] });
    expect(await sut.row('reader', 't1', 'ZY-001')).toMatchObject({ id: 'p1', zkdid: 'ZY-001' });
  });
});

describe('DiagnosisService.audit', () => {
  it('refuses to submit while a missing point has no analysis and measure', async () => {
    const { sut, audited } = setup({ rows: [row({ dis: true }), row({ pointId: 'p2', unfin: true, yyfx: '原因', gjcs: '措施' }), row({ pointId: 'p3' })] });
    expect(await refusal(sut.audit({ userId: 'owner', userName: '陈静' }, 't1', 'submit', null))).toMatchObject({ message: '还有1个未达标的质控点未填写原因分析和改进措施' });
    expect(audited).toEqual([]);
  });

  it('submits, and records who did it', async () => {
    const { sut, audited, posted } = setup({ rows: [row({ dis: true, yyfx: '原因', gjcs: '措施' })] });
    expect(await sut.audit({ userId: 'owner', userName: '陈静' }, 't1', 'submit', ' 请审核 ')).toEqual({ auditState: 'submitted', auditStateName: '待审核' });
    expect(audited).toEqual([['t1', 'draft', 'submitted', { action: 'submit', comment: '请审核', userId: 'owner', userName: '陈静' }]]);
    expect(posted).toEqual([{ userIds: ['auditor'], kind: 'diagnosis', title: '诊断任务待审核', content: expect.stringContaining('陈静提交了诊断任务'), objectType: 'obj-task', objectId: 't1', link: '/qualityManagement/improvement?task=t1' }]);
  });

  it('keeps the owner from passing their own task, and asks a refusal for its reason', async () => {
    const submitted = task({ auditState: 'submitted' });
    expect(await refusal(setup({ task: submitted, access: 'write' }).sut.audit({ userId: 'owner', userName: '陈静' }, 't1', 'pass', null))).toMatchObject({ kind: 'NO_PERMISSION' });
    expect(await refusal(setup({ task: submitted }).sut.audit({ userId: 'auditor', userName: '张伟' }, 't1', 'refuse', '  '))).toMatchObject({ message: '请填写不通过的原因' });
  });

  it('refuses an action the state does not allow', async () => {
    const { sut } = setup({ task: task({ auditState: 'passed' }) });
    expect(await refusal(sut.audit({ userId: 'auditor', userName: '张伟' }, 't1', 'pass', null))).toMatchObject({ kind: 'CONFLICT', message: '任务审核通过，不能审核通过' });
  });

  it('reports a state changed by someone else meanwhile', async () => {
    const { sut, repo } = setup({ task: task({ auditState: 'submitted' }) });
    jest.mocked(repo.audit).mockResolvedValueOnce(false);
    expect(await refusal(sut.audit({ userId: 'auditor', userName: '张伟' }, 't1', 'pass', null))).toMatchObject({ message: '任务状态已变化，请刷新后重试' });
  });
});

describe('DiagnosisService.recalculate', () => {
  it('locks the task, then grades the rows read in that transaction and writes them with the score', async () => {
    const rows = [row({ pointId: 'p1', jgz: '96' }), row({ pointId: 'p2', jgz: '50' }), row({ pointId: 'p3' })];
    const { sut, repo } = setup({ rows, access: 'write', admin: true });
    // no result yet grades D (unfinished): one of three at A
    expect(await sut.recalculate('admin', 't1')).toEqual({ graded: 3, score: 33.33 });
    const tx = (repo.lockTask as jest.Mock).mock.calls[0]![0];
    expect(repo.rows).toHaveBeenCalledWith('t1', 'lib', undefined, tx);
    expect(repo.saveGrades).toHaveBeenCalledWith(tx, 't1', [
      expect.objectContaining({ pointId: 'p1', jgdj: 'A' }), expect.objectContaining({ pointId: 'p2' }), expect.objectContaining({ pointId: 'p3' }),
    ], 33.33);
    const order = [repo.lockTask, repo.rows, repo.saveGrades].map((f) => (f as jest.Mock).mock.invocationCallOrder[0]);
    expect(order).toEqual([...order].sort((a, b) => a! - b!));
  });

  it('answers 诊断任务不存在 when the task went between the check and the lock, and writes nothing', async () => {
    const { sut, repo } = setup({ access: 'write', admin: true });
    (repo.lockTask as jest.Mock).mockImplementationOnce(async () => null);
    expect(await refusal(sut.recalculate('admin', 't1'))).toMatchObject({ kind: 'NOT_FOUND', message: '诊断任务不存在' });
    expect(repo.saveGrades).not.toHaveBeenCalled();
  });
});

describe('scoreOf', () => {
  it('is the share of graded points reaching their target, in percent with two decimals', () => {
    expect(scoreOf(['A', 'B', 'Y', null])).toBe(66.67);
    expect(scoreOf(['A', 'Y'])).toBe(100);
    expect(scoreOf([null, null])).toBeNull();
    expect(scoreOf([])).toBeNull();
  });
});
