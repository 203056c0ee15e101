import { attainmentOf } from './attainment.js';
import { calRuleOf, DEFAULT_CAL_RULE, effective, gradeEntry, gradeOf, gradePoint, isUnfinished, missesStandard } from './grade.js';

describe('effective value: the revised one overrides', () => {
  it.each([
    ['80', '90', '90'],
    ['80', null, '80'],
    ['80', '', '80'],
    ['80', '   ', '80'],
    [null, '90', '90'],
    [null, null, null],
    ['', undefined, null],
  ])('original %p, revised %p → %p', (original, revised, expected) => {
    expect(effective(original, revised)).toBe(expected);
  });
});

describe('gradeOf (calresult)', () => {
  describe.each(['percent', 'integer', 'float'] as const)('%s, higher is better', (type) => {
    it.each([
      ['100', '100', 'A'],
      ['100', '120', 'A'],
      ['100', '95', 'B'],
      ['100', '90', 'B'],
      ['100', '89.99', 'C'],
      ['100', '80', 'C'],
      ['100', '79.9', 'D'],
      ['100', '0', 'D'],
      ['100', null, 'D'],
      ['100', '', 'D'],
      ['100', 'abc', 'D'],
      [null, '42', 'A'],
      ['0', '0', 'A'],
      ['0', '-1', 'D'],
      ['-10', '-9', 'A'],
    ])('target %p result %p → %s', (target, result, grade) => {
      expect(gradeOf(type, target, result)).toBe(grade);
    });
  });

  it('reads percent signs and spaces', () => {
    expect(gradeOf('percent', '95%', ' 96 % ')).toBe('A');
    expect(gradeOf('percent', '95%', '86%')).toBe('B');
  });

  it('grades lower-is-better against the target', () => {
    const rule = calRuleOf({ direction: 'lower', b: 0.9, c: 0.8 });
    expect(gradeOf('percent', '5', '3', rule)).toBe('A');
    expect(gradeOf('percent', '5', '5', rule)).toBe('A');
    expect(gradeOf('percent', '5', '5.5', rule)).toBe('B'); // 10% over: share 0.9
    expect(gradeOf('percent', '5', '6', rule)).toBe('C'); // 20% over: share 0.8
    expect(gradeOf('percent', '5', '6.5', rule)).toBe('D');
    expect(gradeOf('percent', '0', '0', rule)).toBe('A');
    expect(gradeOf('percent', '0', '0.1', rule)).toBe('D');
  });

  it('uses custom shares', () => {
    const strict = calRuleOf({ b: 0.95, c: 0.9 });
    expect(gradeOf('integer', '100', '92', strict)).toBe('C');
    expect(gradeOf('integer', '100', '92')).toBe('B');
  });

  it.each([
    ['have', '1', '1', 'Y'],
    ['have', '1', '0', 'N'],
    ['have', null, '1', 'Y'],
    ['have', null, '0', 'N'],
    ['have', '1', null, 'N'],
    ['whether', '0', '0', 'Y'],
    ['whether', '1', '是', 'Y'],
    ['whether', '1', '否', 'N'],
    ['whether', '1', 'maybe', 'N'],
  ] as const)('%s target %p result %p → %s', (type, target, result, grade) => {
    expect(gradeOf(type, target, result)).toBe(grade);
  });

  it('gives text points no grade', () => {
    expect(gradeOf('text', '优秀', '优秀')).toBeNull();
  });
});

describe('calRuleOf', () => {
  it('falls back to the default for missing or bad parts, and keeps c at or below b', () => {
    expect(calRuleOf(null)).toEqual(DEFAULT_CAL_RULE);
    expect(calRuleOf({ direction: 'sideways', b: 7, c: -1 })).toEqual(DEFAULT_CAL_RULE);
    expect(calRuleOf({ b: 0.7, c: 0.8 })).toEqual({ direction: 'higher', b: 0.7, c: 0.7 });
  });
});

describe('missesStandard (dis) and isUnfinished (unfin)', () => {
  it('compares with the standard value by direction and type', () => {
    expect(missesStandard('percent', '60', '59.9')).toBe(true);
    expect(missesStandard('percent', '60', '60')).toBe(false);
    expect(missesStandard('percent', '5', '6', calRuleOf({ direction: 'lower' }))).toBe(true);
    expect(missesStandard('have', '1', '0')).toBe(true);
    expect(missesStandard('whether', null, '0')).toBe(false);
    expect(missesStandard('integer', '10', null)).toBe(false);
    expect(missesStandard('integer', 'x', '3')).toBe(false);
    expect(missesStandard('text', 'a', 'b')).toBe(false);
  });

  it('counts D and N as unfinished', () => {
    expect(['A', 'B', 'C', 'D', 'Y', 'N', null].map((g) => isUnfinished(g as never))).toEqual([false, false, false, true, false, true, false]);
  });
});

describe('the rule of grade and 达标 (issue 35): gradePoint', () => {
  it('floors the grade at the standard: below it is D (N for a flag point), whatever the share of the target', () => {
    // 软件技术 2026, 职业技能证书获取率: standard 85, target 90; 82 is 91% of the target (良好 before) but below the standard
    expect(gradePoint('percent', '90', '85', '82')).toEqual({ jgdj: 'D', unfin: true, dis: true });
    expect(gradePoint('percent', '90', '85', '86')).toEqual({ jgdj: 'B', unfin: false, dis: false });
    expect(gradePoint('percent', '90', '85', '95')).toEqual({ jgdj: 'A', unfin: false, dis: false });
    expect(gradePoint('integer', '2', '3', '5', calRuleOf({ direction: 'lower' }))).toEqual({ jgdj: 'D', unfin: true, dis: true });
    expect(gradePoint('whether', '0', '1', '0')).toEqual({ jgdj: 'N', unfin: true, dis: true });
    expect(gradePoint('text', 'a', 'b', 'c')).toEqual({ jgdj: null, unfin: false, dis: false });
    expect(gradeEntry({ zlx: 'percent', mbz: '90', xzmbz: null, jgz: '82', xzjgz: null, bzz: '85', calRule: null }).jgdj).toBe('D');
  });

  it('never pairs a grade of A, B, C or Y with 未达标, nor D or N with 达标', () => {
    const types = ['percent', 'integer', 'whether', 'have'] as const;
    const values = [null, '0', '1', '50', '79', '80', '85', '89.9', '90', '95', '100', '120'];
    for (const type of types)
      for (const direction of ['higher', 'lower'] as const)
        for (const target of values)
          for (const standard of values)
            for (const result of values) {
              const g = gradePoint(type, target, standard, result, calRuleOf({ direction }));
              const attainment = attainmentOf({ ...g, jgz: result });
              const met = g.jgdj === 'A' || g.jgdj === 'B' || g.jgdj === 'C' || g.jgdj === 'Y';
              expect([type, direction, target, standard, result, attainment]).toEqual([type, direction, target, standard, result, met ? '达标' : '未达标']);
            }
  });
});
