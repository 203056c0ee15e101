import { checkCalRule, checkPointFields, checkSourceConfig, needsAdminForSources, collectionMethodFromText, displayModeFromText, normalizePointFields, storedValue, valueTypeFromText, warningRuleOf, type PointFields } from './point-definition.js';

const base: PointFields = {
  code: 'XX-001', zkdmc: '就业率', nh: null, zdbz: null, bzz: '90', mbz: '95', zlx: 'percent', fsdl: 0, fsjzxz: 0, ration: null,
  calRule: { direction: 'higher', b: 0.9, c: 0.8 }, samplingPeriod: 'none', warningRule: null,
  datasources: [{ sjlx: 'percent', jsgz: null, cjfs: 'report', xsfs: 'table', config: null }],
};

describe('calRule as calRuleOf reads it', () => {
  it.each([
    [null, null],
    [{ direction: 'higher', b: 0.9, c: 0.8 }, null],
    [{ direction: 'lower', b: 1, c: 1 }, null],
    [{ direction: 'sideways', b: 0.9, c: 0.8 }, '计分规则的方向只能是 higher 或 lower'],
    [{ direction: 'higher', b: 0.7, c: 0.8 }, '计分规则的 b、c 必须是 0 到 1 之间的数，且 c 不大于 b'],
    [{ direction: 'higher', b: 1.5, c: 0.8 }, '计分规则的 b、c 必须是 0 到 1 之间的数，且 c 不大于 b'],
    [{ direction: 'higher', b: 0.9 }, '计分规则的 b、c 必须是 0 到 1 之间的数，且 c 不大于 b'],
    [{ direction: 'higher', b: '0.9', c: 0.8 }, '计分规则的 b、c 必须是 0 到 1 之间的数，且 c 不大于 b'],
    [[1, 2], '计分规则不正确'],
    ['higher', '计分规则不正确'],
  ])('%p → %p', (rule, message) => {
    expect(checkCalRule(rule)).toBe(message);
  });
});

describe('point fields', () => {
  it('accepts a good definition', () => {
    expect(checkPointFields(base)).toBeNull();
  });

  it.each([
    [{ zkdmc: ' ' }, 'zkdmc', '请输入质控点名称'],
    [{ zkdmc: '名'.repeat(201) }, 'zkdmc', '质控点名称最多200个字符'],
    [{ code: 'XX 001' }, 'zkdid', '质控点编号只能包含字母、数字、点、横线和下划线，最多64个字符'],
    [{ nh: '内'.repeat(1001) }, 'nh', '内涵最多1000个字符'],
    [{ zdbz: '标'.repeat(1001) }, 'zdbz', '诊断标准最多1000个字符'],
    [{ zlx: 'money' }, 'zlx', '值类型只能是有、是否、百分比、整数、小数、文本'],
    [{ bzz: '九十' }, 'bzz', '标准值：请填写数字'],
    [{ mbz: 'abc' }, 'mbz', '目标值：请填写数字'],
    [{ zlx: 'integer', bzz: '1', mbz: '1.5' }, 'mbz', '目标值：请填写整数'],
    [{ zlx: 'have', bzz: '1', mbz: '2' }, 'mbz', '目标值：只能填写0或1'],
    [{ zlx: 'text', bzz: 'x', mbz: '字'.repeat(101) }, 'mbz', '目标值最多100个字符'],
    [{ fsdl: 2 }, 'fsdl', 'fsdl 只能是0或1'],
    [{ calRule: { direction: 'up', b: 0.9, c: 0.8 } }, 'calRule', '计分规则的方向只能是 higher 或 lower'],
    [{ samplingPeriod: 'hourly' }, 'samplingPeriod', '采样周期只能是 month、week、day 或 none'],
    [{ datasources: [{ sjlx: 'percent', jsgz: null, cjfs: 'fax', xsfs: 'table' }] }, 'datasources', '采集方式只能是report、algorithm、sql、interface'],
    [{ datasources: [{ sjlx: 'percent', jsgz: null, cjfs: 'report', xsfs: 'map' }] }, 'datasources', '展示方式只能是table、pie、histogram、line、file'],
    [{ datasources: Array.from({ length: 21 }, () => base.datasources[0]) }, 'datasources', '数据源最多20个'],
  ])('%p → %s: %s', (change, field, message) => {
    expect(checkPointFields({ ...base, ...change } as PointFields)).toEqual({ field, message });
  });

  it('stores have and whether values as 1 and 0, trims texts, empties as null', () => {
    expect([storedValue('have', '有'), storedValue('whether', '否'), storedValue('percent', ' 85% '), storedValue('text', '  '), storedValue('integer', null)]).toEqual(['1', '0', '85%', null, null]);
    expect(normalizePointFields({ ...base, zkdmc: ' 就业率 ', nh: '', code: ' ', zlx: 'whether', bzz: '是', mbz: '是' })).toMatchObject({ zkdmc: '就业率', nh: null, code: null, bzz: '1', mbz: '1' });
  });

  it('reads names and codes of types, methods and modes', () => {
    expect(['百分比', 'percent', '有', '有无', '是否', '小数', 'PERCENT', '钱'].map(valueTypeFromText)).toEqual(['percent', 'percent', 'have', 'have', 'whether', 'float', 'percent', null]);
    expect(['填报', 'SQL', 'sql', '接口', '传真'].map(collectionMethodFromText)).toEqual(['report', 'sql', 'sql', 'interface', null]);
    expect(['表格', '折线图', 'pie', '地图'].map(displayModeFromText)).toEqual(['table', 'line', 'pie', null]);
  });
});

