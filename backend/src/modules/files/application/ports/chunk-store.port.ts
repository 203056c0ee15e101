import type { Readable } from 'node:stream';

/** Chunks of uploads in progress, kept apart from stored files until the merge. */
export abstract class ChunkStore {
  /** Where the HTTP layer writes an arriving chunk: the same disk, so save() is a rename. */
  abstract readonly incomingDir: string;
  /** Takes the chunk written at fromPath as chunk `index` of upload guid; a chunk sent again replaces itself. */
  abstract save(guid: string, index: number, fromPath: string): Promise<void>;
  /** Removes a chunk written to incomingDir that was not saved (refused, or the client went away); nothing there is no error. */
  abstract discardArrived(fromPath: string): Promise<void>;
  /** The chunk indexes present, ascending. */
  abstract present(guid: string): Promise<number[]>;
  abstract open(guid: string, index: number): Readable;
  /** Removes every chunk of the upload; nothing there is no error. */
  abstract remove(guid: string): Promise<void>;
  /** Uploads whose chunks were last touched before `time`. */
  abstract uploadsOlderThan(time: Date): Promise<string[]>;
  /** Arriving chunks a crash left half-written before `time`; answers how many were removed. */
  abstract discardIncoming(olderThan: Date): Promise<number>;
}
