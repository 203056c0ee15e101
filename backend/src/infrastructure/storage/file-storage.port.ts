import type { Readable } from 'node:stream';

/** Inclusive byte positions, as HTTP Range counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where stored files live. Keys are made by the platform (storage-key.ts), never from a person's file name,
 * so an adapter may map them onto a disk, an S3 bucket or anything else without touching the services.
 */
export abstract class FileStorage {
  /** Stores the whole stream under key; the object appears only once complete. A failing source stores nothing. */
  abstract put(key: string, source: Readable): Promise<{ size: number }>;
  /** The object's bytes, or the range of them. */
  abstract open(key: string, range?: ByteRange): Readable;
  abstract stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing what is not there is no error. */
  abstract remove(key: string): Promise<void>;
}
