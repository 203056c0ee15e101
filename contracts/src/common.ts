// The envelope and the page of spec 000 §7, shared by every area of the contract.
import { z } from 'zod';

/** `meta` of every answer: success, and the message to show (empty when there is none). */
export const MetaSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'Meta' });
export type Meta = z.infer<typeof MetaSchema>;

/** Every answer of the backend. A generic type: the OpenAPI document writes one per route (see ApiEnvelope). */
export interface Envelope<T> {
  meta: Meta;
  data: T;
  code: number;
}

/** The spec's paged list: records, total, current (1-based page), pages. */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  pages: number;
}

/** The schema of a page of `item` (the same shape as Page<T>). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    /** 1-based page number */
    current: z.number().int(),
    pages: z.number().int(),
  });
}

/** The schema of an envelope around `data` (the same shape as Envelope<T>). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    meta: MetaSchema,
    data,
    code: z.number().int(),
  });
}
