import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { DiskSpace } from '../application/ports/disk-space.port.js';

/** The disk of a directory through statfs(2): blocks available to unprivileged processes, not those reserved to root. */
export class StatfsDiskSpace extends DiskSpace {
  constructor(private readonly dir: string) {
    super();
  }

  async read(): Promise<{ freeBytes: number; totalBytes: number }> {
    // FILES_DIR is made with the first upload: until then, the nearest directory above it that exists is on its disk.
    for (let dir = path.resolve(this.dir); ; dir = path.dirname(dir)) {
      try {
        const s = await statfs(dir);
        return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dir === path.dirname(dir)) throw error;
      }
    }
  }
}
