/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { announceDataChanged } from '../api/data-events';
import { resetNotifier, setNotifier, type Notifier } from '../api/notifier';
import { ApiError } from '../api/request';
import { useRequest, type RequestOptions, type RequestState } from './use-request';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A promise and the function that settles it with a value. */
function pending(): { promise: Promise<string>; resolve(value: string): void } {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

interface Props {
  load: (() => Promise<string>) | null;
  requestKey: string;
  options?: RequestOptions<string>;
}

let container: HTMLDivElement;
let root: Root;
let state: RequestState<string>;
let renders: number;
let errors: string[];

function record(seen: RequestState<string>) {
  state = seen;
  renders += 1;
}

/** Hands what the hook returns to the test after each render. */
function Probe({ load, requestKey, options }: Props) {
  const seen = useRequest(load, requestKey, options);
  useEffect(() => record(seen));
  return null;
}

async function render(props: Props) {
  await act(async () => root.render(<Probe {...props} />));
}

/** lets the answers given so far reach the hook */
async function flush() {
  await act(async () => undefined);
}

beforeEach(() => {
  container = document.createElement('div');
  root = createRoot(container);
  renders = 0;
  errors = [];
  setNotifier({ error: (text: string) => errors.push(text) } as unknown as Notifier);
});

afterEach(async () => {
  await act(async () => root.unmount());
  resetNotifier();
});

describe('useRequest', () => {
  it('is loading until the answer, then holds it', async () => {
    const answer = pending();
    await render({ load: () => answer.promise, requestKey: 'a' });
    expect(state).toMatchObject({ data: null, loading: true, failed: false });

    answer.resolve('first');
    await flush();
    expect(state).toMatchObject({ data: 'first', loading: false, failed: false });
  });

  it('asks again when the key changes, showing the previous answer meanwhile', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('of a');
    await render({ load, requestKey: 'a' });
    await flush();

    const next = pending();
    load.mockReturnValueOnce(next.promise);
    await render({ load, requestKey: 'b' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(state).toMatchObject({ data: 'of a', loading: true });

    next.resolve('of b');
    await flush();
    expect(state).toMatchObject({ data: 'of b', loading: false });
  });

  it('shows nothing of another key without keepPrevious', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('of a').mockReturnValueOnce(new Promise(() => undefined));
    await render({ load, requestKey: 'a', options: { keepPrevious: false } });
    await flush();
    await render({ load, requestKey: 'b', options: { keepPrevious: false } });
    expect(state).toMatchObject({ data: null, loading: true });
  });

  it('without keepPrevious, a failure of another key does not bring the previous answer back', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('of a').mockRejectedValueOnce(new ApiError('business', '操作失败'));
    await render({ load, requestKey: 'a', options: { keepPrevious: false } });
    await flush();
    await render({ load, requestKey: 'b', options: { keepPrevious: false } });
    await flush();
    expect(state).toMatchObject({ data: null, loading: false, failed: true });
  });

  it('drops the answer of a key that is no longer asked for', async () => {
    const slow = pending();
    const fast = pending();
    await render({ load: () => slow.promise, requestKey: 'a' });
    await render({ load: () => fast.promise, requestKey: 'b' });
    fast.resolve('of b');
    await flush();
    slow.resolve('of a');
    await flush();
    expect(state.data).toBe('of b');
  });

  it('reload asks again with the same key and resolves with the answer', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('one').mockResolvedValueOnce('two');
    await render({ load, requestKey: 'a' });
    await flush();

    let reloaded: Promise<string | null> = Promise.resolve(null);
    await act(async () => {
      reloaded = state.reload();
    });
    expect(load).toHaveBeenCalledTimes(2);
    await expect(reloaded).resolves.toBe('two');
    expect(state).toMatchObject({ data: 'two', loading: false });
  });

  it('asks nothing while load is null and asks afresh each time it comes back', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('first').mockReturnValueOnce(new Promise(() => undefined));
    await render({ load: null, requestKey: 'a' });
    expect(state).toMatchObject({ data: null, loading: false, failed: false });
    expect(load).not.toHaveBeenCalled();

    await render({ load, requestKey: 'a', options: { keepPrevious: false } });
    await flush();
    expect(state.data).toBe('first');
    await render({ load: null, requestKey: 'a', options: { keepPrevious: false } });
    // closing keeps what is shown (the modal fades out with it)
    expect(state).toMatchObject({ data: 'first', loading: false });

    await render({ load, requestKey: 'a', options: { keepPrevious: false } });
    expect(load).toHaveBeenCalledTimes(2);
    expect(state).toMatchObject({ data: null, loading: true });
  });

  it('keeps the last answer when a request fails, and says nothing more for an ApiError', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('good').mockRejectedValueOnce(new ApiError('business', '操作失败'));
    const onError = jest.fn();
    await render({ load, requestKey: 'a', options: { onError } });
    await flush();
    await act(async () => {
      void state.reload();
    });
    await flush();
    expect(state).toMatchObject({ data: 'good', loading: false, failed: true });
    expect(onError).toHaveBeenCalledTimes(1);
    // the request layer has shown the server's message
    expect(errors).toEqual([]);
  });

  it('tells the notifier of a failure the request layer did not see', async () => {
    await render({ load: () => Promise.reject(new Error('坏数据')), requestKey: 'a' });
    await flush();
    expect(state.failed).toBe(true);
    expect(errors).toEqual(['坏数据']);
  });

  it('calls onSuccess with the answer and setData changes it in place', async () => {
    const onSuccess = jest.fn();
    await render({ load: () => Promise.resolve('x'), requestKey: 'a', options: { onSuccess } });
    await flush();
    expect(onSuccess).toHaveBeenCalledWith('x');

    await act(async () => state.setData((current) => `${current}y`));
    expect(state).toMatchObject({ data: 'xy', loading: false });
  });

  it('does nothing after the component went away', async () => {
    const answer = pending();
    const onSuccess = jest.fn();
    await render({ load: () => answer.promise, requestKey: 'a', options: { onSuccess } });
    await act(async () => root.unmount());
    const before = renders;

    answer.resolve('late');
    await flush();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(renders).toBe(before);
    root = createRoot(container); // for afterEach
  });
});

