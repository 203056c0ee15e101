// A designer's custom pattern runs on RE2 (re2js): ordinary patterns keep RegExp's verdicts, the exponential ones answer
// at once, and what RE2 cannot run is refused with its reason.
import { describe, expect, it } from '@jest/globals';
import { PATTERN_PROBLEM_TEXTS, PATTERN_PROGRAM_MAX, compilePattern, patternProblem } from './custom-pattern.js';

const SAMPLES = [
  '',
  'a',
  'aa',
  'aaaa',
  'abc',
  'ABC',
  'abc123',
  '123',
  '0',
  '-5',
  '+12',
  '12.50',
  '$100',
  '(123)',
  '13812345678',
  '12812345678',
  '1381234567',
  '138123456789',
  '１３８１２３４５６７８',
  '010-88886666',
  '0755-1234567',
  '110105199003071234',
  '11010519900307123X',
  '11010519900307123x',
  '110105199013071234',
  '100000',
  '张三',
  '张三丰四五',
  '张a',
  '张　三',
  '张 三',
  'a b',
  'a\tb',
  'a\nb',
  'a\rb',
  'a\u2028b',
  'a\n',
  '\u00a0',
  '\ufeff',
  'T1234',
  'T12345',
  't1234',
  'word',
  'words here',
  'swordfish',
  '2026-11-28',
  '2026-13-01',
  '男',
  '女',
  '是',
  '否',
  'cat',
  'hotdog',
  'http://x.cn/a',
  'https://x.cn',
  'ftp://x.cn',
  'x@y.cn',
  'x@y',
  'a{',
  'a{,2}',
  'a/b',
  'A\u0008B',
  '中',
  'user_01',
  'ab',
];

/** Ordinary patterns a designer writes (as stored: the text of the 正则表达式 box). */
const ORDINARY = [
  // phone, landline, ID card, post code, teacher number (the demo's)
  '^1[3-9]\\d{9}$',
  '^(0\\d{2,3}-)?\\d{7,8}$',
  '^\\d{17}[\\dXx]$',
  '^[1-9]\\d{5}(18|19|20)\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])\\d{3}[\\dXx]$',
  '^[1-9]\\d{5}$',
  '^T\\d{4}$',
  // digits and numbers
  '^\\d+$',
  '^\\d*$',
  '\\d',
  '\\D',
  '^[0-9]{6}$',
  '^[-+]?\\d+$',
  '^[\\-+]?\\d+$',
  '^\\d+\\.\\d{2}$',
  '^\\$\\d+$',
  '^\\(\\d+\\)$',
  // Chinese ranges, written as escapes and as characters
  '^[\\u4e00-\\u9fa5]+$',
  '^[\\u4e00-\\u9fa5]{2,4}$',
  '[\\u4e00-\\u9fa5]',
  '^[一-龥]+$',
  '\\u4e2d',
  // anchors
  '^abc',
  'abc$',
  '^$',
  'a$',
  '^a',
  // classes
  '^[A-Za-z]+$',
  '^[a-z0-9_-]{3,16}$',
  '[^0-9]',
  '^[^\\s]+$',
  '^\\S+$',
  '\\s',
  '^[\\s\\S]*$',
  '^.+$',
  '^.*$',
  '.',
  '\\w',
  '\\W',
  '^\\w+@\\w+\\.\\w+$',
  '\\bword\\b',
  'word\\B',
  '[\\b]',
  '[.]',
  '\\x41',
  '\\t',
  // quantifiers
  '^a{2}$',
  '^a{2,}$',
  '^a{2,4}$',
  '^a?b+c*$',
  '^a+?$',
  'a{',
  'a{,2}',
  // alternation and groups
  '^(男|女)$',
  '^(?:是|否)$',
  'cat|dog',
  '^(\\d{3})-(\\d{4})$',
  '^(?<year>\\d{4})-(?<month>\\d{2})-\\d{2}$',
  '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  '^(https?|ftp)://',
  'a/b',
  '\\/',
];

