import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHUNK_SIZE } from '../domain/file-rules.js';
import { LocalChunkStore } from './local-chunk-store.js';

describe('local chunk store', () => {
  let root: string;
  let store: LocalChunkStore;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'chunks-spec-'));
    store = new LocalChunkStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const read = async (guid: string) => {
    const parts: Buffer[] = [];
    for await (const p of store.open(guid)) parts.push(p as Buffer);
    return Buffer.concat(parts);
  };

  it('writes chunks at their offsets in one part file, in any order and at once; a repeated chunk overwrites itself', async () => {
    const content = randomBytes(3 * CHUNK_SIZE + 777);
    const part = (i: number) => content.subarray(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE);
    await Promise.all([3, 1, 0].map((i) => store.write('guid-abcd', i, 4, part(i))));
    await store.write('guid-abcd', 1, 4, randomBytes(CHUNK_SIZE));
    await expect(store.present('guid-abcd')).resolves.toEqual([0, 1, 3]);
    await store.write('guid-abcd', 2, 4, part(2));
    await store.write('guid-abcd', 1, 4, part(1));
    await expect(store.present('guid-abcd')).resolves.toEqual([0, 1, 2, 3]);
    expect((await read('guid-abcd')).equals(content)).toBe(true);
    expect(readFileSync(store.partPath('guid-abcd')).equals(content)).toBe(true);
    await store.remove('guid-abcd');
    await expect(store.present('guid-abcd')).resolves.toEqual([]);
  });

  it('ends the file at the last chunk: a shorter last chunk sent again leaves no tail', async () => {
    await store.write('guid-tail', 0, 2, Buffer.alloc(CHUNK_SIZE, 1));
    await store.write('guid-tail', 1, 2, Buffer.alloc(500, 2));
    await store.write('guid-tail', 1, 2, Buffer.alloc(100, 3));
    const bytes = await read('guid-tail');
    expect(bytes.length).toBe(CHUNK_SIZE + 100);
    expect(bytes.subarray(CHUNK_SIZE).equals(Buffer.alloc(100, 3))).toBe(true);
    // An empty file is one empty chunk.
    await store.write('guid-none', 0, 1, Buffer.alloc(0));
    expect((await read('guid-none')).length).toBe(0);
  });

  it('finds old uploads', async () => {
    await store.write('guid-old1', 0, 1, Buffer.from('x'));
    await store.write('guid-new1', 0, 1, Buffer.from('x'));
    const past = new Date(Date.now() - 48 * 3600_000);
    utimesSync(path.join(root, 'guid-old1'), past, past);
    await expect(store.uploadsOlderThan(new Date(Date.now() - 24 * 3600_000))).resolves.toEqual(['guid-old1']);
  });

  it('refuses a guid that could leave the directory, and an index outside the upload', async () => {
    await expect(store.present('../../etc')).rejects.toThrow('not an upload guid');
    expect(() => store.open('..')).toThrow('not an upload guid');
    await expect(store.write('../../etc', 0, 1, Buffer.from('x'))).rejects.toThrow('not an upload guid');
    await expect(store.write('guid-abcd', 2, 2, Buffer.from('x'))).rejects.toThrow('not a chunk index');
  });
});
