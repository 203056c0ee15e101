import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type request from 'supertest';
import { client } from './session.js';
import { waitFor, withCsrf, type TestApp } from './test-app.js';

export const CHUNK = 614_400;
export type Client = ReturnType<typeof client>;

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
export const newGuid = () => `e2e-${randomUUID()}`;

/** A pdf as far as magic bytes go: %PDF- and random bytes. */
export const pdfBytes = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** The start of a Windows executable (MZ header, PE offset) padded out. */
export const exeBytes = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), randomBytes(4000)]);

/** A temporary FILES_DIR for one app. */
export function tempFilesDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'files-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every regular file under dir (stored objects, chunks, temporary writes). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Reads a binary answer into res.body as a Buffer. */
export function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const parts: Buffer[] = [];
    res.on('data', (p: Buffer) => parts.push(p));
    res.on('end', () => done(null, Buffer.concat(parts)));
  });
}

export function sendChunk(t: TestApp, c: Client, guid: string, index: number, total: number, data: Buffer): request.Test {
  return c.agent
    .post(withCsrf('/api/docrepo/upload/chunk', t.config.csrfSecret))
    .field('guid', guid)
    .field('chunk', String(index))
    .field('chunks', String(total))
    .attach('file', data, { filename: 'blob', contentType: 'application/octet-stream' });
}

export function chunksOf(content: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(content.length / CHUNK)); i++) parts.push(content.subarray(i * CHUNK, (i + 1) * CHUNK));
  return parts;
}

/** Sends chunks three at a time (as the browser does), in the given order of indexes. */
export async function sendChunks(t: TestApp, c: Client, guid: string, content: Buffer, order?: number[]): Promise<void> {
  const parts = chunksOf(content);
  const queue = [...(order ?? parts.map((_, i) => i))];
  const worker = async () => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const res = await sendChunk(t, c, guid, index, parts.length, parts[index]!);
      if (!res.body?.meta?.success) throw new Error(`chunk ${index}: ${JSON.stringify(res.body)}`);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

export function requestMerge(c: Client, params: Record<string, string>) {
  return c.post(`/api/docrepo/upload/merge?${new URLSearchParams(params).toString()}`);
}

/** Polls mergeStatus until it stops saying waitting; answers the last envelope. */
export function mergeResult(c: Client, guid: string, timeoutMs = 20_000) {
  return waitFor(async () => {
    const res = await c.get(`/api/docrepo/upload/mergeStatus?guid=${guid}`);
    return res.body.meta.message === 'waitting' ? null : (res.body as { meta: { success: boolean; message: string }; data: Record<string, unknown> | null });
  }, `merge ${guid}`, timeoutMs);
}

/** The whole browser flow: chunks, merge, poll; answers the file record. */
export async function uploadFile(t: TestApp, c: Client, fileName: string, content: Buffer, extra: Record<string, string> = {}): Promise<{ fileId: string; fileName: string; size: number; url: string }> {
  const guid = newGuid();
  await sendChunks(t, c, guid, content);
  const merge = await requestMerge(c, { guid, fileName, ...extra });
  if (!merge.body.meta.success) throw new Error(`merge: ${JSON.stringify(merge.body)}`);
  const result = await mergeResult(c, guid);
  if (!result.meta.success) throw new Error(`merge failed: ${result.meta.message}`);
  return result.data as { fileId: string; fileName: string; size: number; url: string };
}

/** Lists and extracts a zip with the system's unzip (UTF-8 names), else Python's zipfile. */
export function readZip(zip: Buffer): Array<{ name: string; data: Buffer }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zip-e2e-'));
  try {
    const file = path.join(dir, 'a.zip');
    writeFileSync(file, zip);
    const env = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    const haveUnzip = (() => {
      try {
        execFileSync('unzip', ['-v'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
    if (haveUnzip) {
      execFileSync('unzip', ['-tq', file], { env });
      const names = execFileSync('unzip', ['-Z1', file], { env, encoding: 'utf8' }).split('\n').filter(Boolean);
      return names.map((name) => ({ name, data: execFileSync('unzip', ['-p', file, name.replace(/[[\]*?]/g, '[$&]')], { env, maxBuffer: 1 << 30 }) }));
    }
    const script = 'import sys,zipfile,json,base64\nz=zipfile.ZipFile(sys.argv[1])\nprint(json.dumps([[i.filename, base64.b64encode(z.read(i)).decode()] for i in z.infolist()]))';
    const listed = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 1 << 30 })) as Array<[string, string]>;
    return listed.map(([name, b64]) => ({ name, data: Buffer.from(b64, 'base64') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
