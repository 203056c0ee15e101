import { useMemo } from 'react';
import type { LoginUser, Page, TodoCounts } from '../../api/types';
import { getMyWarnings, type MyWarning } from '../../api/warnings';
import { getClientConfig } from '../../api/client-config';
import { getTodoCounts, getWarningCount } from '../../api/user';
import { useRequest } from '../../hooks/use-request';
import { summarizeWarnings, warningQueries, type WarningQuery, type WarningSummary } from './home-data';

/** How many open warnings the home page lists. */
export const MY_WARNINGS_SHOWN = 8;

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
}

/** The person's to-do counts; a failure leaves an empty state (the request layer shows the error). */
export function useTodoCounts(): Loaded<TodoCounts> {
  return useRequest(() => getTodoCounts(), 'todo-counts');
}

/** The warning scopes the configuration and the person's menus allow. */
export function useWarningQueries(user: LoginUser | null): WarningQuery[] {
  const menus = user?.menus;
  const departments = user?.newChargeDeparmentIdList;
  const charged = user?.chargeDeparmentIdList;
  const enabled = getClientConfig().warningCountsEnabled;
  return useMemo(
    () => warningQueries({ menus, newChargeDeparmentIdList: departments, chargeDeparmentIdList: charged }, enabled),
    [menus, departments, charged, enabled],
  );
}

/** The warning sums of one scope; each scope's card loads on its own, side by side with the others. */
export function useScopeWarnings(query: WarningQuery): Loaded<WarningSummary> {
  return useRequest(() => getWarningCount(query.params).then(summarizeWarnings), JSON.stringify(query.params));
}

/** The person's open warnings, newest first (the first page); only asked when `enabled`. */
export function useMyWarnings(enabled: boolean): Loaded<Page<MyWarning>> {
  return useRequest(enabled ? () => getMyWarnings({ pageNum: 1, pageSize: MY_WARNINGS_SHOWN }) : null, 'my-warnings');
}
