// Pure rules of the quality-point table (spec 001 §2, §3, §5, §9; 000 §9): how a value shows per type,
// revised values over originals, grade tags, the rows that miss, the texts' checks and what may be typed in.
import { DIAGNOSIS_TEXT_MAX, DIAGNOSIS_TEXT_MESSAGES, GRADE_NAMES, QUALITY_VALUE_MAX, flagOf, formatRatio, formatValueOf, numberOf } from '@zhengai/contracts';
import type { AuditState, CalRule, Datasource, Grade, QualityRow, ValueType } from '../../../api/diagnosis';

/** Cause analysis and improvement measure (001 §5, §9): the contract's limit and messages. */
export const TEXT_MAX = DIAGNOSIS_TEXT_MAX;
export const TEXT_MESSAGES = DIAGNOSIS_TEXT_MESSAGES;
/** The audit opinion (000 §9: audit 500). */
export const AUDIT_COMMENT_MAX = DIAGNOSIS_TEXT_MAX;
/** An editable value cell (a text point's result, revised target or result): at most 500 characters (001 §2). */
export const TEXT_VALUE_MAX = QUALITY_VALUE_MAX;

// ---------------------------------------------------------------------------------------------
// values

/**
 * The number in a stored value ('85', '85%', ' 3.5 '), 有/无 and 是/否 as 1 or 0, and a value as the table shows it
 * (001 §2, 000 §9: percents '85.00%', floats '3.50', have 无/有, whether 否/是, integers and texts as entered, empty stays
 * empty, what does not read as its type as entered): the contract's formatting layer, the one the Word report uses.
 */
export { numberOf, flagOf };
export const formatValue = formatValueOf;

const isBlank = (value: string | number | null | undefined): boolean => value === null || value === undefined || String(value).trim() === '';

export interface EffectiveValue {
  /** the revised value when filled in, else the original; null when neither is */
  value: string | null;
  /** the revised value is the one shown */
  revised: boolean;
  /** the original under a revision (shown in a tooltip) */
  original: string | null;
}

/** A revised value (xzmbz, xzjgz) overrides the original (mbz, jgz) whenever it is filled in (001 §3). */
export function effectiveValue(original: string | null | undefined, revised: string | null | undefined): EffectiveValue {
  const orig = isBlank(original) ? null : String(original);
  if (!isBlank(revised)) return { value: String(revised), revised: true, original: orig };
  return { value: orig, revised: false, original: orig };
}

// ---------------------------------------------------------------------------------------------
// grades, misses, states

export interface TagLook {
  text: string;
  color: string;
}

/** Grades of 001 §9 as coloured tags, named from the contract's one catalogue (GRADE_NAMES: A 优秀 … N 未达成). */
const GRADE_COLORS: Record<Grade, string> = { A: 'success', B: 'processing', C: 'warning', D: 'error', Y: 'success', N: 'error' };
export const GRADE_TAGS = Object.fromEntries(Object.entries(GRADE_COLORS).map(([g, color]) => [g, { text: GRADE_NAMES[g as Grade], color }])) as Record<Grade, TagLook>;

/** The tag of a grade; null when there is none; an unknown code as itself in grey. */
export function gradeTag(grade: string | null | undefined): TagLook | null {
  if (isBlank(grade)) return null;
  const code = String(grade).trim().toUpperCase();
  return GRADE_TAGS[code as Grade] ?? { text: String(grade), color: 'default' };
}

/** A row that misses: below its standard (dis) or its target not reached (unfin); marked 未达标. */
export const missesTarget = (row: Pick<QualityRow, 'dis' | 'unfin'>): boolean => !!row.dis || !!row.unfin;

export const MISS_TEXT = '未达标';

// One reading of a row (issue 12): 未达标 marks a row that needs a cause analysis and a measure (the server's submit
// rule): its grade says the target was not reached (unfin, D or N). The grade is measured against the target value by
// the point's rule and floored by the standard value (issue 35, the server's kernel grade.ts): a result below the
// standard is graded 未完成, so 良好 never stands beside 未达标. Each reading names its reference value.
type ReadRow = Pick<QualityRow, 'zlx' | 'bzz' | 'mbz' | 'xzmbz' | 'jgz' | 'xzjgz' | 'jgdj' | 'dis' | 'unfin' | 'calRule'>;

/** Why the row carries 未达标, with the standard or target value it missed; null when it does not miss. */
export function missReading(row: ReadRow): string | null {
  if (!missesTarget(row)) return null;
  const result = formatValue(row.zlx, effectiveValue(row.jgz, row.xzjgz).value) || '（空）';
  const parts: string[] = [];
  if (row.dis) {
    const flag = row.zlx === 'have' || row.zlx === 'whether';
    const standard = formatValue(row.zlx, row.bzz);
    parts.push(flag ? `本期结果${result}，标准值${standard}` : `本期结果${result}${row.calRule?.direction === 'lower' ? '高于' : '低于'}标准值${standard}`);
  }
  if (row.unfin) {
    const target = formatValue(row.zlx, effectiveValue(row.mbz, row.xzmbz).value) || '（空）';
    parts.push(`未达到目标值${target}（等级${gradeTag(row.jgdj)?.text ?? '未完成'}）`);
  }
  return `${MISS_TEXT}：${parts.join('；')}`;
}

