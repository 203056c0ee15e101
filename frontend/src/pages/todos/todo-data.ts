// Pure helpers of 我的待办: where an item's link leads among the person's pages, and the filters in the URL.
import { TODO_GROUPS, TODO_KINDS, type TodoGroup, type TodoItem, type TodoKind } from '@zhengai/contracts';
import type { MenuPage } from '../../menus/menu-routes';

export const TODO_PATH = '/todo';

/** The task lists, in the order a target task's link falls back through when the person lacks the page it names. */
const TASK_LISTS = ['/qualityManagement/annualWbs/department', '/qualityManagement/annualWbs/yearTask', '/qualityManagement/annualWbs/personal', '/qualityManagement/annualWbs/warning'];

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/'));

/**
 * The page an item opens: the server's path when the person has it, else the same page of a centre (诊断改进 and
 * 质量报告 live in each development centre too: the same last segment), else another task list for a target task;
 * null when the person has none of them.
 */
export function todoPath(link: TodoItem['link'], pages: readonly Pick<MenuPage, 'path'>[]): string | null {
  const paths = new Set(pages.map((p) => p.path));
  if (paths.has(link.path)) return link.path;
  if (TASK_LISTS.includes(link.path)) return TASK_LISTS.find((p) => paths.has(p)) ?? null;
  const tail = lastSegment(link.path);
  return pages.find((p) => lastSegment(p.path) === tail)?.path ?? null;
}

/** The link as an address: path and query. */
export function todoHref(link: TodoItem['link'], pages: readonly Pick<MenuPage, 'path'>[]): string | null {
  const path = todoPath(link, pages);
  if (path === null) return null;
  const search = new URLSearchParams(link.query).toString();
  return search ? `${path}?${search}` : path;
}

/** A group or kind read from the URL; anything else is no filter. */
export const groupOf = (value: string | null): TodoGroup | null => ((TODO_GROUPS as readonly string[]).includes(value ?? '') ? (value as TodoGroup) : null);
export const kindOf = (value: string | null): TodoKind | null => ((TODO_KINDS as readonly string[]).includes(value ?? '') ? (value as TodoKind) : null);

/** The home counter's link to its group. */
export const todoGroupLink = (group: TodoGroup): string => `${TODO_PATH}?group=${group}`;
