import { useCallback, useState } from 'react';
import type { DepartmentNode, Page, PersonKind, Role, UserRecord, UserType } from '../../../api/types';
import { getCommonUsers, getDepartmentTree, getRoles, getUserTypes } from '../../../api/user';
import { useRequest } from '../../../hooks/use-request';

/** Rows a page (spec 000 §9: the default page size). */
export const PAGE_SIZE = 10;

export interface Lookups {
  tree: DepartmentNode[];
  /** null until loaded (an empty list when loading failed) */
  roles: Role[] | null;
  userTypes: UserType[];
}

const NO_TREE: DepartmentNode[] = [];
const NO_TYPES: UserType[] = [];
const NO_ROLES: Role[] = [];

/** The department tree, the roles and the user types, loaded once; a failure leaves that list empty. */
export function useLookups(): Lookups {
  const tree = useRequest(() => getDepartmentTree(), 'tree');
  const roles = useRequest(() => getRoles().then((page) => page.records), 'roles');
  const userTypes = useRequest(() => getUserTypes({ pageNum: 1, pageSize: 100 }).then((page) => page.records), 'user-types');
  return { tree: tree.data ?? NO_TREE, roles: roles.data ?? (roles.failed ? NO_ROLES : null), userTypes: userTypes.data ?? NO_TYPES };
}

export interface UserQuery {
  /** name or account, part of it */
  userName: string;
  orgId: string | null;
  personKind: PersonKind | null;
}

interface Request {
  query: UserQuery;
  pageNum: number;
  /** bumped to load the same page again */
  nonce: number;
}

export interface UserList {
  page: Page<UserRecord> | null;
  /** the roles of each person on the page */
  rolesByUser: Map<string, Role[]>;
  loading: boolean;
  query: UserQuery;
  search(query: UserQuery): void;
  goTo(pageNum: number): void;
  reload(): void;
}

/** One page of people; each record carries the person's roles (read by the server for the page only). */
async function loadUserPage(request: Request): Promise<{ page: Page<UserRecord>; rolesByUser: Map<string, Role[]> }> {
  const ask = (pageNum: number) => getCommonUsers({ ...request.query, pageNum, pageSize: PAGE_SIZE });
  const first = await ask(request.pageNum);
  // the last row of the last page was deleted: show the page before it
  const page = !first.records.length && request.pageNum > 1 && first.total > 0 ? await ask(Math.ceil(first.total / PAGE_SIZE)) : first;
  return { page, rolesByUser: new Map(page.records.map((r) => [r.userId, r.roles ?? []])) };
}

const NO_HOLDERS = new Map<string, Role[]>();

/** One page of people with their roles; waits for the role list. */
export function useUserList(roles: Role[] | null): UserList {
  const [request, setRequest] = useState<Request>({ query: { userName: '', orgId: null, personKind: null }, pageNum: 1, nonce: 0 });
  const { data, loading } = useRequest(roles ? () => loadUserPage(request) : null, JSON.stringify(request));

  const change = useCallback((next: (current: Request) => Request) => {
    setRequest((current) => ({ ...next(current), nonce: current.nonce + 1 }));
  }, []);

  return {
    page: data?.page ?? null,
    rolesByUser: data?.rolesByUser ?? NO_HOLDERS,
    // the list waits for the roles
    loading: !roles || loading,
    query: request.query,
    search: useCallback((query: UserQuery) => change(() => ({ query, pageNum: 1, nonce: 0 })), [change]),
    goTo: useCallback((pageNum: number) => change((current) => ({ ...current, pageNum })), [change]),
    reload: useCallback(() => change((current) => current), [change]),
  };
}

/** `userTypeId` → name. */
export function userTypeNames(types: UserType[]): Map<string, string> {
  return new Map(types.map((t) => [t.userTypeId, t.userTypeName]));
}

/** Sex codes of spec 000 §3 as text; anything else is unknown. */
export function sexText(sex: UserRecord['sex']): string | null {
  const code = String(sex ?? '');
  return code === '1' ? '男' : code === '2' ? '女' : null;
}
