import type { MessageKind } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';

/** One message to each of `userIds` (a person named twice gets it once; an unknown id none). */
export interface NewMessage {
  userIds: string[];
  kind: MessageKind;
  /** e.g. 目标任务已驳回 (cut to 200 characters) */
  title: string;
  /** the object, the actor and the reason */
  content: string;
  objectType: string | null;
  objectId: string | null;
  /** the frontend address that opens the object where the action is */
  link: string | null;
}

/**
 * Where every module leaves its messages: written in the caller's transaction (nothing announced that did not
 * happen), one batch per post, announced to MessageAnnouncer after the commit.
 */
export abstract class MessageOutbox {
  /** Writes the messages set-based in `tx`, all under one new batch id; nothing (and no batch) when no one is addressed. */
  abstract post(tx: Transaction, messages: NewMessage[]): Promise<void>;
  /**
   * A batch id for messages an adapter writes itself, set-based (INSERT … SELECT with
   * infrastructure/database/message-insert.sql.ts), in `tx`; announced after the commit.
   */
  abstract openBatch(tx: Transaction): string;
  /**
   * One batch across several transactions (a warning scan's pages): its messages written with `batchId` in each,
   * announced once by `announce()` after the last has committed, so a person gets one digest of the whole scan.
   */
  abstract openSpanningBatch(): SpanningBatch;
}

export interface SpanningBatch {
  readonly batchId: string;
  announce(): Promise<void>;
}

/** What learns of a batch of messages once its transaction committed (push delivery queues it; none by default). */
export abstract class MessageAnnouncer {
  abstract announce(batchId: string): Promise<void>;
}
