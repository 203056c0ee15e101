import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import { TodoListReader, type TodoTally, type TodoWindow } from '../application/ports/todo-list-reader.port.js';
import { DiagnosisTodos, FillTodos, ReportTodos, TargetTaskTodos, WarningTodos, type TodoEntry, type TodoFragment } from '../application/ports/todo-sources.port.js';

/** The statement's own values after the person ($1): $2 today, $3 group, $4 kind, $5 limit, $6 offset. */
const OWN_PARAMS = 5;

/**
 * The fragments as one UNION ALL over the person ($1), each fragment's own `$2`, `$3` … renumbered after the
 * statement's own values and the fragments before it; their values in that order.
 */
export function unionOfFragments(fragments: readonly TodoFragment[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts = fragments.map((f) => {
    const shift = OWN_PARAMS + params.length;
    params.push(...f.params);
    const sql = f.sql.replace(/\$(\d+)/g, (ref, digits: string) => {
      const n = Number(digits);
      // The person as an InitPlan's value: custom plans then estimate as the generic one does, so PostgreSQL keeps the
      // generic plan after its five custom ones (with $1 itself, the target-task and diagnosis estimates for one
      // person came out far below the generic plan's, and every call was planned anew: 6 ms of its 8 on the bench).
      if (n === 1) return '(SELECT $1::varchar)';
      if (n - 1 > f.params.length) throw new Error(`a to-do fragment names ${ref} but gives ${f.params.length} values of its own`);
      return `$${n + shift}`;
    });
    return `(${sql})`;
  });
  return { sql: parts.join('\nUNION ALL\n'), params };
}

/**
 * The list statement: the union once (a CTE read twice is computed once), the tally of every item by group and kind
 * (the home counters, the kinds, the total) beside the window's items in the list's order — domain/todo-list.ts
 * `sortTodos`: overdue first, then by deadline (none last), the oldest (to the millisecond, as the ISO text), the id,
 * texts by code point (COLLATE "C"). A
 * window with no item still answers one row, for the tally.
 */
export function todoListStatement(fragments: readonly TodoFragment[]): { sql: string; params: unknown[] } {
  const union = unionOfFragments(fragments);
  const sql = `WITH item AS (
${union.sql}
)
SELECT (SELECT coalesce(jsonb_agg(jsonb_build_object('group', t."group", 'kind', t.kind, 'n', t.n)), '[]'::jsonb)
          FROM (SELECT i."group", i.kind, count(*)::int AS n FROM item i GROUP BY i."group", i.kind) t) AS tally,
       w.id, w.kind, w."group", w.asked, w."objectName", w.since, w.deadline, w.link
FROM (SELECT 1) one LEFT JOIN LATERAL (
  SELECT i.* FROM item i
  WHERE ($3::text IS NULL OR i."group" = $3::text) AND ($4::text IS NULL OR i.kind = $4::text)
  ORDER BY coalesce(i.deadline COLLATE "C" < $2::text, false) DESC, coalesce(i.deadline, '9999') COLLATE "C", date_trunc('milliseconds', i.since), i.id COLLATE "C"
  LIMIT $5::bigint OFFSET $6::bigint
) w ON true`;
  return { sql, params: union.params };
}

/** A window's item beside the tally, or the one row of an empty window (every item column null). */
type Row = Omit<TodoEntry, 'id'> & { id: string | null; tally: TodoTally[] };

/** 我的待办 in one statement of constant text (the pool's client keeps it prepared): the sources' fragments, united. */
@Injectable()
export class TodoListPgReader extends TodoListReader {
  private readonly statement: { sql: string; params: unknown[] };

  constructor(
    private readonly db: DataSource,
    targetTasks: TargetTaskTodos,
    diagnosis: DiagnosisTodos,
    warnings: WarningTodos,
    reports: ReportTodos,
    fills: FillTodos,
  ) {
    super();
    this.statement = todoListStatement([targetTasks, diagnosis, warnings, reports, fills].map((s) => s.fragment()));
  }

  async read(userId: string, w: TodoWindow): Promise<{ tally: TodoTally[]; items: TodoEntry[] }> {
    const rows = await query<Row>(this.db, this.statement.sql, [userId, w.today, w.group, w.kind, w.limit, w.offset, ...this.statement.params]);
    const items: TodoEntry[] = [];
    for (const { tally: _, ...item } of rows) if (item.id !== null) items.push(item as TodoEntry);
    return { tally: rows[0]?.tally ?? [], items };
  }
}
