/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DataScreen } from '@zhengai/contracts';
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useDataScreen, type ScreenState } from './hooks';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const screen = (systemName: string) => ({ systemName }) as DataScreen;

/** Calls answered by the test, in order. */
function calls() {
  const asked: { resolve(d: DataScreen): void; reject(e: unknown): void }[] = [];
  const load = () =>
    new Promise<DataScreen>((resolve, reject) => {
      asked.push({ resolve, reject });
    });
  return { asked, load };
}

let container: HTMLDivElement;
let root: Root;
let state: ScreenState;

function Probe({ load }: { load: () => Promise<DataScreen> }) {
  const seen = useDataScreen(1000, load);
  useEffect(() => {
    state = seen;
  });
  return null;
}

const settle = () => act(async () => {});

beforeEach(() => {
  jest.useFakeTimers();
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  jest.useRealTimers();
});

describe('useDataScreen', () => {
  it('asks one at a time, keeps the figures when a refresh fails and marks it', async () => {
    const { asked, load } = calls();
    act(() => root.render(<Probe load={load} />));
    expect(asked).toHaveLength(1);
    // while the first is on its way, the period passing starts no second request
    act(() => jest.advanceTimersByTime(5000));
    expect(asked).toHaveLength(1);

    asked[0].resolve(screen('A'));
    await settle();
    expect(state.data?.systemName).toBe('A');
    expect(state.failed).toBe(false);

    act(() => jest.advanceTimersByTime(1000));
    expect(asked).toHaveLength(2);
    asked[1].reject(new Error('down'));
    await settle();
    expect(state.data?.systemName).toBe('A');
    expect(state.failed).toBe(true);

    act(() => jest.advanceTimersByTime(1000));
    expect(asked).toHaveLength(3);
    asked[2].resolve(screen('B'));
    await settle();
    expect(state.data?.systemName).toBe('B');
    expect(state.failed).toBe(false);
    act(() => root.unmount());
  });

  it('stops asking once unmounted and drops a late answer', async () => {
    const { asked, load } = calls();
    act(() => root.render(<Probe load={load} />));
    asked[0].resolve(screen('A'));
    await settle();
    act(() => jest.advanceTimersByTime(1000));
    expect(asked).toHaveLength(2);
    act(() => root.unmount());
    asked[1].resolve(screen('late'));
    await settle();
    act(() => jest.advanceTimersByTime(10_000));
    expect(asked).toHaveLength(2);
    expect(state.data?.systemName).toBe('A');
    expect(jest.getTimerCount()).toBe(0);
  });
});
