import type { DataScreen } from '@zhengai/contracts';
import { useEffect, useRef, useState } from 'react';
import { dataScreenOverview } from '../../api/school-analysis';

// silent: a wall screen shows its own 更新失败 mark instead of a toast every period
const overview = () => dataScreenOverview({ silent: true });

export interface ScreenState {
  data: DataScreen | null;
  /** the last refresh failed: the figures shown are the ones before */
  failed: boolean;
  /** when the shown figures were received */
  receivedAt: Date | null;
}

/**
 * Asks dataScreen/overview now and then every `periodMs`, one request at a time (the next tick is scheduled when the
 * answer came), keeping the last figures when a refresh fails. Built to run for hours: one timer, cleared on unmount;
 * an answer arriving after unmount is dropped; nothing accumulates (each answer replaces the last).
 */
export function useDataScreen(periodMs: number, load: () => Promise<DataScreen> = overview): ScreenState {
  const [state, setState] = useState<ScreenState>({ data: null, failed: false, receivedAt: null });
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      loader.current().then(
        (data) => {
          if (live) setState({ data, failed: false, receivedAt: new Date() });
        },
        () => {
          if (live) setState((s) => ({ ...s, failed: true }));
        },
      ).finally(() => {
        if (live) timer = setTimeout(tick, periodMs);
      });
    };
    tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [periodMs]);
  return state;
}

/** The time now, ticking every second (only the clock component re-renders). */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
