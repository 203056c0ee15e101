import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiBody, ApiQuery, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { labelOf } from './field-labels.js';

// Input is read through the contract's zod schemas, once per route: `@ZodBody(Schema) body: T` and
// `@ZodQuery(Schema) q: T` parse the body or query (a broken rule is a 400 envelope naming the field in Chinese) and
// describe the request in the OpenAPI document from the same schema. It is the only way
// input is checked: there is no validation pipe.

type Source = 'body' | 'query';
type Schema = SchemaObject | ReferenceObject;
const COMPONENTS = '#/components/schemas/';
const CJK = /[\u4e00-\u9fff]/;

const read = createParamDecorator((input: { schema: z.ZodType; source: Source }, ctx: ExecutionContext): unknown => {
  const request = ctx.switchToHttp().getRequest<{ body?: unknown; query?: unknown }>();
  return parseInput(input.schema, input.source === 'body' ? request.body : request.query, input.source);
});

/** The request body as the contract's schema reads it; documented as the operation's requestBody. */
export function ZodBody(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    read({ schema, source: 'body' })(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    ApiBody({ schema: requestSchema(schema) as SchemaObject, required: true })(target, key, descriptor);
  };
}

/** The query as the contract's schema (an object) reads it; each of its fields documented as a query parameter. */
export function ZodQuery(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    read({ schema, source: 'query' })(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    const json = requestSchema(schema) as SchemaObject;
    const required = new Set(json.required ?? []);
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description } = property as SchemaObject;
      ApiQuery({ name, required: required.has(name), schema: property, ...(description ? { description } : {}) })(target, key, descriptor);
    }
  };
}

/** Parses `value` (a body or a query) with `schema`; the first broken rule becomes a VALIDATION error in Chinese. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, source: Source = 'body'): z.infer<S> {
  const result = schema.safeParse(value ?? (source === 'query' ? {} : undefined));
  if (result.success) return result.data;
  throw new AppError('VALIDATION', inputMessage(result.error.issues[0]!, value, source));
}

/** The Chinese message of a broken rule: the schema's own (with `{label}`), missing, or a template per rule. */
export function inputMessage(issue: z.core.$ZodIssue, value: unknown, source: Source = 'body'): string {
  const label = labelAt(issue.path, source);
  if (CJK.test(issue.message)) return issue.message.replaceAll('{label}', label);
  const raw = valueAt(value, issue.path);
  const blank = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
  // A value not sent (or sent as null or blank) is missing whatever type was due: `年份不能为空`, not "not a number".
  if (blank && issue.path.length > 0 && issue.code !== 'invalid_value') return `${label}不能为空`;
  return label + template(issue);
}

function template(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_TEMPLATES[issue.expected] ?? '格式不正确';
    case 'too_big': {
      const n = String(issue.maximum);
      if (issue.origin === 'string') return `最多${n}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多${n}项`;
      return `不能大于${n}`;
    }
    case 'too_small': {
      const n = String(issue.minimum);
      if (issue.origin === 'string') return issue.minimum === 1 ? '不能为空' : `至少${n}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return issue.minimum === 1 ? '不能为空' : `至少${n}项`;
      return `不能小于${n}`;
    }
    case 'invalid_value':
      return `只能是${issue.values.map(String).join('、')}`;
    case 'unrecognized_keys':
      return '包含不可接受的参数';
    default:
      return '不正确';
  }
}

const TYPE_TEMPLATES: Record<string, string> = {
  string: '必须是文本',
  number: '必须是数字',
  int: '必须是整数',
  boolean: '必须是布尔值',
  array: '必须是列表',
  object: '必须是对象',
};

/** The field's Chinese name; within a list by its place (`数据源第2项「数据类型」`, `用户第2项`). */
function labelAt(path: readonly PropertyKey[], source: Source): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  const index = path.find((p): p is number => typeof p === 'number');
  const last = names.at(-1);
  if (last === undefined) return labelOf(source);
  if (index === undefined) return labelOf(last);
  const owner = names.find((_, i) => path.indexOf(names[i]!) < path.indexOf(index)) ?? last;
  const place = `${labelOf(owner)}第${index + 1}项`;
  return owner === last ? place : `${place}「${labelOf(last)}」`;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The schema as a request (input) JSON schema; shapes with a meta id inside it are referenced as components. */
export function requestSchema(schema: z.ZodType): Schema {
  const whole = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
  // A schema with a meta id comes back as a $ref to itself: its own (input) definition is inlined, since the
  // component of that id is the output shape (a field with a default is required there, not of the caller).
  const definitions = (whole.definitions ?? whole.$defs ?? {}) as Record<string, Record<string, unknown>>;
  const own = typeof whole.$ref === 'string' ? definitions[whole.$ref.split('/').pop()!] : undefined;
  const { $schema: _schema, definitions: _defs, $defs: _defs2, id: _id, $ref: _ref, ...json } = own ? { ...whole, ...own } : whole;
  // A field the schema reads when absent (a default, or blank read as null) is not required of the caller.
  // (duck-typed: the contract package may load its own copy of zod, so instanceof would not see its objects)
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  if (Array.isArray(json.required) && shape) {
    json.required = (json.required as string[]).filter((name) => !shape[name]?.safeParse(undefined).success);
    if ((json.required as string[]).length === 0) delete json.required;
  }
  return JSON.parse(JSON.stringify(json).replace(/"#\/(?:definitions|\$defs)\//g, `"${COMPONENTS}`)) as Schema;
}
