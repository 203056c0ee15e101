import { z } from 'zod';
import { JOB_CATALOGUE } from '../../shared/jobs/job-catalogue.js';
import { InvalidJobPayloadError, parseJobPayload } from './job-payload.js';

const copy = { sourceId: 'lib-1', libraryId: 'lib-2', name: '2026 专业标准', cycleValue: '2026', requesterId: 'u-1' };
const accepts = (name: keyof typeof JOB_CATALOGUE, payload: unknown) => parseJobPayload(name, JOB_CATALOGUE[name], payload);

describe('parseJobPayload', () => {
  it('gives the payload its schema reads', () => {
    expect(parseJobPayload('x', { payload: z.object({ key: z.string() }) }, { key: 'a', extra: 1 })).toEqual({ key: 'a' });
  });

  it('refuses a payload the schema refuses, naming the job and the field', () => {
    expect(() => parseJobPayload('x', { payload: z.object({ key: z.string() }) }, { key: 42 })).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('x', { payload: z.object({ key: z.string() }) }, null)).toThrow(/^job "x": invalid payload: /);
    expect(() => parseJobPayload('x', { payload: z.object({ key: z.string() }) }, {})).toThrow(/key/);
  });
});

describe('the job catalogue schemas', () => {
  it('accept what the services enqueue', () => {
    expect(accepts('merge-file', { guid: 'abcdefgh-1234' })).toEqual({ guid: 'abcdefgh-1234' });
    expect(accepts('copy-target', copy)).toEqual(copy);
    expect(accepts('copy-target', { ...copy, cycleValue: null })).toEqual({ ...copy, cycleValue: null });
    expect(accepts('sync-quality', { parentId: 'p1', childId: null, requesterId: 'u1' })).toEqual({ parentId: 'p1', childId: null, requesterId: 'u1' });
    expect(accepts('update-obj-lists', { objTaskId: 't1', direction: 'up', requesterId: 'u1' })).toMatchObject({ direction: 'up' });
    expect(accepts('scan-warnings', { reason: 'manual' })).toEqual({ reason: 'manual' });
    expect(accepts('purge-sessions', {})).toEqual({});
  });

  it.each([
    ['merge-file', { guid: 'short' }],
    ['merge-file', { guid: '../../etc/passwd' }],
    ['copy-target', { ...copy, name: '   ' }],
    ['copy-target', { ...copy, name: '名'.repeat(201) }],
    ['copy-target', { ...copy, cycleValue: 'x'.repeat(41) }],
    ['copy-target', { ...copy, sourceId: 'a b' }],
    ['copy-target', { ...copy, requesterId: undefined }],
    ['sync-quality', { parentId: 'p1', childId: 'bad id', requesterId: 'u1' }],
    ['sync-quality', { childId: null, requesterId: 'u1' }],
    ['update-obj-lists', { objTaskId: 't1', direction: 'sideways', requesterId: 'u1' }],
    ['scan-warnings', { reason: 'whim' }],
  ] as const)('refuse a %s payload %j', (name, payload) => {
    expect(() => accepts(name, payload)).toThrow(InvalidJobPayloadError);
  });

  it('count a name by code points, as the copy form does', () => {
    expect(accepts('copy-target', { ...copy, name: '𠀀'.repeat(200) })).toMatchObject({ requesterId: 'u-1' });
  });
});
