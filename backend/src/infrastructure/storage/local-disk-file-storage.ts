import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStorage, isStorageKey, type ByteRange } from './file-storage.port.js';

const TEMP_DIR = '.tmp';
const READ_CHUNK = 256 * 1024;

export interface LocalDiskOptions {
  /** Flush a file to the disk before it becomes visible (a crash then never leaves a short file under its key). */
  fsync: boolean;
}

/**
 * Files on a local disk under root, at root/ab/cd/<uuid>. A write goes to root/.tmp first and is renamed into
 * place when complete, so no reader ever sees half a file. Keys are checked: nothing outside root is reachable.
 */
export class LocalDiskFileStorage extends FileStorage {
  constructor(
    private readonly root: string,
    private readonly options: LocalDiskOptions = { fsync: true },
  ) {
    super();
  }

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key).slice(0, 80)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, source: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const temp = path.join(this.root, TEMP_DIR, `${randomUUID()}.part`);
    await mkdir(path.dirname(temp), { recursive: true });
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(temp, { flags: 'wx' }));
      if (this.options.fsync) await syncFile(temp);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      source.destroy();
      await rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async adopt(key: string, from: string): Promise<void> {
    const target = this.pathOf(key);
    if (this.options.fsync) await syncFile(from);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // A second name for the same bytes: nothing is copied, and the key shows only a complete, flushed file.
      await link(from, target);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && (await sameFile(from, target))) return;
      if (code !== 'EXDEV' && code !== 'EEXIST') throw error;
    }
    // Another disk (or a copy an earlier try left): copy, through .tmp and a rename as every write.
    await this.put(key, createReadStream(from, { highWaterMark: READ_CHUNK }));
  }

  open(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), { start: range?.start, end: range?.end, highWaterMark: READ_CHUNK });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Temporary files left by a crash mid-write; called at start. */
  async sweepTemp(olderThan: Date): Promise<number> {
    const dir = path.join(this.root, TEMP_DIR);
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      const s = await stat(file).catch(() => null);
      if (s && s.mtime < olderThan) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([stat(a), stat(b)]);
  return x.dev === y.dev && x.ino === y.ino;
}
