import { useEffect, useMemo, useState } from 'react';
import type { LoginUser, Page, TodoCounts } from '../../api/types';
import { getMyWarnings, type MyWarning } from '../../api/warnings';
import { getTodoCounts, getWarningCount } from '../../api/user';
import { summarizeWarnings, warningQueries, type WarningQuery, type WarningScope, type WarningSummary } from './home-data';

/** How many open warnings the home page lists. */
export const MY_WARNINGS_SHOWN = 8;

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
}

/** The person's to-do counts; a failure leaves an empty state (the request layer shows the error). */
export function useTodoCounts(): Loaded<TodoCounts> {
  const [state, setState] = useState<Loaded<TodoCounts>>({ data: null, loading: true, failed: false });
  useEffect(() => {
    let live = true;
    getTodoCounts().then(
      (data) => live && setState({ data, loading: false, failed: false }),
      () => live && setState({ data: null, loading: false, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export interface ScopeWarnings extends Loaded<WarningSummary> {
  query: WarningQuery;
}

/** The warning sums of every scope the person's menus allow, loaded side by side. */
export function useWarningSummaries(user: LoginUser | null): ScopeWarnings[] {
  const menus = user?.menus;
  const departments = user?.newChargeDeparmentIdList;
  const charged = user?.chargeDeparmentIdList;
  const queries = useMemo(
    () => warningQueries({ menus, newChargeDeparmentIdList: departments, chargeDeparmentIdList: charged }),
    [menus, departments, charged],
  );
  const [results, setResults] = useState<Partial<Record<WarningScope, Loaded<WarningSummary>>>>({});

  useEffect(() => {
    let live = true;
    for (const query of queries) {
      const settle = (result: Loaded<WarningSummary>) => {
        if (live) setResults((current) => ({ ...current, [query.scope]: result }));
      };
      getWarningCount(query.params).then(
        (answer) => settle({ data: summarizeWarnings(answer), loading: false, failed: false }),
        () => settle({ data: null, loading: false, failed: true }),
      );
    }
    return () => {
      live = false;
    };
  }, [queries]);

  return queries.map((query) => ({ query, ...(results[query.scope] ?? { data: null, loading: true, failed: false }) }));
}

/** The person's open warnings, newest first (the first page); only asked when `enabled`. */
export function useMyWarnings(enabled: boolean): Loaded<Page<MyWarning>> {
  const [state, setState] = useState<Loaded<Page<MyWarning>>>({ data: null, loading: enabled, failed: false });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    getMyWarnings({ pageNum: 1, pageSize: MY_WARNINGS_SHOWN }).then(
      (data) => live && setState({ data, loading: false, failed: false }),
      () => live && setState({ data: null, loading: false, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}
