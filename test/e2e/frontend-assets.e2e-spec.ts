import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ApiClient } from '../bench/api-client.mjs';
import { startTestApp, type TestApp } from './support/test-app.js';

/** A scratch build: index.html, a script with its .br and .gz (as the frontend build writes them), a font without. */
function scratchBuild(script: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'zhengai-static-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>诊改平台</title><div id="root"></div>');
  writeFileSync(path.join(root, 'assets/app.js'), script);
  writeFileSync(path.join(root, 'assets/app.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'assets/app.js.gz'), gzipSync(script));
  writeFileSync(path.join(root, 'assets/font.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  return root;
}

describe('the built frontend served by the API: precompressed scripts, the app shell for unknown paths', () => {
  const script = `console.log(${JSON.stringify('诊改平台 '.repeat(2000))});`;
  let root: string;
  let t: TestApp;
  let client: ApiClient;
  // node:http keeps the body as sent (supertest and fetch would decompress it, hiding the encoding)
  const fetchRaw = async (pathname: string, acceptEncoding: string) => {
    const res = await client.request('GET', pathname, { headers: { 'accept-encoding': acceptEncoding } });
    return { ...res, body: res.body! };
  };

  beforeAll(async () => {
    root = scratchBuild(script);
    t = await startTestApp({ env: { STATIC_DIR: root } });
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new ApiClient((server.address() as AddressInfo).port, t.config.csrfSecret);
  });
  afterAll(async () => {
    client.close();
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a browser that accepts brotli gets the .br beside the script, as JavaScript, cacheable, varying on Accept-Encoding', async () => {
    const res = await fetchRaw('/assets/app.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(script);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
  });

  it('one that accepts only gzip gets the .gz; one that accepts nothing gets the script itself', async () => {
    const gz = await fetchRaw('/assets/app.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(script);

    const plain = await fetchRaw('/assets/app.js', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
  });

  it('a file without a compressed twin is served as it is', async () => {
    const res = await fetchRaw('/assets/font.woff2', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect([...res.body]).toEqual([0x77, 0x4f, 0x46, 0x32]);
  });

  it('a page path of the app gets index.html, never cached; an unknown API path still gets the envelope', async () => {
    const page = await t.http.get('/taskManagement/myTask').set('Accept-Encoding', 'gzip, br');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="root"></div>');

    const api = await t.http.get('/api/no/such/route');
    expect(api.status).toBe(404);
    expect(api.body.meta.success).toBe(false);
  });

  it('a path that climbs out of the build folder gets no file from outside it', async () => {
    const res = await t.http.get('/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(res.text).not.toMatch(/root:/);
  });
});