describe('source config by collection method', () => {
  it.each([
    ['report', { anything: 1 }, null],
    ['sql', null, null],
    ['sql', { sql: '  ' }, 'SQL 采集请填写 SQL'],
    ['sql', { sql: 'S'.repeat(4001) }, 'SQL 最多4000个字符'],
    ['sql', { sql: 'SELECT 1' }, null],
    ['interface', { url: 'ftp://x', valuePath: 'a' }, '接口地址必须是 http(s) 地址'],
    ['interface', { url: 'https://data.example.edu/api', valuePath: '' }, '请填写接口取值路径'],
    ['interface', { url: 'https://data.example.edu/api', valuePath: 'data.value', timeoutMs: 50 }, '接口超时须在100到30000毫秒之间'],
    ['interface', { url: 'https://data.example.edu/api', valuePath: 'data.value', timeoutMs: 5000 }, null],
    ['algorithm', { version: 1 }, '请选择算法'],
    ['algorithm', { algorithmId: 'task-fill-rate' }, '请选择算法版本'],
    ['algorithm', { algorithmId: 'task-fill-rate', version: 1 }, null],
  ] as const)('%s %j → %s', (cjfs, config, message) => {
    expect(checkSourceConfig(cjfs, config as Record<string, unknown> | null)).toBe(message);
  });

  it('stores no config for reported sources and trims texts of the others', () => {
    const fields = normalizePointFields({ ...base, datasources: [
      { sjlx: 'percent', jsgz: null, cjfs: 'report', xsfs: 'table', config: { sql: 'x' } },
      { sjlx: 'percent', jsgz: null, cjfs: 'sql', xsfs: 'table', config: { sql: ' SELECT 1 ' } },
    ] });
    expect(fields.datasources.map((d) => d.config)).toEqual([null, { sql: 'SELECT 1' }]);
  });
});

describe('warning rule of a definition', () => {
  it('reads a rule, or names the field and the problem', () => {
    expect(warningRuleOf({ yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' })).toEqual({ rule: { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'month' }, problem: null });
    expect(warningRuleOf({ yjlx: 'value', tj: '<', yjz: '', yjzq: 'month' })).toEqual({ rule: null, problem: { field: 'warningRule', message: '请填写预警值' } });
  });
});

describe('who may set SQL and interface sources', () => {
  const src = (cjfs: 'report' | 'sql' | 'interface' | 'algorithm', config: Record<string, unknown> | null) => ({ sjlx: 'float' as const, jsgz: null, cjfs, xsfs: 'table' as const, config });
  it('needs an administrator for a new or changed SQL or interface config only', () => {
    const current = [src('sql', { sql: 'SELECT 1' })];
    expect(needsAdminForSources([src('sql', { sql: 'SELECT 1' })], current)).toBe(false);
    expect(needsAdminForSources([src('sql', { sql: 'SELECT 2' })], current)).toBe(true);
    expect(needsAdminForSources([src('interface', { url: 'http://x', valuePath: 'a' })], null)).toBe(true);
    expect(needsAdminForSources([src('report', null), src('algorithm', { algorithmId: 'a', version: 1 })], null)).toBe(false);
    expect(needsAdminForSources([src('sql', null)], null)).toBe(false);
    expect(needsAdminForSources([], current)).toBe(false);
  });
});
