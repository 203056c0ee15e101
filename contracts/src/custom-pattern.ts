// A form designer's custom pattern (数据采集, a field's 自定义 rule) runs on RE2 (the pure-JavaScript port re2js), not on
// the JavaScript RegExp engine: RegExp backtracks, so a pattern such as ^(a+)+$ takes exponential time on "aaa…a!" and
// one designer with one filler could stall the server (issue 31). RE2 matches in time linear in the value, and being
// plain JavaScript it gives the same verdict in the fill grid and on the server. What RE2 cannot express
// (backreferences, lookaround) is refused when the design is saved.
import { RE2JS, RE2JSSyntaxException } from 're2js';

/** A compiled custom pattern: whether it matches somewhere in a value (as RegExp.prototype.test does). */
export interface CustomPattern {
  test(value: string): boolean;
}

/**
 * Why a pattern cannot be a custom rule: not a regular expression at all (`invalid`), written in a way RE2 does not
 * run (`unsupported`: backreferences, lookaround …), or too big a program (`tooComplex`: counted repeats multiply the
 * instructions each character goes through, so ^[a-z]{999}$ costs a thousand times ^[a-z]$ per character).
 */
export type PatternProblem = 'invalid' | 'unsupported' | 'tooComplex';

/** The most RE2 instructions a custom pattern compiles to: ordinary patterns take tens, ^.{1,400}$ about 800. */
export const PATTERN_PROGRAM_MAX = 1000;

/** The short texts the designer shows beside the pattern. */
export const PATTERN_PROBLEM_TEXTS: Record<PatternProblem, string> = {
  invalid: '不是有效的正则表达式',
  unsupported: '不支持反向引用、环视等写法',
  tooComplex: '过于复杂（重复次数过多）',
};

// JavaScript's \s (WhiteSpace and LineTerminator); RE2's \s is ASCII only, and a full-width space (U+3000) in a Chinese
// value must stay a space to ^\S+$, as it was with RegExp.
const SPACES: ReadonlyArray<readonly [number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const hex = (cp: number) => `\\x{${cp.toString(16)}}`;
const ranges = (list: ReadonlyArray<readonly [number, number]>) => list.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
const complement = (list: ReadonlyArray<readonly [number, number]>) => {
  const out: [number, number][] = [];
  let next = 0;
  for (const [a, b] of list) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  out.push([next, 0x10ffff]);
  return out;
};
const SPACE_ITEMS = ranges(SPACES);
const NON_SPACE_ITEMS = ranges(complement(SPACES));
// JavaScript's . (no s flag) stops at every line terminator; RE2's only at \n.
const DOT = `[^${ranges([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]])}]`;

class Unsupported extends Error {}

/**
 * The pattern as RE2 reads it with RegExp's meaning (no flags, as the designer writes it): \s, \S and . as RegExp
 * has them, [\b] a backspace; a backreference (\1 … \9, \k<name>) cannot be expressed. re2js's translateRegExp then
 * does the rest (\uXXXX, \cX, (?<name>…), [] and [^], a letter escaped for nothing).
 */
function toRe2(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\' && i + 1 < source.length) {
      const n = source[++i];
      if (n === 's') out += inClass ? SPACE_ITEMS : `[${SPACE_ITEMS}]`;
      else if (n === 'S') out += inClass ? NON_SPACE_ITEMS : `[^${SPACE_ITEMS}]`;
      else if (n === 'b' && inClass) out += '\\x08';
      else if (n === 'k' || (n >= '1' && n <= '9')) throw new Unsupported();
      else out += c + n;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      // RegExp closes a class at its first ], even right after [ or [^ (the empty class)
      inClass = true;
      out += c;
      if (source[i + 1] === '^') out += source[++i];
      if (source[i + 1] === ']') {
        out += source[++i];
        inClass = false;
      }
    } else {
      out += c === '.' ? DOT : c;
    }
  }
  return RE2JS.translateRegExp(out);
}

type Verdict = { pattern: CustomPattern; problem: null } | { pattern: null; problem: PatternProblem };

// RE2's refusals of a pattern that is too big rather than wrongly written (a{1001}: RE2 repeats at most 1000 times).
const TOO_BIG = new Set(['invalid repeat count', 'expression too large', 'expression nests too deeply']);

function judge(source: string): Verdict {
  let re: RE2JS;
  try {
    re = RE2JS.compile(toRe2(source));
  } catch (e) {
    // Whether RegExp reads the pattern tells "not a pattern" from "a pattern RE2 does not run". RegExp only parses it
    // here: it never matches anything, so no value meets the backtracking engine.
    try {
      new RegExp(source);
    } catch {
      return { pattern: null, problem: 'invalid' };
    }
    return { pattern: null, problem: e instanceof RE2JSSyntaxException && TOO_BIG.has(e.error) ? 'tooComplex' : 'unsupported' };
  }
  if (re.programSize() > PATTERN_PROGRAM_MAX) return { pattern: null, problem: 'tooComplex' };
  return { pattern: { test: (value) => re.test(value) }, problem: null };
}

// A save checks every cell of up to 20,000 rows against the same few patterns: each is compiled once.
const CACHE_MAX = 200;
const cache = new Map<string, Verdict>();

function verdict(source: string): Verdict {
  let found = cache.get(source);
  if (!found) {
    if (cache.size >= CACHE_MAX) cache.clear();
    found = judge(source);
    cache.set(source, found);
  }
  return found;
}

/** A custom rule's pattern compiled for RE2, or null when it cannot be one (patternProblem says why). */
export function compilePattern(pattern: string): CustomPattern | null {
  return verdict(pattern).pattern;
}

/** Why a custom rule's pattern is refused, or null when RE2 runs it. */
export function patternProblem(pattern: string): PatternProblem | null {
  return verdict(pattern).problem;
}
