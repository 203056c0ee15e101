import { QUALITY_VALUE_MAX, VALUE_TYPES, flagOf, formatValueOf, numberOf, type ValueType } from '@zhengai/contracts';

/** How a point's value is read (zlx, spec 001 §3 and §9): the contract's list. Values are stored as the text people entered. */
export { VALUE_TYPES, type ValueType };

export const isValueType = (v: unknown): v is ValueType => typeof v === 'string' && (VALUE_TYPES as readonly string[]).includes(v);

/** The number in a value ('85', '85%', ' 3.5 ' read; '八十' does not) and 有/无, 是/否 as 1 or 0 (001 §2): the contract's readers. */
export { numberOf, flagOf };

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

/** The spec's display of a value (000 §9): percents '85.00%', 有/无, 是/否, floats with 2 decimals: the contract's formatting layer. */
export function displayValue(type: ValueType, value: string | null | undefined): string {
  return formatValueOf(type, value);
}
