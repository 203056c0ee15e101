import { jest } from '@jest/globals';
import { TargetCopyInputSchema } from '@zhengai/contracts';
import type { JobQueue, JobStatus } from '../../../infrastructure/queue/job-queue.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { LibraryGate } from './library-gate.js';
import { LibraryService } from './library.service.js';
import type { LibraryAccessReader } from './ports/library-access-reader.port.js';
import type { CatalogRepository } from './ports/catalog-repository.port.js';
import type { LibraryRecord, LibraryRepository } from './ports/library-repository.port.js';
import type { PointDefinitionRepository } from './ports/point-definition-repository.port.js';

const record = (over: Partial<LibraryRecord> = {}): LibraryRecord => ({
  id: 'lib', name: '库', cycleTypeId: 'c-year', cycleValue: '2026', targetLevelId: 'school', dimensionId: null, dimensionName: null, treeLevel: 3,
  targetType: 'library', parentId: null, parentName: null, creatorId: 'creator', creatorName: '王明', createdAt: new Date(2026, 0, 15, 8, 30, 5),
  deletedAt: null, childCount: 0, pointCount: 0, ...over,
});

function setup(options: { library?: LibraryRecord | null; grant?: 'write' | 'read' | null; admin?: boolean; creates?: boolean; status?: Partial<JobStatus> | null; children?: string[]; version?: string } = {}) {
  const writes: string[] = [];
  const enqueued: Array<{ name: string; payload: unknown; jobId: string | undefined }> = [];
  const repo = {
    find: jest.fn(async () => (options.library === undefined ? record() : options.library)),
    update: jest.fn(async () => { writes.push('update'); }),
    setDeleted: jest.fn(async (_id: string, deleted: boolean) => { writes.push(deleted ? 'delete' : 'recover'); return true; }),
    purge: jest.fn(async () => { writes.push('purge'); return { purged: true }; }),
    deepestIndicatorLevel: jest.fn(async () => 0),
    children: jest.fn(async () => options.children ?? []),
    syncVersion: jest.fn(async () => options.version ?? 'abc123'),
  } as unknown as LibraryRepository;
  const reader = {
    accessOf: jest.fn(async () => options.grant ?? null),
    isAdmin: jest.fn(async () => options.admin ?? false),
    writesStandardMenu: jest.fn(async () => options.creates ?? true),
  } as unknown as LibraryAccessReader;
  const queue = {
    enqueue: jest.fn(async (name: string, payload: unknown, opts?: { jobId?: string }) => { enqueued.push({ name, payload, jobId: opts?.jobId }); return { jobId: opts?.jobId ?? 'x' }; }),
    status: jest.fn(async () => (options.status === null ? null : { id: 'j', name: 'copy-target', payload: { requesterId: 'creator' }, state: 'waiting', attemptsMade: 0, failedReason: null, result: null, progress: null, ...options.status })),
  } as unknown as JobQueue;
  const catalog = { find: jest.fn(async (id: string) => (id === 'ind' ? { id, libraryId: 'lib', parentId: null, name: '指标', level: 1, sortOrder: 1 } : null)) } as unknown as CatalogRepository;
  const points = { idsIn: jest.fn(async (_lib: string, ids: string[]) => ids.filter((i) => i.startsWith('p'))) } as unknown as PointDefinitionRepository;
  return { sut: new LibraryService(repo, new LibraryGate(repo, reader), queue, catalog, points), writes, enqueued };
}

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof AppError ? { kind: e.kind, message: e.message } : e;
  }
  throw new Error('expected a refusal');
};

describe('LibraryService: edit, delete, recover, purge belong to the creator', () => {
  it.each([
    ['update', (s: LibraryService) => s.update('other', 'lib', { name: '改名' })],
    ['delete', (s: LibraryService) => s.remove('other', 'lib')],
    ['purge', (s: LibraryService) => s.purge('other', 'lib')],
  ])('refuses %s by a writer who is not the creator, writing nothing', async (_what, call) => {
    const { sut, writes } = setup({ grant: 'write' });
    expect(await refusal(call(sut))).toEqual({ kind: 'NO_PERMISSION', message: '用户无权访问该资源' });
    expect(writes).toEqual([]);
  });

  it('hides a deleted library from everyone but who may manage it, so others cannot recover it', async () => {
    const { sut, writes } = setup({ grant: 'write', library: record({ deletedAt: new Date() }) });
    expect(await refusal(sut.recover('other', 'lib'))).toMatchObject({ kind: 'NOT_FOUND' });
    expect(writes).toEqual([]);
  });

  it('lets the creator and administrators manage', async () => {
    const own = setup();
    await own.sut.remove('creator', 'lib');
    expect(own.writes).toEqual(['delete']);
    const admin = setup({ admin: true, library: record({ deletedAt: new Date() }) });
    await admin.sut.purge('admin', 'lib');
    expect(admin.writes).toEqual(['purge']);
  });

  it('purges only from the recycle bin', async () => {
    const { sut, writes } = setup();
    expect(await refusal(sut.purge('creator', 'lib'))).toEqual({ kind: 'CONFLICT', message: '请先删除到回收站，再彻底删除' });
    expect(writes).toEqual([]);
  });

  it('shows the card with the spec\'s date formats and the person\'s reach', async () => {
    const { sut } = setup({ grant: 'read' });
    expect(await sut.detail('reader', 'lib')).toMatchObject({ createTime: '2026-01-15 08:30:05', createdTime: '2026-01-15', creator: 'creator', canEdit: false, access: 'read', child: false });
  });
});

