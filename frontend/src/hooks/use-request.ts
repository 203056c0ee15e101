import { useCallback, useEffect, useRef, useState } from 'react';
import { onDataChanged, quietly } from '../api/data-events';
import { notifier } from '../api/notifier';
import { ApiError } from '../api/request';

export interface RequestOptions<T> {
  /**
   * true (default): what was shown stays while the next answer is on its way, for another key too.
   * false: an answer is shown only for the key and the activation it was asked for (a modal opened again
   * starts empty).
   */
  keepPrevious?: boolean;
  /**
   * true (default): asks again, quietly, whenever data may have changed (a write of this person's, the person
   * coming back to the window: api/data-events.ts). false: only for its key and reload() (a reader whose answer
   * must not move under the person, e.g. the session check).
   */
  live?: boolean;
  /**
   * after an answer, while the asking component is still there (e.g. to fill a form); not after a quiet refresh,
   * so a form being edited is never filled again under the person
   */
  onSuccess?(data: T): void;
  /** after a failure, while the asking component is still there; not after a quiet refresh */
  onError?(error: unknown): void;
}

export interface RequestState<T> {
  /** the last answer (see keepPrevious); null until there is one */
  data: T | null;
  /** an answer for the current key is on its way */
  loading: boolean;
  /** the last request for the current key failed (its data, if any, is the one before) */
  failed: boolean;
  /** asks again; resolves with the answer, or null when it failed */
  reload(): Promise<T | null>;
  /** changes the shown data in place (a saved row, a toggled box) without asking */
  setData(update: (current: T | null) => T | null): void;
}

interface Answer<T> {
  /** the run it answered (key and reload count); null: none yet */
  run: string | null;
  key: string | null;
  data: T | null;
  failed: boolean;
}

const NO_ANSWER: Answer<never> = { run: null, key: null, data: null, failed: false };

/** An ApiError has been shown by the request layer already (or was asked to be silent); anything else is ours to tell. */
function report(error: unknown): void {
  if (error instanceof ApiError) return;
  notifier().error(error instanceof Error ? error.message : String(error));
}

/** The same data as JSON: a quiet refresh that brings nothing new keeps the shown object (no re-render downstream). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * Loads `load()` and again whenever `key` changes or `reload()` is called; `load` null asks nothing (a closed
 * modal, a missing id), and each time it turns non-null again it asks afresh. An answer that arrives after the
 * key changed, or after the component went away, is dropped.
 *
 * A live reader (the default) also asks again when data may have changed (api/data-events.ts): quietly — what is
 * shown stays, `loading` stays false, onSuccess/onError are not called — and once per burst of signals.
 */
export function useRequest<T>(load: (() => Promise<T>) | null, key: string, options: RequestOptions<T> = {}): RequestState<T> {
  const keepPrevious = options.keepPrevious ?? true;
  const enabled = load !== null;
  const live = options.live ?? true;
  const [nonce, setNonce] = useState(0);
  // quiet refreshes: a change asks again under the same run, so `loading` does not turn on
  const [refresh, setRefresh] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>(NO_ANSWER);

  // every activation asks afresh; without keepPrevious it also forgets the last one's answer
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (enabled !== wasEnabled) {
    setWasEnabled(enabled);
    if (enabled) {
      setNonce((n) => n + 1);
      if (!keepPrevious) setAnswer(NO_ANSWER);
    }
  }

  const run = enabled ? `${key}#${nonce}` : null;
  // the latest load and callbacks, without making them part of what starts a run
  const latest = useRef({ load, key, options });
  useEffect(() => {
    latest.current = { load, key, options };
  });
  // reload() promises, settled by the next answer
  const waiting = useRef<((data: T | null) => void)[]>([]);
  // the run last answered: a refresh of it is quiet; one that finds its run still unanswered asks loudly again
  const answeredRun = useRef<string | null>(null);

  // a burst of signals (a write and the screen's own reload, a focus and a visibility change) is one refresh
  useEffect(() => {
    if (!enabled || !live) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = onDataChanged(() => {
      timer ??= setTimeout(() => {
        timer = null;
        setRefresh((n) => n + 1);
      }, 0);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [enabled, live]);

  useEffect(() => {
    const { load: ask, key: asked } = latest.current;
    if (run === null || !ask) return;
    const quiet = answeredRun.current === run;
    let live = true;
    const settle = (data: T | null) => {
      const resolve = waiting.current;
      waiting.current = [];
      for (const r of resolve) r(data);
    };
    (quiet ? quietly(ask) : ask()).then(
      (data) => {
        if (!live) return;
        answeredRun.current = run;
        setAnswer((a) => ({ run, key: asked, data: quiet && a.run === run && sameData(a.data, data) ? (a.data as T) : data, failed: false }));
        if (!quiet) latest.current.options.onSuccess?.(data);
        settle(data);
      },
      (error: unknown) => {
        if (!live) return;
        answeredRun.current = run;
        // a quiet refresh that failed keeps what is shown; the request layer has said why, if anything
        if (quiet) {
          settle(null);
          return;
        }
        report(error);
        // what was shown stays, unless it belongs to another key that may not be shown
        const keep = latest.current.options.keepPrevious ?? true;
        setAnswer((a) => ({ run, key: asked, data: keep || a.key === asked ? a.data : null, failed: true }));
        latest.current.options.onError?.(error);
        settle(null);
      },
    );
    return () => {
      live = false;
    };
    // a run is the key and the reload count: a new one of either asks again; a refresh asks again quietly
  }, [run, refresh]);

  const reload = useCallback(
    () =>
      new Promise<T | null>((resolve) => {
        waiting.current.push(resolve);
        setNonce((n) => n + 1);
      }),
    [],
  );
  const setData = useCallback((update: (current: T | null) => T | null) => setAnswer((a) => ({ ...a, data: update(a.data) })), []);

  const own = answer.key === key;
  return {
    data: own || keepPrevious ? answer.data : null,
    loading: run !== null && answer.run !== run,
    failed: own && answer.failed,
    reload,
    setData,
  };
}
