import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalChunkStore } from './local-chunk-store.js';

describe('local chunk store', () => {
  let root: string;
  let store: LocalChunkStore;
  const arrive = (name: string, text: string) => {
    const file = path.join(store.incomingDir, name);
    writeFileSync(file, text);
    return file;
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'chunks-spec-'));
    store = new LocalChunkStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('moves arrivals into <guid>/<index>; a repeated chunk replaces itself', async () => {
    await store.save('guid-abcd', 2, arrive('a', 'two'));
    await store.save('guid-abcd', 0, arrive('b', 'zero'));
    await store.save('guid-abcd', 0, arrive('c', 'ZERO'));
    await expect(store.present('guid-abcd')).resolves.toEqual([0, 2]);
    const parts: Buffer[] = [];
    for await (const p of store.open('guid-abcd', 0)) parts.push(p as Buffer);
    expect(Buffer.concat(parts).toString()).toBe('ZERO');
    expect(readdirSync(store.incomingDir)).toEqual([]);
    await store.remove('guid-abcd');
    await expect(store.present('guid-abcd')).resolves.toEqual([]);
  });

  it('finds old uploads and old arrivals', async () => {
    await store.save('guid-old1', 0, arrive('a', 'x'));
    await store.save('guid-new1', 0, arrive('b', 'x'));
    const stale = arrive('c', 'half');
    const past = new Date(Date.now() - 48 * 3600_000);
    utimesSync(path.join(root, 'guid-old1'), past, past);
    utimesSync(stale, past, past);
    const cutoff = new Date(Date.now() - 24 * 3600_000);
    await expect(store.uploadsOlderThan(cutoff)).resolves.toEqual(['guid-old1']);
    await expect(store.discardIncoming(cutoff)).resolves.toBe(1);
  });

  it('refuses a guid that could leave the directory', async () => {
    await expect(store.present('../../etc')).rejects.toThrow('not an upload guid');
    expect(() => store.open('..', 0)).toThrow('not an upload guid');
  });
});
