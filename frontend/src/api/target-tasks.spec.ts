/** @jest-environment @happy-dom/jest-environment */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { setClientConfig } from './client-config';
import { getTargetTasks } from './target-tasks';

let fetchMock: jest.Mock<(url: string, init: RequestInit) => Promise<Response>>;

beforeEach(() => {
  setClientConfig({ csrfSecret: 'secret' });
  const page = { meta: { success: true, message: '' }, code: 0, data: { records: [], total: 0, current: 1, pages: 0 } };
  fetchMock = jest.fn<(url: string, init: RequestInit) => Promise<Response>>().mockResolvedValue({
    status: 200,
    type: 'basic',
    headers: new Headers({ 'content-type': 'application/json' }),
    text: () => Promise.resolve(JSON.stringify(page)),
  } as unknown as Response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const sentQuery = () => new URL(fetchMock.mock.calls.at(-1)![0], 'http://x').searchParams;

describe('getTargetTasks', () => {
  it('sends a yes/no filter that is on (the leaf table asks leafOnly), and drops blanks and one that is off', async () => {
    await getTargetTasks({ pageType: 'DEPARTMENT_TASK', pageNum: 1, pageSize: 10, leafOnly: true, name: '  ' });
    expect(sentQuery().get('leafOnly')).toBe('true');
    expect(sentQuery().has('name')).toBe(false);
    await getTargetTasks({ pageType: 'DEPARTMENT_TASK', pageNum: 1, pageSize: 10, leafOnly: false, name: ' 课程 ' });
    expect(sentQuery().has('leafOnly')).toBe(false);
    expect(sentQuery().get('name')).toBe('课程');
  });
});
