import type { Readable } from 'node:stream';

/** Inclusive byte positions, as HTTP Range counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where stored files live. Keys are made by the platform (storageKeyFor below), never from a person's file name,
 * so an adapter may map them onto a disk, an S3 bucket or anything else without touching the services.
 */
export abstract class FileStorage {
  /** Stores the whole stream under key; the object appears only once complete. A failing source stores nothing. */
  abstract put(key: string, source: Readable): Promise<{ size: number }>;
  /**
   * Stores the complete local file at `from` under key, flushed to the disk first; without a copy when it can (a hard
   * link on the same disk). `from` stays where it is. Adopting the same file under the same key again is no error.
   */
  abstract adopt(key: string, from: string): Promise<void>;
  /** The object's bytes, or the range of them. */
  abstract open(key: string, range?: ByteRange): Readable;
  abstract stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing what is not there is no error. */
  abstract remove(key: string): Promise<void>;
}

/**
 * Storage keys: `ab/cd/<uuid>`, the first two pairs of the uuid's hex as two directory levels of 256 each,
 * so a million files make about 15 a directory. Keys never carry a person's file name.
 */
const KEY = /^([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function storageKeyFor(uuid: string): string {
  const id = uuid.toLowerCase();
  if (!UUID.test(id)) throw new Error('a storage key needs a uuid');
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** True only for keys storageKeyFor makes: no other path can reach an adapter. */
export function isStorageKey(key: string): boolean {
  const m = KEY.exec(key);
  return !!m && m[3]!.startsWith(m[1]! + m[2]!);
}
