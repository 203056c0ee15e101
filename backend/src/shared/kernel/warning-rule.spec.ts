import { CONDITIONS, evaluate, readWarningRule, type Condition, type WarningRule } from './warning-rule.js';

const value = (tj: Condition, yjz: string): WarningRule => ({ yjlx: 'value', tj, yjz, yjzq: 'month' });
const level = (tj: Condition, yjz: string): WarningRule => ({ yjlx: 'level', tj, yjz, yjzq: 'month' });
const kind = (rule: WarningRule, v: string | null, zlx: Parameters<typeof evaluate>[1]['zlx'] = 'float', grade: string | null = null) =>
  evaluate(rule, { value: v, grade, zlx }).kind;

describe('value comparison', () => {
  // [condition, value below, equal, above] → breach?
  const table: Array<[Condition, boolean, boolean, boolean]> = [
    ['<', true, false, false],
    ['<=', true, true, false],
    ['=', false, true, false],
    ['>=', false, true, true],
    ['>', false, false, true],
  ];
  it.each(table)('%s 80 against 79.5, 80 and 80.5', (tj, below, equal, above) => {
    expect(kind(value(tj, '80'), '79.5')).toBe(below ? 'breach' : 'ok');
    expect(kind(value(tj, '80'), '80')).toBe(equal ? 'breach' : 'ok');
    expect(kind(value(tj, '80'), '80.5')).toBe(above ? 'breach' : 'ok');
  });

  it('reads percents with or without the sign, on both sides', () => {
    expect(kind(value('<', '90%'), '85.5%', 'percent')).toBe('breach');
    expect(kind(value('<', '90'), '95%', 'percent')).toBe('ok');
  });

  it('compares integers as numbers, not as text', () => {
    expect(kind(value('<', '100'), '99', 'integer')).toBe('breach');
    expect(kind(value('>', '9'), '10', 'integer')).toBe('breach');
  });

  it('reads have and whether values as 0 and 1, in digits or in Chinese', () => {
    expect(kind(value('=', '0'), '无', 'have')).toBe('breach');
    expect(kind(value('=', '0'), '有', 'have')).toBe('ok');
    expect(kind(value('<', '1'), '否', 'whether')).toBe('breach');
    expect(kind(value('<', '1'), '1', 'whether')).toBe('ok');
  });

  it('cannot judge empty, non-numeric or text values', () => {
    for (const tj of CONDITIONS) {
      expect(kind(value(tj, '80'), null)).toBe('not-evaluable');
      expect(kind(value(tj, '80'), '  ')).toBe('not-evaluable');
      expect(kind(value(tj, '80'), '八十')).toBe('not-evaluable');
      expect(kind(value(tj, '80'), '80', 'text')).toBe('not-evaluable');
    }
    expect(evaluate(value('<', 'x'), { value: '1', grade: null, zlx: 'float' })).toEqual({ kind: 'not-evaluable', reason: '预警值不是数值' });
  });
});

describe('level comparison (A best … G worst)', () => {
  it('"<" C means worse than C', () => {
    expect(kind(level('<', 'C'), '1', 'float', 'D')).toBe('breach');
    expect(kind(level('<', 'C'), '1', 'float', 'C')).toBe('ok');
    expect(kind(level('<', 'C'), '1', 'float', 'A')).toBe('ok');
  });

  it.each([
    ['<=', 'C', 'C', true], ['<=', 'C', 'B', false], ['=', 'B', 'B', true], ['=', 'B', 'C', false],
    ['>=', 'B', 'A', true], ['>=', 'B', 'C', false], ['>', 'D', 'C', true], ['>', 'D', 'D', false],
  ] as Array<[Condition, string, string, boolean]>)('%s %s with grade %s → %s', (tj, yjz, grade, breach) => {
    expect(kind(level(tj, yjz), '1', 'float', grade)).toBe(breach ? 'breach' : 'ok');
  });

  it('reads Y as A and N as D (have and whether points)', () => {
    expect(kind(level('>=', 'D'), '0', 'whether', 'N')).toBe('breach');
    expect(kind(level('>=', 'D'), '1', 'whether', 'Y')).toBe('breach');
    expect(kind(level('<', 'C'), '1', 'whether', 'Y')).toBe('ok');
  });

  it('cannot judge a value without a grade', () => {
    expect(kind(level('<', 'C'), '80', 'float', null)).toBe('not-evaluable');
    expect(kind(level('<', 'C'), null, 'float', 'D')).toBe('not-evaluable');
  });
});

describe('readWarningRule', () => {
  it('keeps a good rule, trims and upper-cases grades', () => {
    expect(readWarningRule({ yjlx: 'value', tj: '<', yjz: ' 80 ', yjzq: 'week' })).toEqual({ rule: { yjlx: 'value', tj: '<', yjz: '80', yjzq: 'week' }, problem: null });
    expect(readWarningRule({ yjlx: 'level', tj: '<', yjz: 'c', yjzq: 'day' }).rule?.yjz).toBe('C');
    expect(readWarningRule({ yjlx: 'value', tj: '>=', yjz: 60, yjzq: 'none' }).rule?.yjz).toBe('60');
  });

  it('no rule is no rule', () => {
    expect(readWarningRule(null)).toEqual({ rule: null, problem: null });
  });

  it.each([
    [[], '预警规则不正确'],
    [{ yjlx: 'x', tj: '<', yjz: '1', yjzq: 'month' }, '预警方式只能是数值比较或等级比较'],
    [{ yjlx: 'value', tj: '!=', yjz: '1', yjzq: 'month' }, '比较条件只能是 <、<=、=、>=、>'],
    [{ yjlx: 'value', tj: '<', yjz: '1', yjzq: 'hour' }, '预警周期只能是每年、每月、每周、每天或不限'],
    [{ yjlx: 'value', tj: '<', yjz: '', yjzq: 'month' }, '请填写预警值'],
    [{ yjlx: 'value', tj: '<', yjz: '八十', yjzq: 'month' }, '预警值必须是数值'],
    [{ yjlx: 'level', tj: '<', yjz: 'H', yjzq: 'month' }, '预警等级只能是 A 到 G'],
  ])('refuses %j with %s', (raw, message) => {
    expect(readWarningRule(raw)).toEqual({ rule: null, problem: message });
  });
});