describe('compilePattern: ordinary patterns keep RegExp’s verdicts', () => {
  it.each(ORDINARY)('%s', (pattern) => {
    const re2 = compilePattern(pattern);
    expect(re2).not.toBeNull();
    expect(patternProblem(pattern)).toBeNull();
    const native = new RegExp(pattern);
    const differing = SAMPLES.filter((s) => re2?.test(s) !== native.test(s));
    expect(differing).toEqual([]);
  });

  it('\\s, \\S and . cover the characters RegExp’s do (every BMP character, surrogates aside)', () => {
    const patterns = ['\\s', '\\S', '.', '[\\s]', '[\\S]', '[^\\s]', '[^\\S]', '^\\S$'];
    for (const pattern of patterns) {
      const re2 = compilePattern(pattern);
      const native = new RegExp(pattern);
      const differing: string[] = [];
      for (let cp = 0; cp <= 0xffff; cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        const ch = String.fromCharCode(cp);
        if (re2?.test(ch) !== native.test(ch)) differing.push(cp.toString(16));
      }
      expect({ pattern, differing }).toEqual({ pattern, differing: [] });
    }
  });

  it('differs where RE2 reads characters, not UTF-16 units, and takes its own syntax RegExp lacks', () => {
    // an emoji is one character to RE2 (two units to RegExp without the u flag)
    expect(compilePattern('^.$')?.test('😀')).toBe(true);
    // Unicode classes and inline flags are RE2's (the same in the fill grid and on the server)
    expect(compilePattern('^\\p{Han}+$')?.test('张三')).toBe(true);
    expect(compilePattern('^\\p{Han}+$')?.test('张3')).toBe(false);
    expect(compilePattern('(?i)^abc$')?.test('ABC')).toBe(true);
  });
});

describe('compilePattern: linear time', () => {
  // On RegExp each of these backtracks exponentially: 40 characters take hours, so the test fails by its timeout.
  it.each([
    ['^(a+)+$', `${'a'.repeat(40)}!`],
    ['(x+x+)+y', 'x'.repeat(40)],
    ['^(\\w+\\s?)*$', `${'word '.repeat(12)}!`],
    ['^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$', `${'a'.repeat(40)}!`],
  ])('%s on %j answers false', (pattern, value) => {
    expect(compilePattern(pattern)?.test(value)).toBe(false);
  });

  it('matches what it should on the same patterns', () => {
    expect(compilePattern('^(a+)+$')?.test('a'.repeat(40))).toBe(true);
    expect(compilePattern('(x+x+)+y')?.test('xxy')).toBe(true);
  });
});

describe('patternProblem', () => {
  it.each([
    ['^(a)\\1$', 'unsupported'],
    ['(a)(b)\\2', 'unsupported'],
    ['(?<x>a)\\k<x>', 'unsupported'],
    ['^(?=.*\\d)\\w+$', 'unsupported'],
    ['^(?!0)\\d+$', 'unsupported'],
    ['(?<=a)b', 'unsupported'],
    ['(?<!a)b', 'unsupported'],
    ['([', 'invalid'],
    ['(', 'invalid'],
    ['a{2,1}', 'invalid'],
    ['*a', 'invalid'],
    ['a)', 'invalid'],
    ['\\', 'invalid'],
    ['a{1001}', 'tooComplex'],
    ['^[a-z]{999}$', 'tooComplex'],
    ['^.{1,600}.{1,600}$', 'tooComplex'],
  ] as const)('%s is %s', (pattern, problem) => {
    expect(patternProblem(pattern)).toBe(problem);
    expect(compilePattern(pattern)).toBeNull();
  });

  it('lets an ordinary long repeat through, up to the program limit', () => {
    expect(PATTERN_PROGRAM_MAX).toBe(1000);
    expect(patternProblem('^.{1,400}$')).toBeNull();
    expect(compilePattern('^.{1,400}$')?.test('x'.repeat(400))).toBe(true);
    expect(compilePattern('^.{1,400}$')?.test('x'.repeat(401))).toBe(false);
  });

  it('has a short text for each problem', () => {
    expect(PATTERN_PROBLEM_TEXTS).toEqual({ invalid: '不是有效的正则表达式', unsupported: '不支持反向引用、环视等写法', tooComplex: '过于复杂（重复次数过多）' });
  });
});