/** How the grade was reached: the result against the target value and the point's rule; null without a grade. */
export function gradeReading(row: ReadRow): string | null {
  const tag = gradeTag(row.jgdj);
  if (!tag) return null;
  const result = formatValue(row.zlx, effectiveValue(row.jgz, row.xzjgz).value) || '（空）';
  const target = formatValue(row.zlx, effectiveValue(row.mbz, row.xzmbz).value) || '（空）';
  const flag = row.zlx === 'have' || row.zlx === 'whether';
  const rule = flag ? '' : `（${calRuleText(row.calRule)}）`;
  // below the standard value: the floor decided the grade, whatever the share of the target
  const floor = row.dis ? `；未达到标准值${formatValue(row.zlx, row.bzz)}，记为${tag.text}` : '';
  return `对照目标值：本期结果${result}，目标值${target}，${tag.text}${rule}${floor}`;
}

/** Audit states as tags (the names come from the server). */
export const AUDIT_STATE_TAGS: Record<AuditState, TagLook> = {
  draft: { text: '未提交', color: 'default' },
  submitted: { text: '待审核', color: 'processing' },
  passed: { text: '审核通过', color: 'success' },
  refused: { text: '审核不通过', color: 'error' },
};

export function auditStateTag(state: string, name?: string | null): TagLook {
  const known = AUDIT_STATE_TAGS[state as AuditState];
  return { text: name || known?.text || state, color: known?.color ?? 'default' };
}

// ---------------------------------------------------------------------------------------------
// entries

/** Characters as the server counts them: code points, so an emoji or a rare character counts once. */
export const charCount = (value: string | null | undefined): number => (value ? [...value].length : 0);

/** 此项必填 when empty or blank, 最多只能输入500个字符 when too long (001 §5); null when acceptable. */
export function textProblem(value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return TEXT_MESSAGES.required;
  if (charCount(value) > TEXT_MAX) return TEXT_MESSAGES.tooLong;
  return null;
}

/** Whether the result (jgz) is read from a source (algorithm, SQL, interface): its latest sample, unless one is typed. */
export function resultSampled(row: { datasourceVos?: Pick<Datasource, 'cjfs'>[] | null }): boolean {
  const sources = row.datasourceVos ?? [];
  return sources.length > 0 && !sources.some((s) => s.cjfs === 'report');
}

/** The revised target and result (xzmbz, xzjgz) only where the point allows it (fsjzxz = 1). */
export const revisedEditable = (row: { fsjzxz: QualityRow['fsjzxz'] | null }): boolean => Number(row.fsjzxz) === 1;

/** What an input holds for a stored value: '0'/'1' for have and whether, the text otherwise ('' when empty). */
export function inputValue(type: ValueType | string, value: string | null | undefined): string | undefined {
  if (isBlank(value)) return undefined;
  if (type === 'have' || type === 'whether') {
    const f = flagOf(value);
    return f === null ? undefined : String(f);
  }
  if (type === 'percent') return String(value).trim().replace(/%$/, '').trim();
  return String(value).trim();
}

/** What is sent for an input's value: the trimmed text, or null when cleared. */
export function storedValue(value: string | number | null | undefined): string | null {
  if (isBlank(value)) return null;
  return String(value).trim();
}

// ---------------------------------------------------------------------------------------------
// names

export const VALUE_TYPE_NAMES: Record<ValueType, string> = {
  have: '有无',
  whether: '是否',
  percent: '百分比',
  integer: '整数',
  float: '小数',
  text: '文本',
};

export const COLLECT_METHOD_NAMES: Record<string, string> = { report: '填报', algorithm: '算法', sql: 'SQL', interface: '接口' };
export const DISPLAY_MODE_NAMES: Record<string, string> = { table: '表格', pie: '饼图', histogram: '柱状图', line: '折线图', file: '文件' };

export const nameOf = (names: Record<string, string>, code: string | null | undefined): string => (code ? (names[code] ?? code) : '');

/** How a point is graded, in words: 越高越好，达到目标值的90.00%为良好，80.00%为一般 (b and c are shares of the target). */
export function calRuleText(rule: CalRule | null | undefined): string {
  if (!rule) return '';
  return `${rule.direction === 'lower' ? '越低越好' : '越高越好'}，达到目标值的${formatRatio(rule.b)}为良好，${formatRatio(rule.c)}为一般`;
}
