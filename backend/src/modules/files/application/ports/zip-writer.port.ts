import type { Readable, Writable } from 'node:stream';

export interface ZipEntry {
  /** The name inside the archive (UTF-8). */
  name: string;
  size: number;
  modified: Date;
  /** Deflate it (text, old Office files) or store it as is (images, pdf, archives: already compressed). */
  compress: boolean;
  open(): Readable;
}

/** Streams a zip of the entries into out as it reads them: nothing is held whole in memory or on disk. */
export abstract class ZipWriter {
  /** Writes every entry and the central directory; does not end out. Rejects when a source or out fails. */
  abstract write(entries: ZipEntry[], out: Writable): Promise<void>;
}
