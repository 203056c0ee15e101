import type { TodoGroup, TodoKind } from '@zhengai/contracts';
import type { TodoEntry } from './todo-sources.port.js';

/** Which items of the list to answer, in the list's order (domain/todo-list.ts `sortTodos`). */
export interface TodoWindow {
  /** the server's day (yyyy-MM-dd): a deadline before it is overdue, and overdue items come first */
  today: string;
  group: TodoGroup | null;
  kind: TodoKind | null;
  /** how many items (null: all), after skipping `offset` */
  limit: number | null;
  offset: number;
}

/** How many items wait of one group and kind (every item, whatever the window). */
export interface TodoTally {
  group: TodoGroup;
  kind: TodoKind;
  n: number;
}

/** Every source's items for a person, in one statement: the window's items and the tally of all of them. */
export abstract class TodoListReader {
  abstract read(userId: string, window: TodoWindow): Promise<{ tally: TodoTally[]; items: TodoEntry[] }>;
}
