// Data collection (数据采集, issue 15): the catalogues of 000 §9 and 001 §4 and the one rule set a cell is checked by
// (with the format helpers of 000 §5, format-checks.ts) — in the fill screen as the filler types, and on the server
// before anything is saved.
// Plain values only (no schema library), so the browser's bundle takes them as they are; a custom pattern runs on RE2
// (custom-pattern.ts), in linear time and with the same verdict on both sides.
import { compilePattern } from './custom-pattern.js';
import { FORMAT_CHECKS, VALIDATION_MESSAGES } from './format-checks.js';
import { PROFILE_FORMATS } from './limits.js';

/** Form types (000 §9): fixed rows given by the designer, or floating rows the filler adds. */
export const FORM_TYPES = ['floating', 'fixed'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FORM_TYPE_LABELS: Record<FormType, string> = { floating: '浮动表', fixed: '固定表' };

/** Component types of 000 §9. */
export const COMPONENT_TYPES = ['text', 'editor', 'inputSelect', 'select', 'multiSelect', 'email', 'url', 'phone', 'integer', 'float', 'date', 'month', 'year'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export const COMPONENT_LABELS: Record<ComponentType, string> = {
  text: '单行文本',
  editor: '多行文本',
  inputSelect: '可输入下拉',
  select: '下拉单选',
  multiSelect: '下拉多选',
  email: '邮箱',
  url: '网址',
  phone: '电话',
  integer: '整数',
  float: '小数',
  date: '日期',
  month: '月份',
  year: '年份',
};
/** Components whose options come from a constant type. */
export const OPTION_COMPONENTS: readonly ComponentType[] = ['inputSelect', 'select', 'multiSelect'];
/** Components stored as numbers in the data centre (numeric columns). */
export const NUMERIC_COMPONENTS: readonly ComponentType[] = ['integer', 'float'];

/** Validation types of 000 §5. */
export const VALIDATION_TYPES = ['require', 'unique', 'custom'] as const;
export type ValidationType = (typeof VALIDATION_TYPES)[number];
export const VALIDATION_TYPE_LABELS: Record<ValidationType, string> = { require: '必填', unique: '唯一', custom: '自定义' };

/** Fill-task states (001 §4). */
export const FILL_STATES = ['uncommitted', 'unaudited', 'rollback', 'finished'] as const;
export type FillState = (typeof FILL_STATES)[number];
export const FILL_STATE_LABELS: Record<FillState, string> = { uncommitted: '未提交', unaudited: '待审核', rollback: '已退回', finished: '已完成' };

/** Form states (001 §4): a form within a collection task — not yet out, being filled, all committed, all audited. */
export const FORM_STATES = ['unpublished', 'published', 'unaudited', 'audited'] as const;
export type FormState = (typeof FORM_STATES)[number];
export const FORM_STATE_LABELS: Record<FormState, string> = { unpublished: '未发布', published: '已发布', unaudited: '待审核', audited: '已审核' };

/** Publish states (001 §4) of a form design and of a collection task. */
export const PUBLISH_STATES = ['unpublished', 'published'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];
export const PUBLISH_STATE_LABELS: Record<PublishState, string> = { unpublished: '未发布', published: '已发布' };

/** Input max lengths of 000 §9. */
export const INPUT_MAX = { default: 60, content: 200, audit: 500, small: 20, longName: 1000, longContent: 1000 } as const;

/** The longest value each component takes (a field may set less). */
export const COMPONENT_MAX_LENGTH: Record<ComponentType, number> = {
  text: INPUT_MAX.default,
  editor: INPUT_MAX.longContent,
  inputSelect: INPUT_MAX.default,
  select: INPUT_MAX.default,
  multiSelect: INPUT_MAX.content,
  email: PROFILE_FORMATS.emailMax,
  url: INPUT_MAX.content,
  phone: INPUT_MAX.small,
  integer: INPUT_MAX.small,
  float: INPUT_MAX.small,
  date: 10,
  month: 7,
  year: 4,
};

/**
 * Limits of a form design: fields, fixed rows, rows a fill holds, texts, the code (and a field's key: IDENTIFIER_PATTERN
 * allows 2–40 characters), a custom pattern, a column's width in px on the fill screen.
 */
export const FORM_LIMITS = {
  fields: 60,
  fixedRows: 500,
  rows: 20_000,
  name: INPUT_MAX.default,
  description: INPUT_MAX.content,
  code: 40,
  pattern: 200,
  width: { min: 60, max: 800 },
} as const;

/** A constant type's code; the sort of a constant or a directory (nine digits either way, as the import reads it). */
export const CONSTANT_LIMITS = { typeCode: 40, sort: 999_999_999 } as const;

/**
 * A form's code and its fields' keys: the data-centre table `sjzx.<code>` and its columns, so an administrator's SQL
 * reads them as written. Lower-case letters, digits and underscores, starting with a letter.
 */
export const IDENTIFIER_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
/** Columns every data-centre table has; a field cannot take these keys. */
export const SYSTEM_COLUMNS = ['row_id', 'fill_task_id', 'task_id', 'cycle', 'department_id', 'department_name', 'row_no', 'row_label', 'audited_at'] as const;

/** The texts of the cell rules beyond 000 §5's component texts. */
export const CELL_MESSAGES = {
  tooLong: (max: number) => `不能超过${max}个字符`,
  date: '请输入正确的日期（yyyy-MM-dd）',
  month: '请输入正确的月份（yyyy-MM）',
  year: '请输入正确的年份（yyyy）',
  option: '请从选项中选择',
  duplicateInRows: (row: number) => `与第${row}行重复`,
  duplicate: '该值已被填报，不能重复',
  customDefault: '格式不正确',
} as const;

/** What the cell rules read of a form field (the contract's FormField has these and more). */
export interface FieldRules {
  key: string;
  label: string;
  component: ComponentType;
  validations: { require: boolean; unique: boolean; custom: { pattern: string; message: string } | null };
  maxLength: number | null;
}

/** A cell's value: text, the chosen texts of a multiSelect, or nothing. */
export type CellValue = string | string[] | null;

/** The value as stored: trimmed text, a multiSelect's trimmed non-empty choices, null for empty. */
export function normalizeCell(field: Pick<FieldRules, 'component'>, raw: unknown): CellValue {
  if (raw === undefined || raw === null) return null;
  if (field.component === 'multiSelect') {
    const list = (Array.isArray(raw) ? raw : String(raw).split(/[,，]/)).map((v) => String(v).trim()).filter((v) => v !== '');
    return list.length === 0 ? null : list;
  }
  const v = Array.isArray(raw) ? raw.join(',') : String(raw);
  return v.trim() === '' ? null : v.trim();
}

function isEmptyCell(value: CellValue): boolean {
  return value === null || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
}

function validDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The options a field's value must come from (select, multiSelect); null when any text goes. */
export type FieldOptions = ReadonlyMap<string, readonly string[]>;

/**
 * One cell against its field: the first broken rule's text, or null. `require` false checks everything but the
 * required rule (a draft may be incomplete; a commit may not). `options` holds each option field's allowed texts.
 */
export function checkCell(field: FieldRules, raw: CellValue, require = true, options?: FieldOptions): string | null {
  const value = normalizeCell(field, raw);
  if (isEmptyCell(value)) return require && field.validations.require ? VALIDATION_MESSAGES.required : null;
  const max = Math.min(field.maxLength ?? COMPONENT_MAX_LENGTH[field.component], COMPONENT_MAX_LENGTH[field.component]);
  const asText = Array.isArray(value) ? value.join(',') : (value as string);
  if (asText.length > max) return CELL_MESSAGES.tooLong(max);
  switch (field.component) {
    case 'email':
    case 'url':
    case 'phone':
    case 'integer':
    case 'float':
      if (!FORMAT_CHECKS[field.component](asText, false)) return VALIDATION_MESSAGES[field.component];
      break;
    case 'date':
      if (!validDate(asText)) return CELL_MESSAGES.date;
      break;
    case 'month':
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(asText)) return CELL_MESSAGES.month;
      break;
    case 'year':
      if (!/^\d{4}$/.test(asText)) return CELL_MESSAGES.year;
      break;
    case 'select':
    case 'multiSelect': {
      const allowed = options?.get(field.key);
      const chosen = Array.isArray(value) ? value : [asText];
      if (allowed && chosen.some((c) => !allowed.includes(c))) return CELL_MESSAGES.option;
      break;
    }
    default:
      break;
  }
  const custom = field.validations.custom;
  if (custom && custom.pattern) {
    const re = compilePattern(custom.pattern);
    if (re && !re.test(asText)) return custom.message || CELL_MESSAGES.customDefault;
  }
  return null;
}

/** A refused cell: the row (1-based, as the filler counts), the field's key and label, and the rule's text. */
export interface CellError {
  row: number;
  field: string;
  label: string;
  message: string;
}

/** 第3行「联系电话」：请输入正确的国内手机或座机号码格式！ */
export function cellErrorText(e: Pick<CellError, 'row' | 'label' | 'message'>): string {
  return `第${e.row}行「${e.label}」：${e.message}`;
}

/** The unique-rule key of a value (multiSelect choices in order, joined). */
export function uniqueKey(value: CellValue): string | null {
  if (value === null) return null;
  const v = Array.isArray(value) ? value.join(',') : value.trim();
  return v === '' ? null : v;
}

/**
 * Every row against every field, and the unique fields within these rows (the server checks the other fillers'
 * rows too). Rows are counted from 1 in the order given.
 */
export function checkRows(fields: readonly FieldRules[], rows: ReadonlyArray<Record<string, CellValue>>, require = true, options?: FieldOptions): CellError[] {
  const errors: CellError[] = [];
  const seen = new Map<string, Map<string, number>>();
  for (const f of fields) if (f.validations.unique) seen.set(f.key, new Map());
  rows.forEach((row, i) => {
    for (const f of fields) {
      const value = normalizeCell(f, row[f.key] ?? null);
      const message = checkCell(f, value, require, options);
      if (message) {
        errors.push({ row: i + 1, field: f.key, label: f.label, message });
        continue;
      }
      const firstSeen = seen.get(f.key);
      const key = uniqueKey(value);
      if (firstSeen && key !== null) {
        const earlier = firstSeen.get(key);
        if (earlier !== undefined) errors.push({ row: i + 1, field: f.key, label: f.label, message: CELL_MESSAGES.duplicateInRows(earlier) });
        else firstSeen.set(key, i + 1);
      }
    }
  });
  return errors;
}