/** a signal, and the timer that gathers a burst of them */
async function announce() {
  await act(async () => {
    announceDataChanged();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await flush();
}

describe('useRequest when data may have changed', () => {
  it('asks again quietly: what is shown stays and loading stays off until the new answer replaces it', async () => {
    const next = pending();
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('待审核').mockReturnValueOnce(next.promise);
    const onSuccess = jest.fn();
    await render({ load, requestKey: 'a', options: { onSuccess } });
    await flush();
    expect(onSuccess).toHaveBeenCalledTimes(1);

    await announce();
    expect(load).toHaveBeenCalledTimes(2);
    expect(state).toMatchObject({ data: '待审核', loading: false });

    next.resolve('已退回');
    await flush();
    expect(state).toMatchObject({ data: '已退回', loading: false, failed: false });
    // a form filled by onSuccess is not filled again under the person
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('asks once for a burst of signals', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValue('x');
    await render({ load, requestKey: 'a' });
    await flush();
    await act(async () => {
      announceDataChanged();
      announceDataChanged();
      announceDataChanged();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the shown object when the new answer is the same', async () => {
    const load = jest.fn<() => Promise<{ n: number }>>().mockResolvedValueOnce({ n: 1 }).mockResolvedValueOnce({ n: 1 });
    let seen: RequestState<{ n: number }> | undefined;
    function ObjectProbe() {
      const s = useRequest(load, 'o');
      useEffect(() => {
        seen = s;
      });
      return null;
    }
    await act(async () => root.render(<ObjectProbe />));
    await flush();
    const first = seen?.data;
    expect(first).toEqual({ n: 1 });
    await announce();
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen?.data).toBe(first);
  });

  it('leaves out readers that opted out and readers asking nothing', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValue('x');
    await render({ load, requestKey: 'a', options: { live: false } });
    await flush();
    await announce();
    expect(load).toHaveBeenCalledTimes(1);

    await render({ load: null, requestKey: 'a' });
    await announce();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps what is shown and tells nothing when a quiet refresh fails', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('good').mockRejectedValueOnce(new Error('坏数据'));
    const onError = jest.fn();
    await render({ load, requestKey: 'a', options: { onError } });
    await flush();
    await announce();
    expect(load).toHaveBeenCalledTimes(2);
    expect(state).toMatchObject({ data: 'good', loading: false, failed: false });
    expect(onError).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
  });

  it('still calls onSuccess for a reload the screen asked for when a signal overtakes it', async () => {
    const asked = pending();
    const load = jest.fn<() => Promise<string>>().mockResolvedValueOnce('v1').mockReturnValueOnce(asked.promise).mockResolvedValueOnce('v2');
    const onSuccess = jest.fn();
    await render({ load, requestKey: 'a', options: { onSuccess } });
    await flush();
    let reloaded: Promise<string | null> | undefined;
    await act(async () => {
      reloaded = state.reload();
    });
    await announce();
    asked.resolve('stale');
    await flush();
    await expect(reloaded).resolves.toBe('v2');
    expect(onSuccess).toHaveBeenLastCalledWith('v2');
    expect(state).toMatchObject({ data: 'v2', loading: false });
  });

  it('stops listening when the component goes away', async () => {
    const load = jest.fn<() => Promise<string>>().mockResolvedValue('x');
    await render({ load, requestKey: 'a' });
    await flush();
    await act(async () => root.unmount());
    await announce();
    expect(load).toHaveBeenCalledTimes(1);
    root = createRoot(container); // for afterEach
  });
});
