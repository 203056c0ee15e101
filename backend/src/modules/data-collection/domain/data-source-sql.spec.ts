import { COLLECTION_MESSAGES, type FormField } from '@zhengai/contracts';
import { dataSourceSql } from './data-source-sql.js';

const field = (key: string, label: string, component: FormField['component']): FormField => ({
  key, label, component, validations: { require: false, unique: false, custom: null }, maxLength: null, constantTypeId: null, placeholder: null, width: null,
});
const fields = [field('employed', '就业人数', 'integer'), field('rate', '就业率', 'float'), field('major', '专业', 'text'), field('graduated_on', '毕业日期', 'date')];

describe('dataSourceSql', () => {
  it('sums a numeric column for the sampled cycle and department', () => {
    expect(dataSourceSql('graduate_employment', fields, { field: 'employed', aggregate: 'sum', byCycle: true, byDepartment: true })).toEqual({
      sql: 'SELECT sum("employed") AS "值" FROM "graduate_employment" WHERE "cycle" = :zq AND "department_name" = :dxmc',
    });
  });

  it('rounds an average to two places and filters only what is asked', () => {
    expect(dataSourceSql('t1', fields, { field: 'rate', aggregate: 'avg', byCycle: true })).toEqual({ sql: 'SELECT round(avg("rate"), 2) AS "值" FROM "t1" WHERE "cycle" = :zq' });
    expect(dataSourceSql('t1', fields, { field: 'rate', aggregate: 'max', byDepartment: true })).toEqual({ sql: 'SELECT max("rate") AS "值" FROM "t1" WHERE "department_name" = :dxmc' });
    expect(dataSourceSql('t1', fields, { field: 'employed', aggregate: 'min' })).toEqual({ sql: 'SELECT min("employed") AS "值" FROM "t1"' });
  });

  it('counts any column', () => {
    expect(dataSourceSql('t1', fields, { field: 'major', aggregate: 'count', byCycle: true })).toEqual({ sql: 'SELECT count("major") AS "值" FROM "t1" WHERE "cycle" = :zq' });
  });

  it.each(['sum', 'avg', 'max', 'min'] as const)('refuses %s of a text or date column', (aggregate) => {
    expect(dataSourceSql('t1', fields, { field: 'major', aggregate })).toEqual({ refusal: COLLECTION_MESSAGES.fieldNotNumeric('专业') });
    expect(dataSourceSql('t1', fields, { field: 'graduated_on', aggregate })).toEqual({ refusal: COLLECTION_MESSAGES.fieldNotNumeric('毕业日期') });
  });

  it('refuses a key the form never had', () => {
    expect(dataSourceSql('t1', fields, { field: 'nope', aggregate: 'count' })).toEqual({ refusal: COLLECTION_MESSAGES.fieldUnknown('nope') });
  });

  it('takes the newest version\'s definition of a key', () => {
    const older = [field('score', '旧分数', 'text')];
    expect(dataSourceSql('t1', [...older, field('score', '分数', 'float')], { field: 'score', aggregate: 'sum' })).toEqual({ sql: 'SELECT sum("score") AS "值" FROM "t1"' });
  });
});
