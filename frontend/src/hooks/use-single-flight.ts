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
    void action()
      .catch((error: unknown) => {
        // A form's validateFields() rejects with the fields it marked, which the form shows: nothing went wrong (left
        // uncaught, every click of OK on an empty form logged an error). Anything else is a fault, and stays one.
        if (!isValidationFailure(error)) throw error;
      })
      .finally(() => {
        running.current = false;
      });
  }, []);
}

/** antd's validateFields() rejection: `{ errorFields, values, outOfDate }`. */
export function isValidationFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Array.isArray((error as { errorFields?: unknown }).errorFields);
}
