import { rolledValue, sameValue } from './rollup.js';

describe('rolledValue: an upper result from its lower results', () => {
  describe.each(['percent', 'float'] as const)('%s: mean to 2 decimals', (type) => {
    it.each([
      [['80', '90'], '85'],
      [['80', '85', '91'], '85.33'],
      [['1', '2', '2'], '1.67'],
      [['1.00', '1.01'], '1.01'],
      [['85%', '90'], '87.5'],
      [[' 70 ', '-10'], '30'],
      [['-1', '-2', '-2'], '-1.67'],
      [['100'], '100'],
    ])('%p → %p', (lowers, expected) => {
      expect(rolledValue(type, lowers)).toBe(expected);
    });
  });

  it.each([
    [['1', '2'], '2'],
    [['1', '2', '2'], '2'],
    [['1', '1', '2'], '1'],
    [['-1', '-2'], '-2'],
    [['3.4', '3.4'], '3'],
  ])('integer %p → %p (a whole number)', (lowers, expected) => {
    expect(rolledValue('integer', lowers)).toBe(expected);
  });

  it('ignores empty and non-numeric lower values', () => {
    expect(rolledValue('percent', ['80', null, '', '  ', '八十', 'abc', '90'])).toBe('85');
    expect(rolledValue('integer', ['4', null, 'x'])).toBe('4');
  });

  it.each(['percent', 'integer', 'float', 'have', 'whether'] as const)('%s: nothing usable below leaves the upper value (null)', (type) => {
    expect(rolledValue(type, [])).toBeNull();
    expect(rolledValue(type, [null, '', 'n/a'])).toBeNull();
  });

  it.each([
    [['0', '1', '0'], '1'],
    [['0', '0'], '0'],
    [['有', '无'], '1'],
    [['无', null, 'x'], '0'],
  ])('have %p → %p (1 when any is 1)', (lowers, expected) => {
    expect(rolledValue('have', lowers)).toBe(expected);
  });

  it.each([
    [['1', '1'], '1'],
    [['1', '0', '1'], '0'],
    [['是', '1'], '1'],
    [['1', null, '', 'x'], '1'],
    [['否'], '0'],
  ])('whether %p → %p (1 only when all are 1)', (lowers, expected) => {
    expect(rolledValue('whether', lowers)).toBe(expected);
  });

  it('text is never rolled up', () => {
    expect(rolledValue('text', ['good', 'fine'])).toBeNull();
  });
});

describe('sameValue: writing one value over the other changes nothing', () => {
  it.each([
    ['percent', '85', '85.0', true],
    ['percent', '85%', '85', true],
    ['float', '85.5', '85.55', false],
    ['integer', '3', null, false],
    ['integer', null, '', true],
    ['have', '有', '1', true],
    ['whether', '0', '1', false],
    ['whether', null, '0', false],
    ['text', ' ok ', 'ok', true],
    ['text', 'ok', 'OK', false],
    ['float', 'abc', 'abc', true],
  ] as const)('%s: %p and %p → %p', (type, a, b, expected) => {
    expect(sameValue(type, a, b)).toBe(expected);
  });
});
