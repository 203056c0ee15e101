import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRequest } from '../../../hooks/use-request';
import type { DepartmentNode, DepartmentShortName, UserRecord } from '../../../api/types';
import { getCommonUsers, getDepartmentShortNames, getDepartmentTree } from '../../../api/user';
import { indexDepartments, type DepartmentInfo } from '../department-tree';

interface Loaded {
  tree: DepartmentNode[];
  shortNames: DepartmentShortName[];
}

export interface DepartmentData {
  tree: DepartmentNode[];
  /** every department by id, with what the details panel shows */
  index: Map<string, DepartmentInfo>;
  loading: boolean;
  /** loads tree and short names again, e.g. after a write; resolves once they are shown */
  reload(): Promise<void>;
}

/** The tree and the short names side by side; a failure keeps what was there (the request layer shows it). */
function loadDepartments(): Promise<Loaded> {
  return Promise.all([getDepartmentTree(), getDepartmentShortNames()]).then(([tree, shortNames]) => ({ tree, shortNames: shortNames.records }));
}

const NO_DEPARTMENTS: Loaded = { tree: [], shortNames: [] };

export function useDepartmentData(): DepartmentData {
  const { data, loading, reload } = useRequest(loadDepartments, 'departments');
  const loaded = data ?? NO_DEPARTMENTS;
  const index = useMemo(() => indexDepartments(loaded.tree, loaded.shortNames), [loaded]);
  const reloaded = useCallback(async () => {
    await reload();
  }, [reload]);
  return { tree: loaded.tree, index, loading, reload: reloaded };
}

export interface UserOption {
  value: string;
  label: string;
}

export const userLabel = (user: Pick<UserRecord, 'userName' | 'account'>) => `${user.userName}（${user.account}）`;

const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_PAGE_SIZE = 20;

/**
 * People for the head picker: the first page at once, then what matches the typed name or account,
 * 300 ms after the last key; an answer that arrives after a newer search is dropped.
 */
export function useUserSearch(): { options: UserOption[]; searching: boolean; search(text: string): void } {
  const [options, setOptions] = useState<UserOption[]>([]);
  const [searching, setSearching] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);

  const run = useCallback((text: string) => {
    const ticket = ++latest.current;
    getCommonUsers({ userName: text.trim(), pageNum: 1, pageSize: SEARCH_PAGE_SIZE }).then(
      (page) => {
        if (ticket !== latest.current) return;
        setOptions(page.records.map((user) => ({ value: user.userId, label: userLabel(user) })));
        setSearching(false);
      },
      () => ticket === latest.current && setSearching(false),
    );
  }, []);

  useEffect(() => {
    run('');
    return () => {
      latest.current = -1;
      clearTimeout(timer.current);
    };
  }, [run]);

  const search = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setSearching(true);
      timer.current = setTimeout(() => run(text), SEARCH_DEBOUNCE_MS);
    },
    [run],
  );

  return { options, searching, search };
}
