import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import type { MessageOutbox } from '../../messages/application/ports/message-outbox.port.js';
import { fillMessageLink, fillMessageOf, type FillMessageEvent } from '../domain/fill-messages.js';
import type { FillRepository } from './ports/fill-repository.port.js';

/**
 * Leaves the event's message for the fillers of each fill (issue 34), in the event's transaction `tx`: the texts per
 * fill from the domain, the recipients (FILL_RIGHTS_OF's fillers) and the rows set-based in one statement, so a
 * publish that makes thousands of fills writes their messages at once.
 */
export async function tellFillers(fills: FillRepository, outbox: MessageOutbox, tx: Transaction, event: FillMessageEvent, fillIds: string[], actorId: string, reason: string | null = null): Promise<void> {
  if (fillIds.length === 0) return;
  const names = await fills.messageNames(tx, fillIds, actorId);
  const messages = names.fills.map((f) => ({ fillId: f.id, link: fillMessageLink(f.id), ...fillMessageOf(event, { taskName: f.taskName, formName: f.formName, actorName: names.actor, reason }) }));
  await fills.writeFillerMessages(tx, outbox.openBatch(tx), actorId, messages);
}
