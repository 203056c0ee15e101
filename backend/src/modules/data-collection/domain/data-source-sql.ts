import { COLLECTION_MESSAGES, type DataSourceSqlQuery, type FormField } from '@zhengai/contracts';
import { columnKindOf } from './data-centre.js';

/**
 * "Create a data source": the SQL a quality point's sql collection reads one column of a form's data-centre table by.
 * The reader's search_path is sjzx, so the table goes unqualified; the monitoring binds :zq (the sampled task's cycle)
 * and :dxmc (the sampled object's name, a department's name here). Names come from IDENTIFIER_PATTERN keys and are
 * quoted anyway, so the administrator may paste the text as it is.
 */
export type DataSourceSqlResult = { sql: string } | { refusal: string };

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The answer's column name (the monitoring takes the first column of the first row). */
export const VALUE_ALIAS = '值';

/** fields: every version's fields, newest last (a key dropped later still has its column). */
export function dataSourceSql(code: string, fields: readonly FormField[], q: Pick<DataSourceSqlQuery, 'field' | 'aggregate' | 'byCycle' | 'byDepartment'>): DataSourceSqlResult {
  const field = [...fields].reverse().find((f) => f.key === q.field);
  if (!field) return { refusal: COLLECTION_MESSAGES.fieldUnknown(q.field) };
  if (q.aggregate !== 'count' && columnKindOf(field.component) !== 'numeric') return { refusal: COLLECTION_MESSAGES.fieldNotNumeric(field.label) };
  const column = quoted(field.key);
  const value = q.aggregate === 'avg' ? `round(avg(${column}), 2)` : `${q.aggregate}(${column})`;
  const where: string[] = [];
  if (q.byCycle) where.push(`"cycle" = :zq`);
  if (q.byDepartment) where.push(`"department_name" = :dxmc`);
  const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  return { sql: `SELECT ${value} AS ${quoted(VALUE_ALIAS)} FROM ${quoted(code)}${filter}` };
}
