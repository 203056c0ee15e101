import { checkCalRule, checkPointFields, collectionMethodFromText, displayModeFromText, normalizePointFields, storedValue, valueTypeFromText, type PointFields } from './point-definition.js';

const base: PointFields = {
  code: 'XX-001', zkdmc: '就业率', nh: null, zdbz: null, bzz: '90', mbz: '95', zlx: 'percent', fsdl: 0, fsjzxz: 0, ration: null,
  calRule: { direction: 'higher', b: 0.9, c: 0.8 }, samplingPeriod: 'none', datasources: [{ sjlx: 'percent', jsgz: null, cjfs: 'report', xsfs: 'table' }],
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
