import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { labelOf } from './field-labels.js';

/**
 * The body or query as the contract's zod schema reads it (trimmed, defaulted). The DTO classes only declare and
 * document the fields (the validation pipe keeps declared fields only); this is where they are checked, and a broken
 * rule names its field in Chinese (within a list, by its place: 第2项「key」).
 */
export function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const names = issue.path.filter((p): p is string => typeof p === 'string');
  const index = issue.path.find((p): p is number => typeof p === 'number');
  const last = names.at(-1);
  const label = last === undefined ? '请求参数' : index === undefined ? labelOf(last) : `${labelOf(names[0]!)}第${index + 1}项「${labelOf(last)}」`;
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  const message = missing ? `${label}不能为空` : issue.code === 'too_big' ? `${label}过长或过多` : issue.code === 'too_small' ? `${label}不能为空` : `${label}不正确`;
  throw new AppError('VALIDATION', message);
}
