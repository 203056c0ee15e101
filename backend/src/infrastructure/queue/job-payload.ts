import { z } from 'zod';
import type { JobSpec } from '../../shared/jobs/job-catalogue.js';

/** A payload its job's schema refuses: a retry would not mend it, so the job fails at once. */
export class InvalidJobPayloadError extends Error {
  override readonly name = 'InvalidJobPayloadError';
}

/** The payload as the job's schema reads it, or InvalidJobPayloadError naming the job and what is wrong. */
export function parseJobPayload(name: string, spec: Pick<JobSpec, 'payload'>, payload: unknown): unknown {
  const result = spec.payload.safeParse(payload);
  if (!result.success) throw new InvalidJobPayloadError(`job "${name}": invalid payload: ${z.prettifyError(result.error).replace(/\n/g, '; ')}`);
  return result.data;
}
