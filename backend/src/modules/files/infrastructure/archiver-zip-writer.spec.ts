import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import type { ZipEntry } from '../application/ports/zip-writer.port.js';
import { ArchiverZipWriter } from './archiver-zip-writer.js';

/** Collects what is written, in small pieces and with back-pressure, like a slow client. */
function collector(): { out: Writable; bytes: () => Promise<Buffer> } {
  const parts: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, done) {
      parts.push(chunk);
      setImmediate(done);
    },
  });
  const bytes = async () => {
    if (!out.writableFinished) await new Promise<void>((resolve) => out.end(resolve));
    return Buffer.concat(parts);
  };
  return { out, bytes };
}

interface Read {
  name: string;
  flags: number;
  method: number;
  data: Buffer;
}

/** A small reader of the central directory (APPNOTE 4.3.12 onwards), enough to check what the writer made. */
function readZip(zip: Buffer): Read[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  const entries: Read[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const compressed = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const offset = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(data.length).toBe(size);
    expect(crc32(data) >>> 0).toBe(crc);
    // The data descriptor follows the data, with the same values.
    expect(zip.readUInt32LE(start + compressed)).toBe(0x08074b50);
    expect(zip.readUInt32LE(start + compressed + 4)).toBe(crc);
    entries.push({ name, flags, method, data });
    p += 46 + nameLength + extraLength;
  }
  return entries;
}

const entry = (name: string, data: Buffer, compress = false, size = data.length): ZipEntry => ({
  name, size, compress, modified: new Date(2026, 10, 23, 9, 30, 12), open: () => Readable.from([data.subarray(0, 7), data.subarray(7)]),
});

describe('archiver zip writer', () => {
  it('stores and deflates entries with UTF-8 names that read back byte for byte', async () => {
    const pdf = randomBytes(300_000);
    const text = Buffer.from('质量报告\n'.repeat(10_000), 'utf8');
    const { out, bytes } = collector();
    await new ArchiverZipWriter().write([entry('支撑材料.pdf', pdf), entry('说明.txt', text, true), entry('空.txt', Buffer.alloc(0))], out);
    const zip = await bytes();
    const read = readZip(zip);
    expect(read.map((r) => r.name)).toEqual(['支撑材料.pdf', '说明.txt', '空.txt']);
    expect(read.map((r) => r.method)).toEqual([0, 8, 0]);
    for (const r of read) expect(r.flags & 0x0800).toBe(0x0800);
    expect(read[0]!.data.equals(pdf)).toBe(true);
    expect(read[1]!.data.equals(text)).toBe(true);
    // Deflating the text made it smaller.
    expect(zip.length).toBeLessThan(pdf.length + text.length / 10);
  });

  it('writes an empty archive', async () => {
    const { out, bytes } = collector();
    await new ArchiverZipWriter().write([], out);
    const zip = await bytes();
    expect(zip.length).toBe(22);
    expect(readZip(zip)).toEqual([]);
  });

  it('stops when the output goes away', async () => {
    const out = new Writable({ highWaterMark: 16, write: (_c, _e, done) => setTimeout(done, 5) });
    const big = entry('big.bin', randomBytes(1_000_000));
    const writing = new ArchiverZipWriter().write([big], out);
    setTimeout(() => out.destroy(), 20);
    await expect(writing).rejects.toThrow();
  });

  it('fails when a source fails', async () => {
    const { out } = collector();
    const broken: ZipEntry = { name: 'x.pdf', size: 10, compress: false, modified: new Date(), open: () => new Readable({ read() { this.destroy(new Error('disk error')); } }) };
    await expect(new ArchiverZipWriter().write([broken], out)).rejects.toThrow('disk error');
  });

  it('is read by Python\'s zipfile too', async () => {
    const big = randomBytes(5000);
    const { out, bytes } = collector();
    await new ArchiverZipWriter().write([entry('大文件.pdf', big), entry('小.txt', Buffer.from('你好'), true)], out);
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-spec-'));
    try {
      const file = path.join(dir, 'a.zip');
      writeFileSync(file, await bytes());
      const script = 'import sys,zipfile,hashlib\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nfor i in z.infolist(): print(i.filename, hashlib.sha256(z.read(i)).hexdigest())';
      const listing = execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }).trim().split('\n');
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      expect(listing).toEqual([`大文件.pdf ${sha(big)}`, `小.txt ${sha(Buffer.from('你好'))}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
