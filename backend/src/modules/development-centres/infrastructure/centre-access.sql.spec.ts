import { CENTRE_READS, CENTRE_RELATIONS } from '../domain/centre-access.js';
import { conditionSql, readableSql } from './centre-access.sql.js';

// The lists' SQL made from the domain's table; the e2e suite (development-centres) holds it equal to the portrait's
// in-memory check for every fixture person and object.
describe('centre access as SQL', () => {
  it('gives the lists one SQL term per relation of the table, each on the fact its TS twin compares', () => {
    const sql = readableSql(4);
    const terms = CENTRE_RELATIONS.map((r) => conditionSql(CENTRE_READS[r], 4));
    expect(sql).toBe(`(${terms.join(' OR ')})`);
    expect(terms).toEqual([
      `('admin' = ANY($5::text[]))`,
      `('yearTargetPublisher' = ANY($5::text[]))`,
      `('schoolLeader' = ANY($5::text[]))`,
      `(coalesce(o.department_id, up.department_id) = ANY($6::varchar[]))`,
      `(o.level IN ('major', 'course') AND o.responsible_id = $4::varchar)`,
      `(o.level IN ('course', 'student') AND up.responsible_id = $4::varchar)`,
      `(o.level IN ('teacher', 'student') AND o.user_id = $4::varchar)`,
    ]);
  });
});
