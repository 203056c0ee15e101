import type { JobStatus } from '../../infrastructure/queue/job-queue.port.js';
import { readJob } from './job-reading.js';

const TEXTS = { waiting: '排队中', done: '完成', failed: '失败', failedReason: '复制失败' };
const status = (over: Partial<JobStatus>): JobStatus =>
  ({ id: 'j1', name: 'copy-target', payload: {}, state: 'waiting', attemptsMade: 0, failedReason: null, result: null, progress: null, ...over }) as JobStatus;

describe('readJob: one reading of a job for the progress routes', () => {
  const totals = { done: 3, unreported: 0 };

  it('reads a job not started as waiting with nothing done, and a running one with its last report', () => {
    expect(readJob(status({}), TEXTS, totals)).toEqual({ state: 'waiting', done: 0, total: 0, step: '排队中', reason: null });
    expect(readJob(status({ state: 'active', progress: { done: 1, total: 3, step: '复制质控点' } }), TEXTS, totals)).toEqual({ state: 'running', done: 1, total: 3, step: '复制质控点', reason: null });
  });

  it('reads a completed job as done with every step', () => {
    expect(readJob(status({ state: 'completed', result: { state: 'done' } }), TEXTS, totals)).toEqual({ state: 'done', done: 3, total: 3, step: '完成', reason: null });
  });

  it('reads a completed refusal or failure as failed with its reason, and a failed job with the last reported reason or the kind\'s', () => {
    expect(readJob(status({ state: 'completed', result: { state: 'refused', reason: '名称已存在' }, progress: { done: 1, total: 3, step: 'x' } }), TEXTS, totals)).toEqual({ state: 'failed', done: 1, total: 3, step: '失败', reason: '名称已存在' });
    expect(readJob(status({ state: 'completed', result: { state: 'failed', reason: '生成失败' } }), TEXTS, totals).reason).toBe('生成失败');
    expect(readJob(status({ state: 'failed', progress: { done: 2, total: 3, step: 'x', reason: '数据库不可用' } }), TEXTS, totals)).toEqual({ state: 'failed', done: 2, total: 3, step: '失败', reason: '数据库不可用' });
    expect(readJob(status({ state: 'failed' }), TEXTS, { done: 3, unreported: 3 })).toEqual({ state: 'failed', done: 0, total: 3, step: '失败', reason: '复制失败' });
  });
});
