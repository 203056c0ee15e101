import { useCallback, useState } from 'react';
import { getObjectActions, listObjects, type DiagnosisObjectActions, type ObjectLevel } from '../../../api/diagnosis-objects';
import { useRequest } from '../../../hooks/use-request';
import type { StateFilter } from './object-page';

/** Rows a page (spec 000 §9: the default page size). */
export const PAGE_SIZE = 10;

export interface ObjectQuery {
  keyword: string;
  departmentId: string | null;
  upperId: string | null;
  state: StateFilter;
}

export const EMPTY_QUERY: ObjectQuery = { keyword: '', departmentId: null, upperId: null, state: 'live' };

interface Request {
  level: ObjectLevel;
  query: ObjectQuery;
  pageNum: number;
  /** bumped to load the same page again */
  nonce: number;
}

const NO_ACTIONS: DiagnosisObjectActions = { actions: [], importLevels: [] };

/** What the server says this person may do on the page (the buttons follow it). */
export function useObjectActions(): DiagnosisObjectActions {
  return useRequest(() => getObjectActions(), 'object-actions').data ?? NO_ACTIONS;
}

/** One page of one level's objects. */
export function useObjectList(initialLevel: ObjectLevel) {
  const [request, setRequest] = useState<Request>({ level: initialLevel, query: EMPTY_QUERY, pageNum: 1, nonce: 0 });
  const { data, loading } = useRequest(
    () =>
      listObjects({
        level: request.level,
        pageNum: request.pageNum,
        pageSize: PAGE_SIZE,
        keyword: request.query.keyword || undefined,
        departmentId: request.query.departmentId,
        upperId: request.query.upperId,
        state: request.query.state,
      }),
    JSON.stringify(request),
  );
  const change = useCallback((next: (current: Request) => Request) => setRequest((current) => ({ ...next(current), nonce: current.nonce + 1 })), []);
  return {
    page: data,
    loading,
    level: request.level,
    query: request.query,
    setLevel: useCallback((level: ObjectLevel) => change(() => ({ level, query: EMPTY_QUERY, pageNum: 1, nonce: 0 })), [change]),
    search: useCallback((query: ObjectQuery) => change((current) => ({ ...current, query, pageNum: 1 })), [change]),
    goTo: useCallback((pageNum: number) => change((current) => ({ ...current, pageNum })), [change]),
    reload: useCallback(() => change((current) => current), [change]),
  };
}
