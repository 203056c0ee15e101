import { useEffect, useRef, useState } from 'react';
import type { UserRecord } from '../api/types';
import { getCommonUsers } from '../api/user';
import { useRequest } from './use-request';

/** The search waits this long after the last key (000 §5: 300 ms). */
const SEARCH_DEBOUNCE_MS = 300;
const PEOPLE_PAGE_SIZE = 20;

/** A person as a Select option: the user id, and the name with account and department. */
export interface Person {
  value: string;
  label: string;
}

export const personOf = (user: UserRecord): Person => ({
  value: user.userId,
  label: user.orgName ? `${user.userName}（${user.account}，${user.orgName}）` : `${user.userName}（${user.account}）`,
});

/**
 * The people a picker offers (the share modal, 权限设置): the first page whenever `key` opens it, then what the typed
 * name finds, asked once typing pauses; an answer overtaken by a later search is dropped. `keep` leaves people out
 * (the file's uploader).
 */
export function usePersonSearch(key: string | null, keep: (user: UserRecord) => boolean = () => true) {
  const [options, setOptions] = useState<Person[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const asked = useRef(0);

  useRequest(key !== null ? () => getCommonUsers({ pageNum: 1, pageSize: PEOPLE_PAGE_SIZE }) : null, key ?? '', {
    onSuccess: (page) => setOptions(page.records.filter(keep).map(personOf)),
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [key],
  );

  const search = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const ask = ++asked.current;
      setSearching(true);
      getCommonUsers({ userName: text.trim(), pageNum: 1, pageSize: PEOPLE_PAGE_SIZE }).then(
        (page) => {
          if (ask !== asked.current) return;
          setOptions(page.records.filter(keep).map(personOf));
          setSearching(false);
        },
        () => ask === asked.current && setSearching(false),
      );
    }, SEARCH_DEBOUNCE_MS);
  };

  /** forgets the options (a closed modal opens again from its own first page) */
  const reset = () => setOptions([]);

  return { options, searching, search, reset };
}
