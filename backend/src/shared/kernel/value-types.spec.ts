import { checkValue, displayValue, flagOf, numberOf } from './value-types.js';

describe('value types', () => {
  it.each([
    ['85', 85], ['85%', 85], [' 3.5 ', 3.5], ['-2', -2], ['.5', 0.5], ['+7', 7],
    ['', null], ['  ', null], [null, null], ['八十', null], ['1e3', null], ['3.5.1', null], ['85 %x', null],
  ])('numberOf(%p) = %p', (value, n) => {
    expect(numberOf(value)).toBe(n);
  });

  it('reads flags', () => {
    expect(['1', '有', '是', '0', '无', '否', '2', '', null].map(flagOf)).toEqual([1, 1, 1, 0, 0, 0, null, null, null]);
  });

  it.each([
    ['integer', '12', null], ['integer', '012', '请填写整数'], ['integer', '1.5', '请填写整数'], ['integer', '-3', null],
    ['percent', '99.5', null], ['percent', '99.5%', null], ['percent', 'abc', '请填写数字'],
    ['float', '3.14', null], ['float', 'x', '请填写数字'],
    ['have', '1', null], ['have', '2', '只能填写0或1'], ['whether', '0', null],
    ['text', 'x'.repeat(500), null], ['text', 'x'.repeat(501), '最多只能输入500个字符'], ['text', '𠀀'.repeat(500), null],
    ['integer', '', null], ['float', null, null],
  ] as const)('checkValue(%s, %p) = %p', (type, value, message) => {
    expect(checkValue(type, value)).toBe(message);
  });

  it.each([
    ['percent', '85', '85.00%'], ['percent', '85.50', '85.50%'], ['percent', '40', '40.00%'], ['percent', '85.456', '85.46%'], ['float', '3', '3.00'], ['float', '3.14159', '3.14'],
    ['have', '1', '有'], ['have', '0', '无'], ['whether', '1', '是'], ['whether', '0', '否'], ['integer', '7', '7'], ['text', '良', '良'],
    ['percent', '', ''], ['float', null, ''], ['percent', 'n/a', 'n/a'],
  ] as const)('displayValue(%s, %p) = %p', (type, value, shown) => {
    expect(displayValue(type, value)).toBe(shown);
  });
});
