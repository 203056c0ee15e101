import { checkFailedHooks, checkHandlers } from './job-handler-registry.js';

describe('checkHandlers', () => {
  it('accepts one handler a job', () => {
    expect(checkHandlers(['a', 'b'], [{ name: 'a', owner: 'X.a' }, { name: 'b', owner: 'Y.b' }])).toEqual([]);
  });

  it('names a job without a handler, a job with two, and a handler for an unknown job', () => {
    expect(checkHandlers(['a', 'b'], [{ name: 'a', owner: 'X.a' }, { name: 'a', owner: 'Z.a' }, { name: 'c', owner: 'W.c' }])).toEqual([
      'job "a" has 2 handlers: X.a, Z.a',
      'job "b" has no @OnJob handler',
      'W.c handles "c", which is not in the job catalogue',
    ]);
  });
});

describe('checkFailedHooks', () => {
  it('accepts no hook or one a job, and names two hooks for one job and a hook for an unknown job', () => {
    expect(checkFailedHooks(['a', 'b'], [])).toEqual([]);
    expect(checkFailedHooks(['a', 'b'], [{ name: 'a', owner: 'X.failed' }])).toEqual([]);
    expect(checkFailedHooks(['a'], [{ name: 'a', owner: 'X.f' }, { name: 'a', owner: 'Y.f' }, { name: 'c', owner: 'W.f' }])).toEqual([
      'W.f hooks the failure of "c", which is not in the job catalogue',
      'job "a" has 2 failure hooks: X.f, Y.f',
    ]);
  });
});
