import type { Readable } from 'node:stream';

/**
 * Uploads in progress: each chunk is written in place, at its offset, into one part file per upload, so the merge
 * only hashes that file and hands it to storage (no second copy).
 */
export abstract class ChunkStore {
  /**
   * Writes chunk `index` of `total` at index × CHUNK_SIZE of the upload's part file and then records it as arrived;
   * a chunk sent again overwrites itself. The last chunk also sets the file's length.
   */
  abstract write(guid: string, index: number, total: number, bytes: Uint8Array): Promise<void>;
  /** The chunk indexes that arrived, ascending. */
  abstract present(guid: string): Promise<number[]>;
  /** The part file's bytes from the start. */
  abstract open(guid: string): Readable;
  /** Where the part file is on the local disk, for FileStorage.adopt. */
  abstract partPath(guid: string): string;
  /** Removes the upload's part file and records; nothing there is no error. */
  abstract remove(guid: string): Promise<void>;
  /** Uploads last touched before `time`. */
  abstract uploadsOlderThan(time: Date): Promise<string[]>;
}
