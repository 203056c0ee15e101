import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { ZipWriter, type ZipEntry } from '../application/ports/zip-writer.port.js';

/**
 * Zips with archiver, streaming into `out` with back-pressure. Entries are added one at a time (the next source
 * is opened only when the previous one is written), so a 500-file download holds one file open, not 500.
 */
export class ArchiverZipWriter extends ZipWriter {
  async write(entries: ZipEntry[], out: Writable): Promise<void> {
    const zip = new ZipArchive({ zlib: { level: 6 } });
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      let done = false;
      fail = (error: Error) => {
        if (done) return;
        done = true;
        zip.unpipe(out);
        zip.abort();
        reject(error);
      };
    });
    failed.catch(() => undefined);
    zip.on('error', (e: Error) => fail(e));
    // A missing source is only a warning to archiver; for us the download would be incomplete.
    zip.on('warning', (e: Error) => fail(e));
    out.on('error', (e: Error) => fail(e));
    out.on('close', () => {
      if (!out.writableFinished) fail(new Error('the client went away'));
    });
    zip.pipe(out, { end: false });
    const ended = once(zip, 'end');
    for (const e of entries) {
      const source = e.open();
      // archiver stalls on a failing source rather than failing: the source's error ends the download here.
      source.on('error', (error: Error) => fail(error));
      const written = once(zip, 'entry');
      zip.append(source, { name: e.name, date: e.modified, store: !e.compress });
      await Promise.race([written, failed]);
    }
    await Promise.race([zip.finalize(), failed]);
    await Promise.race([ended, failed]);
  }
}
