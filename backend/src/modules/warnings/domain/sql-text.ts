import { SQL_PARAMETERS, type SqlParameter } from '@zhengai/contracts';

/**
 * The lexical check of an SQL source, before it is sent: comments stripped (strings, quoted names and dollar-quoted
 * bodies kept as written), one statement, SELECT or WITH first. It only gives clear messages early; the database
 * (read-only role, read-only transaction, one statement through the extended protocol) is what actually guards.
 */

export const SQL_TEXT_MESSAGES = {
  empty: 'SQL 不能为空',
  oneStatement: '只能执行一条 SELECT 语句',
  selectOnly: '只能执行 SELECT 查询',
} as const;

export type SqlTextCheck = { ok: true; text: string } | { ok: false; message: string };

interface Scanned {
  /** The text with each comment replaced by one space. */
  text: string;
  /** Offsets in `text` of the semicolons outside strings, names and comments. */
  semicolons: number[];
}

const IDENT_CHAR = /[\p{L}\p{N}_$]/u;
const DOLLAR_TAG = /^\$(?:[\p{L}_][\p{L}\p{N}_]*)?\$/u;

/** Where a quoted run that starts at `start` (on its opening quote) ends, just past its closing quote; -1 if never. */
function quotedEnd(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return -1;
}

/** Block comments nest in PostgreSQL; -1 when one never closes. */
function blockCommentEnd(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return -1;
}

/**
 * Where the string, quoted name or dollar-quoted body starting at `i` ends (just past it): undefined when none starts
 * there, -1 when it never ends.
 */
function quotedRunEnd(sql: string, i: number): number | undefined {
  const c = sql[i];
  const prev = i > 0 ? sql[i - 1]! : '';
  if (c === '\'') {
    // E'…' strings take backslash escapes; the E must start its token.
    const escaped = (prev === 'E' || prev === 'e') && !(i > 1 && IDENT_CHAR.test(sql[i - 2]!));
    return quotedEnd(sql, i, '\'', escaped);
  }
  if (c === '"') return quotedEnd(sql, i, '"', false);
  if (c === '$' && !IDENT_CHAR.test(prev)) {
    const tag = DOLLAR_TAG.exec(sql.slice(i))?.[0];
    if (!tag) return undefined; // $1 and the like
    const close = sql.indexOf(tag, i + tag.length);
    return close < 0 ? -1 : close + tag.length;
  }
  return undefined;
}

function scan(sql: string): Scanned {
  let text = '';
  const semicolons: number[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === '-' && sql[i + 1] === '-') {
      const newline = sql.slice(i).search(/[\r\n]/);
      i = newline < 0 ? sql.length : i + newline;
      text += ' ';
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = blockCommentEnd(sql, i);
      if (end < 0) break;
      text += ' ';
      i = end;
      continue;
    }
    const end = quotedRunEnd(sql, i);
    if (end === -1) break;
    if (end !== undefined) {
      text += sql.slice(i, end);
      i = end;
      continue;
    }
    if (c === ';') semicolons.push(text.length);
    text += c;
    i += 1;
  }
  // An unterminated string, name or comment goes as written: the database names the fault.
  if (i < sql.length) text += sql.slice(i);
  return { text, semicolons };
}

/** The SQL without comments (each becomes one space); strings and quoted names are untouched. */
export function stripSqlComments(sql: string): string {
  return scan(sql).text;
}

/**
 * Checks an SQL source and answers the query expression to run (comments and a trailing `;` removed), or the
 * message that refuses it.
 */
export function checkSelectSql(sql: string): SqlTextCheck {
  const { text, semicolons } = scan(sql);
  if (/^[\s;]*$/.test(text)) return { ok: false, message: SQL_TEXT_MESSAGES.empty };
  const first = semicolons[0];
  if (first !== undefined && text.slice(first + 1).trim() !== '') return { ok: false, message: SQL_TEXT_MESSAGES.oneStatement };
  const body = (first === undefined ? text : text.slice(0, first)).trim();
  if (body === '') return { ok: false, message: SQL_TEXT_MESSAGES.empty };
  const keyword = /^[\s(]*([A-Za-z_]+)/.exec(body)?.[1]?.toUpperCase();
  if (keyword !== 'SELECT' && keyword !== 'WITH') return { ok: false, message: SQL_TEXT_MESSAGES.selectOnly };
  return { ok: true, text: body };
}

/**
 * Named parameters an SQL source may use for the object a value is collected for (the contract's SQL_PARAMETERS):
 * `WHERE major = :dxmc`. Each is bound as a value through the extended protocol, never pasted into the text.
 */
export { SQL_PARAMETERS, type SqlParameter };
export type SqlParameterValues = Partial<Record<SqlParameter, string | null>>;

const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const isParameter = (name: string): name is SqlParameter => Object.hasOwn(SQL_PARAMETERS, name);

/**
 * Turns each `:dxbm`, `:dxmc` and `:zq` of a query text (comments already removed, as checkSelectSql answers it) into
 * `$1`, `$2` … numbered by first use, and answers the values in that order (null for one not given). Strings, quoted
 * names, dollar-quoted bodies, `::` casts and other `:names` are left as written.
 */
export function bindSqlParameters(text: string, values: SqlParameterValues = {}): { text: string; values: Array<string | null>; used: SqlParameter[] } {
  const used: SqlParameter[] = [];
  let out = '';
  let i = 0;
  while (i < text.length) {
    const end = quotedRunEnd(text, i);
    if (end !== undefined) {
      const stop = end === -1 ? text.length : end;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    const c = text[i]!;
    if (c === ':' && text[i + 1] === ':') {
      out += '::';
      i += 2;
      continue;
    }
    const name = c === ':' ? PARAMETER_NAME.exec(text.slice(i + 1))?.[0] : undefined;
    if (name !== undefined && isParameter(name)) {
      if (!used.includes(name)) used.push(name);
      out += `$${used.indexOf(name) + 1}`;
      i += 1 + name.length;
      continue;
    }
    out += c;
    i += 1;
  }
  return { text: out, values: used.map((name) => values[name] ?? null), used };
}
