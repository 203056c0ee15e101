import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isDeepStrictEqual } from 'node:util';
import { tap, type Observable } from 'rxjs';
import type { z } from 'zod';
import { ANSWER_CONTRACT } from '../../../backend/src/shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../backend/src/shared/http/envelope.js';

/**
 * Every answer of every e2e call, parsed with the schema its route declares (`@ApiEnvelope`), strictly: a missing or
 * mistyped field fails the parse, and an extra one makes the parse (which drops unknown keys) differ from the answer.
 * Recorded here and failed by `setup-answers.ts` after each suite, so a row cast that lies fails the suite instead of
 * reaching a client.
 */
export const answerViolations: string[] = [];

/** Where `parsed` (the answer as the contract reads it) first differs from `wire` (the answer as sent). */
export function firstDifference(wire: unknown, parsed: unknown, path = 'data'): string | null {
  if (isDeepStrictEqual(wire, parsed)) return null;
  if (wire && parsed && typeof wire === 'object' && typeof parsed === 'object') {
    for (const key of new Set([...Object.keys(wire), ...Object.keys(parsed)])) {
      const w = (wire as Record<string, unknown>)[key];
      const p = (parsed as Record<string, unknown>)[key];
      if (!(key in parsed)) return `${path}.${key}: not in the contract`;
      const inner = firstDifference(w, p, `${path}.${key}`);
      if (inner) return inner;
    }
  }
  return `${path}: ${JSON.stringify(wire)?.slice(0, 120)} read as ${JSON.stringify(parsed)?.slice(0, 120)}`;
}

/** Checks one answer's data against its schema; the violation's text, or null. */
export function violationOf(schema: z.ZodType, data: unknown): string | null {
  const wire: unknown = JSON.parse(JSON.stringify(data ?? null));
  const parsed = schema.safeParse(wire);
  if (!parsed.success) return parsed.error.issues.slice(0, 3).map((i) => `data.${i.path.join('.')}: ${i.message}`).join('; ');
  return firstDifference(wire, parsed.data);
}

@Injectable()
export class AnswerContractCheck implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const schema = this.reflector.get<z.ZodType | undefined>(ANSWER_CONTRACT, context.getHandler());
    if (!schema) return next.handle();
    const req = context.switchToHttp().getRequest<{ method: string; originalUrl: string }>();
    return next.handle().pipe(
      tap((result: unknown) => {
        if (result instanceof StreamableFile) return;
        const data = result instanceof WithMessage ? result.data : isEnvelope(result) ? result.data : result;
        const violation = violationOf(schema, data);
        if (violation) answerViolations.push(`${req.method} ${req.originalUrl.split('?')[0]}: ${violation}`);
      }),
    );
  }
}

function isEnvelope(value: unknown): value is { data: unknown } {
  return !!value && typeof value === 'object' && 'meta' in value && 'code' in value && 'data' in value;
}
