import { useCallback, useRef } from 'react';

/**
 * Runs an action at most once at a time: a second click while the first still validates the form or waits for the
 * server is ignored. The button's spinner comes only after validation resolves, so without this a double-click sent
 * the request twice (a copied library was made twice).
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
