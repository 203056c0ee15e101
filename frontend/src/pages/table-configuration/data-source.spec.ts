import type { PointDefinition } from '@zhengai/contracts';
import { trialParameters, withSqlSource } from './data-source';

const point: PointDefinition = {
  id: 'p',
  libraryId: 'l',
  indicatorId: 'i',
  zkdid: 'JX-001',
  zkdmc: '教师人数',
  nh: null,
  zdbz: null,
  bzz: '80',
  mbz: '90',
  zlx: 'integer',
  fsdl: 0,
  fsjzxz: 0,
  ration: null,
  calRule: null,
  samplingPeriod: 'month',
  warningRule: null,
  sortOrder: 1,
  originId: null,
  datasources: [{ id: 'd', sjlx: 'integer', jsgz: null, cjfs: 'report', xsfs: 'pie', config: null }],
};

describe('data source of a collected column', () => {
  it('adds a sql source beside the point’s others, typed as the point', () => {
    const input = withSqlSource(point, 'select sum("n") from sjzx."t"');
    expect(input.zkdmc).toBe('教师人数');
    expect(input.datasources).toEqual([
      { sjlx: 'integer', jsgz: null, cjfs: 'report', xsfs: 'pie', config: null },
      { sjlx: 'integer', jsgz: null, cjfs: 'sql', xsfs: 'table', config: { sql: 'select sum("n") from sjzx."t"' } },
    ]);
  });

  it('replaces the SQL of an existing sql source rather than adding another', () => {
    const withSql: PointDefinition = { ...point, datasources: [{ id: 'd', sjlx: 'integer', jsgz: null, cjfs: 'sql', xsfs: 'line', config: { sql: 'select 1' } }] };
    expect(withSqlSource(withSql, 'select 2').datasources).toEqual([{ sjlx: 'integer', jsgz: null, cjfs: 'sql', xsfs: 'line', config: { sql: 'select 2' } }]);
  });

  it('sends only the trial parameters filled in', () => {
    expect(trialParameters(' 2026 ', '')).toEqual({ zq: '2026' });
    expect(trialParameters(undefined, '教务处')).toEqual({ dxmc: '教务处' });
  });
});
