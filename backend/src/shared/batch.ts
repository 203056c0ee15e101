import { Logger } from '@nestjs/common';
import { BATCH_MESSAGES, type BatchRefusal, type BatchResult } from '@zhengai/contracts';
import { AppError } from './errors/app-error.js';
import { ErrorCatalogue } from './errors/error-catalogue.js';

const logger = new Logger('Batch');


/**
 * Runs `each` on the ids one after another (issue 34's batch actions). `each` is the single action's own service
 * method, which opens its own transaction, so an item refused (an AppError) is written nowhere and the others stand.
 * Items go in sequence, each awaited: a batch holds one pool connection at a time and leaves the event loop free.
 * `nameOf` names a refused item the person may see (it is asked only for those).
 */
export async function runBatch(ids: readonly string[], each: (id: string) => Promise<unknown>, nameOf: (id: string) => Promise<string | null>): Promise<BatchResult> {
  const doneIds: string[] = [];
  const refused: BatchRefusal[] = [];
  for (const id of ids) {
    try {
      await each(id);
      doneIds.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) {
        // Not a refusal (a lost connection …): this item is not done, and its transaction rolled back; say so and go on.
        logger.error(`batch item ${id}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
        refused.push({ id, name: null, reason: BATCH_MESSAGES.failed });
        continue;
      }
      // The catalogue's no-permission (the spec's English text, 000 §7) and not-found say the person may not see the
      // item: its name is not told, and the reason is said in Chinese. A refusal with its own message names the item.
      const bare = error.kind === 'NO_PERMISSION' && error.message === ErrorCatalogue.NO_PERMISSION.message;
      const unseen = bare || error.kind === 'NOT_FOUND';
      refused.push({ id, name: unseen ? null : await nameOf(id), reason: bare ? BATCH_MESSAGES.noPermission : error.message });
    }
  }
  return { done: doneIds.length, doneIds, refused };
}
