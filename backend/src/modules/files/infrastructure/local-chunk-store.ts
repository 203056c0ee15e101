import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ChunkStore } from '../application/ports/chunk-store.port.js';
import { CHUNK_SIZE, GUID_PATTERN } from '../domain/file-rules.js';

const INCOMING = '.incoming';

/** Chunks on the local disk: <root>/<guid>/<index>, arriving first in <root>/.incoming (root is FILES_DIR/.chunks). */
export class LocalChunkStore extends ChunkStore {
  readonly incomingDir: string;

  constructor(private readonly root: string) {
    super();
    this.incomingDir = path.join(root, INCOMING);
    mkdirSync(this.incomingDir, { recursive: true });
  }

  private dirOf(guid: string): string {
    // The guid is checked by the service too; here it is what keeps every path inside root.
    if (!GUID_PATTERN.test(guid)) throw new Error('not an upload guid');
    return path.join(this.root, guid);
  }

  private fileOf(guid: string, index: number): string {
    if (!Number.isSafeInteger(index) || index < 0) throw new Error('not a chunk index');
    return path.join(this.dirOf(guid), String(index));
  }

  async save(guid: string, index: number, fromPath: string): Promise<void> {
    const target = this.fileOf(guid, index);
    // Atomic on one disk: a chunk sent twice replaces itself, and a reader never sees half a chunk.
    // The directory exists after the first chunk; making it only when missing saves a system call a chunk.
    try {
      await rename(fromPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(fromPath, target);
    }
  }

  async discardArrived(fromPath: string): Promise<void> {
    await rm(fromPath, { force: true });
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

  open(guid: string, index: number): Readable {
    return createReadStream(this.fileOf(guid, index), { highWaterMark: CHUNK_SIZE });
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

  async discardIncoming(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.incomingDir).catch(() => [] as string[])) {
      const file = path.join(this.incomingDir, name);
      const s = await stat(file).catch(() => null);
      if (s && s.mtime < olderThan) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
