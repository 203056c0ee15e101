import { copyTaskId, pointsTaskId, syncTaskId, taskOf } from './library-task-id.js';

describe('copy and sync task ids', () => {
  it('derive from the request and tell the job back', () => {
    const copy = copyTaskId('3f458988-2b1c-4618-9c67-86c04e81fe24');
    expect(copy).toBe('copy-3f458988-2b1c-4618-9c67-86c04e81fe24');
    expect(taskOf(copy)).toEqual({ job: 'copy-target', libraryId: '3f458988-2b1c-4618-9c67-86c04e81fe24' });
    expect(syncTaskId('lib-a', 'ab12')).toBe('sync-lib-a-ab12');
    expect(syncTaskId('lib-a', 'ab12', 'lib-c')).toBe('sync-lib-a-ab12-lib-c');
    expect(taskOf(syncTaskId('lib-a', 'ab12'))).toEqual({ job: 'sync-quality' });
    expect(taskOf(pointsTaskId('r1'))).toEqual({ job: 'copy-points' });
  });

  it('are the same for the same request, so a repeat runs once', () => {
    expect(syncTaskId('p', '0f')).toBe(syncTaskId('p', '0f'));
    expect(syncTaskId('p', '0f')).not.toBe(syncTaskId('p', '10'));
  });

  it('refuse what BullMQ or the poll cannot take', () => {
    expect(() => copyTaskId('a:b')).toThrow(RangeError);
    expect(() => syncTaskId('p', 'XYZ')).toThrow(RangeError);
    expect(['', 'copy-', 'sync-', 'points-', 'merge-x', 'copy-a:b', 'copy-../x'].map(taskOf)).toEqual([null, null, null, null, null, null, null]);
  });
});
