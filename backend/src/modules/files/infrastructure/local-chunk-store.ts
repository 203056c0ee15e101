import { constants, createReadStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ChunkStore } from '../application/ports/chunk-store.port.js';
import { CHUNK_SIZE, GUID_PATTERN } from '../domain/file-rules.js';

/** The part file of an upload; beside it an empty file per arrived chunk, named by its index. */
const PART = 'part';
/** Create when missing, never truncate: chunks arrive in any order, three at a time, into one file. */
const WRITE_IN_PLACE = constants.O_WRONLY | constants.O_CREAT;
const READ_CHUNK = 1024 * 1024;

/** Uploads on the local disk: <root>/<guid>/part and <root>/<guid>/<index> (root is FILES_DIR/.chunks). */
export class LocalChunkStore extends ChunkStore {
  constructor(private readonly root: string) {
    super();
  }

  private dirOf(guid: string): string {
    // The guid is checked by the service too; here it is what keeps every path inside root.
    if (!GUID_PATTERN.test(guid)) throw new Error('not an upload guid');
    return path.join(this.root, guid);
  }

  partPath(guid: string): string {
    return path.join(this.dirOf(guid), PART);
  }

  async write(guid: string, index: number, total: number, bytes: Uint8Array): Promise<void> {
    if (!Number.isSafeInteger(index) || index < 0 || index >= total) throw new Error('not a chunk index');
    const part = this.partPath(guid);
    const offset = index * CHUNK_SIZE;
    const handle = await openCreatingDir(part);
    try {
      await handle.write(bytes, 0, bytes.length, offset);
      // The last chunk ends the file: a shorter last chunk sent again leaves no stale tail.
      if (index === total - 1) await handle.truncate(offset + bytes.length);
    } finally {
      await handle.close();
    }
    // Recorded only once its bytes are written: a chunk that is present is complete.
    await writeFile(path.join(path.dirname(part), String(index)), '');
  }

  async present(guid: string): Promise<number[]> {
    try {
      const names = await readdir(this.dirOf(guid));
      return names.filter((n) => /^(0|[1-9]\d{0,8})$/.test(n)).map(Number).sort((a, b) => a - b);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  open(guid: string): Readable {
    return createReadStream(this.partPath(guid), { highWaterMark: READ_CHUNK });
  }

  async remove(guid: string): Promise<void> {
    await rm(this.dirOf(guid), { recursive: true, force: true });
  }

  async uploadsOlderThan(time: Date): Promise<string[]> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    const old: string[] = [];
    for (const name of names) {
      if (!GUID_PATTERN.test(name)) continue;
      const s = await stat(path.join(this.root, name)).catch(() => null);
      if (s?.isDirectory() && s.mtime < time) old.push(name);
    }
    return old;
  }
}

/** The directory exists after the first chunk; making it only when missing saves a system call a chunk. */
async function openCreatingDir(file: string): Promise<FileHandle> {
  try {
    return await open(file, WRITE_IN_PLACE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(path.dirname(file), { recursive: true });
    return open(file, WRITE_IN_PLACE);
  }
}
