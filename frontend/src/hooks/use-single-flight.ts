import { useCallback, useRef } from 'react';

/**
 * Runs an action at most once at a time: a second click while the first still validates the form or waits for the
 * server is ignored. The button's spinner comes only after validation resolves and React renders it, so without this
 * the second click of a double-click, landing after the first's request went out, sent it twice (a copied library was
 * made twice). (Two clicks both before validation resolves are also caught by antd, which drops an overtaken one.)
 */
export function useSingleFlight(): (action: () => Promise<void>) => void {
  const running = useRef(false);
  return useCallback((action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    void action().finally(() => {
      running.current = false;
    });
  }, []);
}
