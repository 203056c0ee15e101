import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { AppError } from '../errors/app-error.js';
import { labelOf } from './field-labels.js';

// A missing value breaks every rule of its field; the presence rule's message (此项必填) is the one to show,
// then the type rule's (a number sent for a name is "not text", not "too long").
const PRESENCE_RULES = ['isDefined', 'isNotEmpty'];
const TYPE_RULES = ['isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject', 'nestedValidation'];

type Template = (args: unknown[]) => string;
const list = (values: unknown): string => (Array.isArray(values) ? values.map(String).join('、') : String(values));

/** class-validator's rules in Chinese; a rule the DTO gave its own message keeps it (the spec's texts). */
const TEMPLATES: Record<string, Template> = {
  isDefined: () => '不能为空',
  isNotEmpty: () => '不能为空',
  arrayNotEmpty: () => '不能为空',
  isString: () => '必须是文本',
  isInt: () => '必须是整数',
  isNumber: () => '必须是数字',
  isBoolean: () => '必须是布尔值',
  isArray: () => '必须是列表',
  isObject: () => '必须是对象',
  min: ([n]) => `不能小于${String(n)}`,
  max: ([n]) => `不能大于${String(n)}`,
  minLength: ([n]) => `至少${String(n)}个字符`,
  maxLength: ([n]) => `最多${String(n)}个字符`,
  arrayMinSize: ([n]) => `至少${String(n)}项`,
  arrayMaxSize: ([n]) => `最多${String(n)}项`,
  isIn: ([values]) => `只能是${list(values)}`,
  isEnum: ([entity, values]) => `只能是${list(values ?? Object.values(entity as object))}`,
  whitelistValidation: () => '不是可接受的参数',
};

interface RuleMetadata {
  name?: string;
  type: string;
  propertyName: string;
  constraints?: unknown[];
  message?: unknown;
  each?: boolean;
}

/** The rule's declaration on the DTO (its arguments, its own message, `each`), when the error names its DTO. */
function ruleOf(error: ValidationError, rule: string): RuleMetadata | undefined {
  const target = error.target?.constructor;
  if (!target) return undefined;
  const rules = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false) as RuleMetadata[];
  return rules.find((m) => m.propertyName === error.property && (m.name ?? m.type) === rule);
}

function messageOf(error: ValidationError): string | undefined {
  const constraints = error.constraints ?? {};
  const rules = Object.keys(constraints);
  if (rules.length === 0) return undefined;
  const rule = PRESENCE_RULES.find((r) => r in constraints) ?? TYPE_RULES.find((r) => r in constraints) ?? rules[0]!;
  const declared = ruleOf(error, rule);
  if (declared?.message !== undefined) return constraints[rule];
  const template = TEMPLATES[rule];
  const label = error.property ? labelOf(error.property) : '请求参数';
  if (!template) return `${label}不正确`;
  return `${label}${declared?.each ? '中的每一项' : ''}${template(declared?.constraints ?? [])}`;
}

function firstMessage(errors: ValidationError[]): string | undefined {
  for (const error of errors) {
    const own = messageOf(error);
    if (own) return own;
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * DTOs are checked with class-validator; the first rule broken becomes meta.message: the DTO's own text where it
 * gives one, otherwise a Chinese one naming the field (field-labels.ts).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    // The errors' DTO instance lets a message read its rule's arguments (maxLength 100); nothing sends the errors.
    validationError: { target: true },
    exceptionFactory: (errors) => new AppError('VALIDATION', firstMessage(errors)),
  });
}
