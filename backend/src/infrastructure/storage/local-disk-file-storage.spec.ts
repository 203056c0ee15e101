import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskFileStorage } from './local-disk-file-storage.js';
import { storageKeyFor } from './file-storage.port.js';

const read = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(p as Buffer);
  return Buffer.concat(parts);
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('local disk file storage', () => {
  let root: string;
  let storage: LocalDiskFileStorage;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'storage-spec-'));
    storage = new LocalDiskFileStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores at ab/cd/<uuid>, reads whole and by range, stats and removes', async () => {
    const key = storageKeyFor(randomUUID());
    const data = randomBytes(700_000);
    await expect(storage.put(key, Readable.from([data.subarray(0, 1000), data.subarray(1000)]))).resolves.toEqual({ size: data.length });
    expect(filesUnder(root)).toEqual([path.join(...key.split('/'))]);
    expect((await read(storage.open(key))).equals(data)).toBe(true);
    expect((await read(storage.open(key, { start: 10, end: 19 }))).equals(data.subarray(10, 20))).toBe(true);
    await expect(storage.stat(key)).resolves.toEqual({ size: data.length });
    await storage.remove(key);
    await storage.remove(key);
    await expect(storage.stat(key)).resolves.toBeNull();
  });

  it('leaves nothing when the source fails midway', async () => {
    const key = storageKeyFor(randomUUID());
    const failing = Readable.from((async function* () {
      yield randomBytes(1000);
      throw new Error('source broke');
    })());
    await expect(storage.put(key, failing)).rejects.toThrow('source broke');
    expect(filesUnder(root)).toEqual([]);
  });

  it('adopts a local file under a key without copying it, and again without error', async () => {
    const key = storageKeyFor(randomUUID());
    const data = randomBytes(300_000);
    const from = path.join(root, 'incoming.part');
    writeFileSync(from, data);
    await storage.adopt(key, from);
    await storage.adopt(key, from);
    const target = path.join(root, ...key.split('/'));
    expect(statSync(target).ino).toBe(statSync(from).ino);
    rmSync(from);
    expect((await read(storage.open(key))).equals(data)).toBe(true);
  });

  it('refuses anything that is not a storage key', async () => {
    await expect(storage.put('../../etc/x', Readable.from([Buffer.from('x')]))).rejects.toThrow(/not a storage key/);
    expect(() => storage.open('../x')).toThrow(/not a storage key/);
    await expect(storage.stat('/etc/passwd')).rejects.toThrow(/not a storage key/);
    await expect(storage.adopt('../x', '/etc/passwd')).rejects.toThrow(/not a storage key/);
  });
});