describe('LibraryService: copy and sync are jobs with ids from the request', () => {
  it('makes the new library id first and enqueues the copy under it', async () => {
    const { sut, enqueued } = setup({ grant: 'read' });
    // the body as the controller reads it: the contract's schema trims the name
    const answer = await sut.copy('reader', TargetCopyInputSchema.parse({ id: 'lib', name: ' 副本 ', cycleValue: '2027' }));
    expect(answer.taskId).toBe(`copy-${answer.libraryId}`);
    expect(enqueued).toEqual([{ name: 'copy-target', payload: { sourceId: 'lib', libraryId: answer.libraryId, name: '副本', cycleValue: '2027', requesterId: 'reader' }, jobId: answer.taskId }]);
  });

  it('gives a double click on sync the same task id', async () => {
    const { sut, enqueued } = setup({ children: ['c1', 'c2'] });
    const first = await sut.sync('creator', { parentId: 'lib' });
    const second = await sut.sync('creator', { parentId: 'lib' });
    expect(first).toEqual({ taskId: 'sync-lib-abc123' });
    expect(second).toEqual(first);
    expect(enqueued.map((e) => e.jobId)).toEqual(['sync-lib-abc123', 'sync-lib-abc123']);
  });

  it('refuses a copy to whom the 目标标准 menu grants only reading, enqueueing nothing', async () => {
    const { sut, enqueued } = setup({ grant: 'read', creates: false });
    expect(await refusal(sut.copy('expert', { id: 'lib', name: '副本' }))).toMatchObject({ kind: 'NO_PERMISSION' });
    expect(enqueued).toEqual([]);
  });

  it('refuses sync to a reader of the parent', async () => {
    const { sut, enqueued } = setup({ grant: 'read', children: ['c1'] });
    expect(await refusal(sut.sync('reader', { parentId: 'lib' }))).toMatchObject({ kind: 'NO_PERMISSION' });
    expect(enqueued).toEqual([]);
  });

  it.each([
    [{ state: 'waiting' }, false],
    [{ state: 'active' }, false],
    [{ state: 'waiting', attemptsMade: 1, failedReason: 'boom' }, false],
    [{ state: 'completed', result: { state: 'copied' } }, true],
    [{ state: 'completed', result: { state: 'exists' } }, true],
  ] as const)('checkStatus of %p is %p', async (status, answer) => {
    expect(await setup({ status }).sut.checkStatus('creator', 'copy-abc')).toBe(answer);
  });

  it('answers a failure with its message, never the raw reason', async () => {
    expect(await refusal(setup({ status: { state: 'failed', failedReason: 'relation "x" does not exist' } }).sut.checkStatus('creator', 'copy-abc'))).toEqual({ kind: 'CONFLICT', message: '复制目标标准失败，请稍后重试' });
    expect(await refusal(setup({ status: { state: 'completed', result: { state: 'refused', reason: '要复制的目标标准不存在或已删除' } } }).sut.checkStatus('creator', 'copy-abc'))).toEqual({ kind: 'CONFLICT', message: '要复制的目标标准不存在或已删除' });
    expect(await refusal(setup({ status: { state: 'failed' } }).sut.checkStatus('creator', 'sync-lib-ab'))).toEqual({ kind: 'CONFLICT', message: '同步质控点失败，请稍后重试' });
  });

  it('answers someone else\'s job as an unknown one, and a sync to whoever may start the same sync', async () => {
    const unknown = { kind: 'NOT_FOUND', message: '任务不存在或已过期' };
    expect(await refusal(setup({ status: { state: 'completed', result: { state: 'copied' } } }).sut.checkStatus('other', 'copy-abc'))).toEqual(unknown);
    expect(await refusal(setup({ status: null }).sut.checkStatus('other', 'copy-lib'))).toEqual(unknown);
    expect(await setup({ admin: true, status: { state: 'active' } }).sut.checkStatus('other', 'copy-abc')).toBe(false);
    const sync = { name: 'sync-quality', payload: { requesterId: 'creator', parentId: 'lib', childId: null }, state: 'completed', result: { state: 'synced' } } as Partial<JobStatus>;
    expect(await refusal(setup({ grant: 'read', status: sync }).sut.checkStatus('reader', 'sync-lib-ab'))).toEqual(unknown);
    expect(await setup({ grant: 'write', status: sync }).sut.checkStatus('writer', 'sync-lib-ab')).toBe(true);
  });

  it('knows a finished copy by its library once the job is gone, and refuses a task id it does not know', async () => {
    expect(await setup({ status: null }).sut.checkStatus('creator', 'copy-lib')).toBe(true);
    expect(await refusal(setup({ status: null, library: null }).sut.checkStatus('creator', 'copy-lib'))).toMatchObject({ kind: 'NOT_FOUND' });
    expect(await refusal(setup().sut.checkStatus('creator', 'merge-x'))).toEqual({ kind: 'VALIDATION', message: '任务编号不正确' });
  });
});

