import { QUALITY_VALUE_MAX, VALUE_TYPES, type ValueType } from '@zhengai/contracts';

/** How a point's value is read (zlx, spec 001 §3 and §9): the contract's list. Values are stored as the text people entered. */
export { VALUE_TYPES, type ValueType };

export const isValueType = (v: unknown): v is ValueType => typeof v === 'string' && (VALUE_TYPES as readonly string[]).includes(v);

/** The number in a value, or null when it is empty or not a number ('85', '85%', ' 3.5 ' read; '八十' does not). */
export function numberOf(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim().replace(/%$/, '').trim();
  if (text === '' || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/** 有/无 and 是/否 points carry 1 or 0 (spec 001 §2). */
export function flagOf(value: string | null | undefined): 0 | 1 | null {
  const text = value?.trim();
  if (text === '1' || text === '有' || text === '是') return 1;
  if (text === '0' || text === '无' || text === '否') return 0;
  return null;
}

/** Checks a value a person enters for a point of this type; the message says what is wrong, or null. */
export function checkValue(type: ValueType, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  switch (type) {
    case 'have':
    case 'whether':
      return flagOf(value) === null ? '只能填写0或1' : null;
    case 'integer':
      return /^[+-]?(0|[1-9]\d*)$/.test(value.trim()) ? null : '请填写整数';
    case 'percent':
    case 'float':
      return numberOf(value) === null ? '请填写数字' : null;
    case 'text':
      // an editable value cell takes 500 characters (001 §2), counted as code points like the texts beside it
      return [...value].length > QUALITY_VALUE_MAX ? `最多只能输入${QUALITY_VALUE_MAX}个字符` : null;
  }
}

/** The spec's display of a value (000 §9): percents with %, 有/无, 是/否, floats with 2 decimals. */
export function displayValue(type: ValueType, value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const n = numberOf(value);
  switch (type) {
    case 'have':
      return flagOf(value) === 1 ? '有' : flagOf(value) === 0 ? '无' : value;
    case 'whether':
      return flagOf(value) === 1 ? '是' : flagOf(value) === 0 ? '否' : value;
    case 'percent':
      return n === null ? value : `${n.toFixed(2).replace(/\.?0+$/, '')}%`;
    case 'float':
      return n === null ? value : n.toFixed(2);
    default:
      return value;
  }
}
