import { jest } from '@jest/globals';
import { TaskProgressSchema, type TaskProgress } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { LibraryCopyObserver, type CopyStep } from '../../backend/src/modules/target-standards/application/ports/library-copier.port.js';
import type { Client } from './support/files-fixtures.js';
import { buildLibrary, rowsOf } from './support/library-fixtures.js';
import { client, seed } from './support/session.js';
import { startTestApp, waitFor, type TestApp } from './support/test-app.js';

// Issue 12: the status of a copy or a sync answers how far it is (done of total, the step in Chinese) and, once it
// failed, why; target/checkStatus keeps the documents' true/false and answers the same reason. Ids prefixed jp-.
jest.setTimeout(60_000);

const API = '/api/herm-znfx';
const UNKNOWN = { meta: { success: false, message: '任务不存在或已过期' }, data: null };

describe('job progress: copy and sync answer done of total, the step and the failure reason', () => {
  let t: TestApp;
  let db: DataSource;
  let fabu: Client; // u-publisher: creates the libraries
  let rwfzr: Client; // u-owner: no part in the jobs

  const as = async (account: string): Promise<Client> => {
    const c = client(t);
    expect((await c.login(account, 'Demo2026')).status).toBe(200);
    return c;
  };
  const progress = async (c: Client, taskId: string): Promise<TaskProgress> => {
    const res = await c.get(`${API}/quality/taskResult?taskId=${encodeURIComponent(taskId)}`);
    expect(res.body.meta).toEqual({ success: true, message: '' });
    // The answer has exactly the contract's fields.
    expect(TaskProgressSchema.parse(res.body.data)).toEqual(res.body.data);
    return res.body.data as TaskProgress;
  };
  /** Polls the progress as the screen does until the job has ended; answers every answer seen. */
  const watch = async (c: Client, taskId: string): Promise<TaskProgress[]> => {
    const seen: TaskProgress[] = [];
    await waitFor(async () => {
      const p = await progress(c, taskId);
      seen.push(p);
      return p.state === 'done' || p.state === 'failed';
    }, `task ${taskId}`, 30_000);
    return seen;
  };
  /** Replaces the copy observer for one test: the copy waits at a step until released. */
  const pauseAt = (step: CopyStep) => {
    const observer = t.app.get(LibraryCopyObserver);
    const original = observer.reached.bind(observer);
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let reached = false;
    observer.reached = async (s) => {
      if (s !== step) return;
      reached = true;
      await released;
    };
    return { reached: () => reached, release, restore: () => { release(); observer.reached = original; } };
  };

  beforeAll(async () => {
    t = await startTestApp({ runWorkers: true });
    db = await seed(t);
    await buildLibrary(db, 'jp-big', { tree: [4, 5, 6], points: 1500 }, { name: '进度大库' });
    await buildLibrary(db, 'jp-parent', { tree: [1, 2, 2], points: 12 }, { name: '进度上级库' });
    for (const child of ['jp-child-1', 'jp-child-2', 'jp-child-3']) await buildLibrary(db, child, { tree: [1, 1, 1], points: 1 }, { name: `进度子库${child}`, parentId: 'jp-parent' });
    [fabu, rwfzr] = await Promise.all([as('fabu'), as('rwfzr')]);
  });
  afterAll(() => t.close());

  it('shows a library copy at its stage while it runs, and done == total with the last step once copied', async () => {
    const pause = pauseAt('points');
    try {
      const started = await fabu.post(`${API}/target/copy`, { id: 'jp-big', name: '进度大库（副本）' });
      const { taskId, libraryId } = started.body.data as { taskId: string; libraryId: string };
      await waitFor(async () => pause.reached(), 'the copy to reach its points');
      // The points are written (inside the transaction), the data sources not yet: 2 of 5 stages done.
      expect(await progress(fabu, taskId)).toEqual({ taskId, state: 'running', done: 2, total: 5, step: '复制质控点', reason: null, libraryId, renamed: [] });
      expect((await fabu.get(`${API}/target/checkStatus?taskId=${taskId}`)).body).toMatchObject({ meta: { success: true }, data: false });
      // Nobody else learns of the job.
      expect((await rwfzr.get(`${API}/quality/taskResult?taskId=${taskId}`)).body).toMatchObject(UNKNOWN);
      pause.release();
      const seen = await watch(fabu, taskId);
      expect(seen.at(-1)).toEqual({ taskId, state: 'done', done: 5, total: 5, step: '完成', reason: null, libraryId, renamed: [] });
      expect((await fabu.get(`${API}/target/checkStatus?taskId=${taskId}`)).body).toMatchObject({ meta: { success: true }, data: true });
      expect(await rowsOf(db, libraryId)).toEqual({ library: 1, indicators: 4 + 20 + 120, points: 1500, datasources: 2000, authorities: 3 });
    } finally {
      pause.restore();
    }
  });

  it('answers a copy whose source was deleted before the worker ran as failed, with the reason, and copies nothing', async () => {
    await buildLibrary(db, 'jp-gone', { tree: [1, 1, 2], points: 20 }, { name: '将被删除的库' });
    const pause = pauseAt('start');
    try {
      const started = await fabu.post(`${API}/target/copy`, { id: 'jp-gone', name: '来源已删' });
      const { taskId, libraryId } = started.body.data as { taskId: string; libraryId: string };
      await waitFor(async () => pause.reached(), 'the copy to start');
      // The creator deletes the source for good while the job waits.
      expect((await fabu.post(`${API}/target/delete`, { id: 'jp-gone' })).body.meta.success).toBe(true);
      expect((await fabu.post(`${API}/target/purge`, { id: 'jp-gone' })).body.meta.success).toBe(true);
      pause.release();
      const last = (await watch(fabu, taskId)).at(-1);
      expect(last).toEqual({ taskId, state: 'failed', done: 0, total: 5, step: '失败', reason: '要复制的目标标准不存在或已删除', libraryId, renamed: [] });
      expect((await fabu.get(`${API}/target/checkStatus?taskId=${taskId}`)).body).toEqual({ meta: { success: false, message: '要复制的目标标准不存在或已删除' }, data: null, code: expect.any(Number) });
      expect(await rowsOf(db, libraryId)).toEqual({ library: 0, indicators: 0, points: 0, datasources: 0, authorities: 0 });
    } finally {
      pause.restore();
    }
  });

  it('answers a copy that keeps failing with a Chinese reason and how far its last try got, never the exception', async () => {
    const observer = t.app.get(LibraryCopyObserver);
    const original = observer.reached.bind(observer);
    observer.reached = async (step) => {
      if (step === 'datasources') throw new Error('could not extend file "base/16384/2619": No space left on device');
    };
    try {
      const started = await fabu.post(`${API}/target/copy`, { id: 'jp-parent', name: '总失败' });
      const { taskId, libraryId } = started.body.data as { taskId: string; libraryId: string };
      const last = (await watch(fabu, taskId)).at(-1);
      expect(last).toEqual({ taskId, state: 'failed', done: 3, total: 5, step: '失败', reason: '复制目标标准失败，请稍后重试', libraryId, renamed: [] });
      expect(JSON.stringify(last)).not.toMatch(/space|Error|at /);
      expect(await rowsOf(db, libraryId)).toEqual({ library: 0, indicators: 0, points: 0, datasources: 0, authorities: 0 });
    } finally {
      observer.reached = original;
    }
  });

  it('counts a sync by its children, done == total at the end', async () => {
    const started = await fabu.post(`${API}/quality/sync`, { parentId: 'jp-parent' });
    expect(started.body.meta.success).toBe(true);
    const taskId = started.body.data.taskId as string;
    const seen = await watch(fabu, taskId);
    expect(seen.at(-1)).toEqual({ taskId, state: 'done', done: 3, total: 3, step: '完成', reason: null, libraryId: null, renamed: [] });
    // Every answer while it ran counted children of the same three.
    for (const p of seen) expect(p.total === 0 || p.total === 3).toBe(true);
    // Each child now holds the parent's 12 points (its own one matched by code).
    const rows = await db.query(`SELECT library_id AS id, count(*)::int AS n FROM quality_point WHERE library_id = ANY($1) GROUP BY library_id ORDER BY library_id`, [['jp-child-1', 'jp-child-2', 'jp-child-3']]);
    expect(rows).toEqual([{ id: 'jp-child-1', n: 12 }, { id: 'jp-child-2', n: 12 }, { id: 'jp-child-3', n: 12 }]);
  });

  it('refuses a task id of no job of ours', async () => {
    expect((await fabu.get(`${API}/quality/taskResult?taskId=merge-1`)).body.meta).toEqual({ success: false, message: '任务编号不正确' });
    expect((await fabu.get(`${API}/quality/taskResult?taskId=points-${'0'.repeat(8)}`)).body).toMatchObject(UNKNOWN);
  });
});