describe('LibraryService: the async task result', () => {
  it('answers how far a job is, with its step, and a refusal or a fault as failed with a Chinese reason', async () => {
    const running = await setup({ status: { state: 'active', progress: { done: 2, total: 5, step: '复制质控点' } } }).sut.taskResult('creator', 'copy-abc');
    expect(running).toEqual({ taskId: 'j', state: 'running', done: 2, total: 5, step: '复制质控点', reason: null, libraryId: 'abc', renamed: [] });
    expect(await setup().sut.taskResult('creator', 'copy-abc')).toMatchObject({ state: 'waiting', done: 0, total: 0, step: '排队中' });
    const done = await setup({ status: { state: 'completed', result: { state: 'copied' }, progress: { done: 5, total: 5, step: '完成' } } }).sut.taskResult('creator', 'copy-abc');
    expect(done).toMatchObject({ state: 'done', done: 5, total: 5, step: '完成', reason: null });
    const refused = await setup({ status: { state: 'completed', result: { state: 'refused', reason: '要复制的目标标准不存在或已删除' }, progress: { done: 0, total: 5, step: '失败' } } }).sut.taskResult('creator', 'copy-abc');
    expect(refused).toMatchObject({ state: 'failed', step: '失败', reason: '要复制的目标标准不存在或已删除' });
    // A fault answers the job's own message, never the exception's text.
    const fault = await setup({ status: { name: 'copy-points', state: 'failed', failedReason: 'deadlock detected', progress: { done: 1, total: 3, step: '复制质控点' } } }).sut.taskResult('creator', 'points-x');
    expect(fault).toMatchObject({ state: 'failed', done: 1, total: 3, reason: '复制质控点失败，请稍后重试' });
    expect(await refusal(setup({ status: { state: 'completed' } }).sut.taskResult('other', 'points-x'))).toEqual({ kind: 'NOT_FOUND', message: '任务不存在或已过期' });
  });
});

describe('LibraryService: quality/copy', () => {
  it('enqueues a copy of points into the indicator\'s library for a writer, with a points- task id', async () => {
    const { sut, enqueued } = setup({ grant: 'write' });
    const started = await sut.copyPoints('writer', { sourceLibraryId: 'lib', pointIds: ['p1', 'p2', 'p1'], indicatorId: 'ind' });
    expect(started.taskId).toMatch(/^points-[0-9a-f-]{36}$/);
    expect(enqueued).toEqual([{ name: 'copy-points', payload: { sourceLibraryId: 'lib', pointIds: ['p1', 'p2'], targetLibraryId: 'lib', indicatorId: 'ind', requesterId: 'writer' }, jobId: started.taskId }]);
  });

  it('refuses a reader of the target, an unknown indicator and points not of the source, enqueuing nothing', async () => {
    const reader = setup({ grant: 'read' });
    expect(await refusal(reader.sut.copyPoints('reader', { sourceLibraryId: 'lib', pointIds: ['p1'], indicatorId: 'ind' }))).toMatchObject({ kind: 'NO_PERMISSION' });
    const writer = setup({ grant: 'write' });
    expect(await refusal(writer.sut.copyPoints('writer', { sourceLibraryId: 'lib', pointIds: ['p1'], indicatorId: 'nope' }))).toEqual({ kind: 'NOT_FOUND', message: '指标不存在' });
    expect(await refusal(writer.sut.copyPoints('writer', { sourceLibraryId: 'lib', pointIds: ['p1', 'x9'], indicatorId: 'ind' }))).toEqual({ kind: 'VALIDATION', message: '质控点不存在或不属于来源目标标准' });
    expect([...reader.enqueued, ...writer.enqueued]).toEqual([]);
  });
});
