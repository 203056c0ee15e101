import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';

// A missing value breaks every rule of its field; the presence rule's message (此项必填) is the one to show.
const PRESENCE_RULES = ['isDefined', 'isNotEmpty'];

function messageOf(constraints: Record<string, string>): string | undefined {
  const presence = PRESENCE_RULES.find((rule) => rule in constraints);
  return presence ? constraints[presence] : Object.values(constraints)[0];
}

function firstMessage(errors: ValidationError[]): string | undefined {
  for (const error of errors) {
    const own = messageOf(error.constraints ?? {});
    if (own) return own;
    const nested = firstMessage(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/** DTOs are checked with class-validator; the first rule broken becomes meta.message (the DTO carries the spec's text). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => new AppError('VALIDATION', firstMessage(errors)),
  });
}
