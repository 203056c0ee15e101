import { SCHOOL_IMPORT_COLUMNS, SCHOOL_INDICATORS, SCHOOL_LEVELS, SCHOOL_NATURES, SCHOOL_PROVINCES, type SchoolIndicator } from '@zhengai/contracts';

/**
 * The rows of a school import (Excel or CSV, the same shape): the columns SCHOOL_IMPORT_COLUMNS, then one column per
 * indicator headed "name(code)" (the template's form; a bare code is read too); one line per school and year. All or
 * nothing: every bad line is reported with its line number and why, and then nothing is stored.
 */

/** An indicator column's header as the template writes it. */
export function indicatorHeader(indicator: Pick<SchoolIndicator, 'code' | 'name'>): string {
  return `${indicator.name}(${indicator.code})`;
}

/** The template's header row. */
export const SCHOOL_IMPORT_HEADER: readonly string[] = [...SCHOOL_IMPORT_COLUMNS, ...SCHOOL_INDICATORS.map(indicatorHeader)];

export interface ImportLine {
  row: number;
  cells: string[];
}

export interface ImportedSchool {
  code: string;
  name: string;
  province: string;
  nature: string;
  level: string;
}

export interface ImportedValue {
  schoolCode: string;
  indicator: string;
  year: number;
  value: number;
}

export interface ImportProblem {
  row: number;
  reason: string;
}

export type CheckedImport = { schools: ImportedSchool[]; values: ImportedValue[] } | { problems: ImportProblem[] };

const CODES = new Set(SCHOOL_INDICATORS.map((i) => i.code));
const NAME_OF = new Map(SCHOOL_INDICATORS.map((i) => [i.code, i.name]));

/** The indicator code an indicator column's header names: "name(code)", "name（code）" or the bare code; null otherwise. */
export function indicatorOfHeader(header: string): string | null {
  const text = header.trim();
  const match = /[(（]\s*([A-Za-z0-9_]+)\s*[)）]$/.exec(text);
  const code = match ? match[1]! : text;
  if (CODES.has(code)) return code;
  const byName = SCHOOL_INDICATORS.find((i) => i.name === text);
  return byName ? byName.code : null;
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export function checkImportRows(header: readonly string[], lines: readonly ImportLine[], headerRow = 1): CheckedImport {
  const problems: ImportProblem[] = [];
  const fixed = SCHOOL_IMPORT_COLUMNS.length;
  const headerCells = header.map((h) => h.trim());
  const fixedOk = SCHOOL_IMPORT_COLUMNS.every((c, i) => headerCells[i] === c);
  if (!fixedOk) return { problems: [{ row: headerRow, reason: `表头应以「${SCHOOL_IMPORT_COLUMNS.join('、')}」开头，请使用导入模板` }] };
  const columns: Array<{ at: number; code: string }> = [];
  const seenCodes = new Set<string>();
  for (let at = fixed; at < headerCells.length; at++) {
    const text = headerCells[at]!;
    if (text === '') continue;
    const code = indicatorOfHeader(text);
    if (!code) problems.push({ row: headerRow, reason: `第${at + 1}列「${text}」不是已知指标` });
    else if (seenCodes.has(code)) problems.push({ row: headerRow, reason: `指标「${NAME_OF.get(code)}」的列重复` });
    else {
      seenCodes.add(code);
      columns.push({ at, code });
    }
  }
  if (problems.length > 0) return { problems };
  if (lines.length === 0) return { problems: [{ row: headerRow + 1, reason: '文件中没有数据' }] };

  const schools = new Map<string, ImportedSchool>();
  const values: ImportedValue[] = [];
  const seenLines = new Map<string, number>();
  for (const { row, cells } of lines) {
    const cell = (i: number) => (cells[i] ?? '').trim();
    const [code, name, province, nature, level, yearText] = [0, 1, 2, 3, 4, 5].map(cell) as [string, string, string, string, string, string];
    const reasons: string[] = [];
    if (code === '') reasons.push('学校代码不能为空');
    else if (code.length > 20) reasons.push('学校代码过长');
    if (name === '') reasons.push('学校名称不能为空');
    else if (name.length > 100) reasons.push('学校名称过长');
    if (!(SCHOOL_PROVINCES as readonly string[]).includes(province)) reasons.push(province === '' ? '省份不能为空' : `省份「${province}」不存在`);
    if (!(SCHOOL_NATURES as readonly string[]).includes(nature)) reasons.push(nature === '' ? '办学性质不能为空' : `办学性质「${nature}」不存在`);
    if (!(SCHOOL_LEVELS as readonly string[]).includes(level)) reasons.push(level === '' ? '办学层次不能为空' : `办学层次「${level}」不存在`);
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
    if (!(year >= 1990 && year <= 2100)) reasons.push(yearText === '' ? '年份不能为空' : `年份「${yearText}」不正确`);
    const lineValues: ImportedValue[] = [];
    for (const { at, code: indicator } of columns) {
      const text = cell(at).replace(/,/g, '');
      if (text === '') continue;
      const value = NUMBER.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(value)) reasons.push(`「${NAME_OF.get(indicator)}」的值「${cell(at)}」不是数字`);
      else lineValues.push({ schoolCode: code, indicator, year, value });
    }
    if (reasons.length === 0) {
      const key = `${code}\u0000${year}`;
      const earlier = seenLines.get(key);
      if (earlier !== undefined) reasons.push(`与第${earlier}行的学校和年份重复`);
      else seenLines.set(key, row);
      const known = schools.get(code);
      if (known && (known.name !== name || known.province !== province || known.nature !== nature || known.level !== level)) {
        reasons.push('同一学校代码的学校名称、省份、办学性质或办学层次与前面的行不一致');
      }
    }
    if (reasons.length > 0) {
      problems.push({ row, reason: reasons.join('；') });
      continue;
    }
    schools.set(code, { code, name, province, nature, level });
    values.push(...lineValues);
  }
  if (problems.length > 0) return { problems };
  return { schools: [...schools.values()], values };
}
