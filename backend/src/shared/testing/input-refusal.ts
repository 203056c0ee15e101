import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../http/zod-input.decorator.js';

/**
 * For the specs of the routes' input schemas: the Chinese message a route answers for this body or query, or null
 * when its schema reads it. Anything thrown but a validation refusal is thrown on.
 */
export function inputRefusal(schema: z.ZodType, value: unknown, source: 'body' | 'query' = 'body'): string | null {
  try {
    parseInput(schema, value, source);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.kind === 'VALIDATION') return error.message;
    throw error;
  }
}
