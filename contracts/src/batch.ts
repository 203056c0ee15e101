// Batch actions (issue 34): a school passes many fills, urges many owners, pushes many tasks at once. Each item goes
// through the single action's own service path in its own transaction, so one refusal undoes nothing else; the answer
// says what was done and, per refused item, why (the single route's message).
import { z } from 'zod';
import { id, requiredText } from './input.js';

/** At most this many items in one batch: a bigger one is refused whole (400), before anything is read. */
export const BATCH_MAX = 200;
export const BATCH_MESSAGES = {
  none: '请选择要处理的项',
  tooMany: `一次最多批量处理${BATCH_MAX}项`,
  /** A refusal for want of authority whose single-route message is the spec's English catalogue text. */
  noPermission: '无权处理该项',
  /** An item that failed for a reason that is not a refusal (logged on the server). */
  failed: '处理失败，请稍后重试',
} as const;

/** The ids of a batch: 1..BATCH_MAX ids, each repeated one counted once. */
export const batchIds = () =>
  z
    .array(id(), { error: (issue) => (issue.input == null ? BATCH_MESSAGES.none : '请选择要处理的项（id 列表）') })
    .min(1, { error: BATCH_MESSAGES.none })
    .max(BATCH_MAX, { error: BATCH_MESSAGES.tooMany })
    .transform((ids) => [...new Set(ids)]);

/** A query's comma-separated ids (the rows of a page): 1..BATCH_MAX. */
export const batchIdsQuery = () =>
  requiredText(BATCH_MAX * 65, { missing: BATCH_MESSAGES.none, tooLong: BATCH_MESSAGES.tooMany })
    .transform((text) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(64)).min(1, { error: BATCH_MESSAGES.none }).max(BATCH_MAX, { error: BATCH_MESSAGES.tooMany }));

/** One refused item: its id, its name (null where the person may not see it, or it does not exist) and the reason. */
export const BatchRefusalSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    reason: z.string().describe('the message the single action would answer, in Chinese'),
  })
  .meta({ id: 'BatchRefusal' });
export type BatchRefusal = z.infer<typeof BatchRefusalSchema>;

/** The summary of a batch: done counts the items done, refused lists the others in the order sent. */
export const BatchResultSchema = z
  .object({
    done: z.number().int(),
    doneIds: z.array(z.string()),
    refused: z.array(BatchRefusalSchema),
  })
  .meta({ id: 'BatchResult' });
export type BatchResult = z.infer<typeof BatchResultSchema>;
