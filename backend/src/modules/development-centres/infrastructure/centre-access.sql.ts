import { sqlTextList } from '../../../infrastructure/database/sql.js';
import { CENTRE_READS, CENTRE_RELATIONS, type CentreCondition, type CentreViewer } from '../domain/centre-access.js';

/**
 * The domain's CENTRE_READS as an SQL condition on a diagnosis_object `o` with its upper object `up` (LEFT JOIN
 * diagnosis_object up ON up.id = o.upper_id): one term a relation, OR-ed. The viewer is three parameters: the
 * person's id, role codes and headed departments (`viewerParams`, at `first`, `first + 1`, `first + 2`).
 */
export function conditionSql(c: CentreCondition, first: number): string {
  const [user, roles, heads] = [`$${first}::varchar`, `$${first + 1}::text[]`, `$${first + 2}::varchar[]`];
  switch (c.kind) {
    case 'role':
      return `(${sqlTextList([c.code])} = ANY(${roles}))`;
    case 'headsDepartment':
      return `(coalesce(o.department_id, up.department_id) = ANY(${heads}))`;
    case 'responsible':
      return `(o.level IN (${sqlTextList(c.levels)}) AND o.responsible_id = ${user})`;
    case 'upperResponsible':
      return `(o.level IN (${sqlTextList(c.levels)}) AND up.responsible_id = ${user})`;
    case 'self':
      return `(o.level IN (${sqlTextList(c.levels)}) AND o.user_id = ${user})`;
  }
}

/** The whole table as one condition: some relation holds. */
export const readableSql = (first: number): string => `(${CENTRE_RELATIONS.map((r) => conditionSql(CENTRE_READS[r], first)).join(' OR ')})`;

export const viewerParams = (v: CentreViewer): unknown[] => [v.userId, [...v.roleCodes], [...v.headsDepartments]];
