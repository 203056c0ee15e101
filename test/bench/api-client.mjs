// A small HTTP client for the benchmarks: keep-alive, the session cookie, the spec's csrf parameters (000 §7),
// multipart chunks built by hand (no extra dependency), and streamed answers counted rather than kept.
import { createHash, randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import http from 'node:http';

export const CHUNK = 614_400;
const REQUEST_TIMEOUT_MS = 120_000;

export class ApiClient {
  constructor(port, csrfSecret) {
    this.port = port;
    this.secret = csrfSecret;
    this.cookie = '';
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  }

  withCsrf(path) {
    const ts = String(Date.now());
    const token = createHash('md5').update(ts + this.secret).digest('hex');
    return `${path}${path.includes('?') ? '&' : '?'}_t=${ts}&csrfTimestamp=${ts}&csrfToken=${token}`;
  }

  /** One request; `sink(piece)` receives the answer's bytes as they come instead of keeping them. */
  request(method, path, { body, headers = {}, sink } = {}) {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method, path: this.withCsrf(path), agent: this.agent, headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers } },
        (res) => {
          const parts = [];
          let bytes = 0;
          res.on('data', (piece) => {
            bytes += piece.length;
            if (sink) sink(piece);
            else parts.push(piece);
          });
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: sink ? null : Buffer.concat(parts), bytes }));
          res.on('error', reject);
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`${method} ${path}: no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  async json(method, path, payload) {
    const body = payload === undefined ? undefined : Buffer.from(JSON.stringify(payload));
    const res = await this.request(method, path, { body, headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {} });
    const parsed = JSON.parse(res.body.toString('utf8'));
    return { status: res.status, headers: res.headers, ...parsed };
  }

  async login(userName, password) {
    const res = await this.json('POST', '/api/user/login', { userName, password });
    if (!res.meta?.success) throw new Error(`login failed: ${JSON.stringify(res.meta)}`);
    const cookie = [].concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
    this.cookie = cookie.split(';')[0];
  }

  async sendChunk(guid, index, total, data) {
    const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
    const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      field('guid', guid) + field('chunk', index) + field('chunks', total) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, data, tail]);
    const res = await this.request('POST', '/api/docrepo/upload/chunk', {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
    });
    const answer = JSON.parse(res.body.toString('utf8'));
    if (!answer.meta?.success) throw new Error(`chunk ${index}: ${JSON.stringify(answer.meta)}`);
  }

  /**
   * The browser's flow for one file on disk: chunks of 614400 bytes, `threads` at a time, then the merge, then
   * mergeStatus every `pollMs` until it is done. Answers the file record and the time of each phase.
   */
  async upload(filePath, fileName, { threads = 3, pollMs = 100, timeoutMs = 600_000 } = {}) {
    const started = performance.now();
    const handle = await open(filePath, 'r');
    const { size } = await handle.stat();
    const total = Math.max(1, Math.ceil(size / CHUNK));
    const guid = `bench-${randomUUID()}`;
    let next = 0;
    try {
      const worker = async () => {
        const buffer = Buffer.allocUnsafe(CHUNK);
        for (let index = next++; index < total; index = next++) {
          const { bytesRead } = await handle.read(buffer, 0, CHUNK, index * CHUNK);
          await this.sendChunk(guid, index, total, buffer.subarray(0, bytesRead));
        }
      };
      await Promise.all(Array.from({ length: threads }, worker));
    } finally {
      await handle.close();
    }
    const chunksDone = performance.now();
    const merge = await this.json('POST', `/api/docrepo/upload/merge?guid=${guid}&fileName=${encodeURIComponent(fileName)}&size=${size}`);
    if (!merge.meta?.success) throw new Error(`merge: ${JSON.stringify(merge.meta)}`);
    const deadline = Date.now() + timeoutMs;
    for (let polls = 0; ; polls++) {
      const status = await this.json('GET', `/api/docrepo/upload/mergeStatus?guid=${guid}`);
      if (!status.meta?.success) throw new Error(`merge failed: ${status.meta?.message}`);
      if (status.meta.message !== 'waitting') {
        const done = performance.now();
        return { file: status.data, size, chunkMs: chunksDone - started, mergeMs: done - chunksDone, totalMs: done - started, polls };
      }
      if (Date.now() > deadline) throw new Error(`merge of ${fileName} not done in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  close() {
    this.agent.destroy();
  }
}

/** A signed-in client whose keep-alive pool holds `sockets` connections (one per request in flight). */
export async function signedInClient(port, csrfSecret, account, password, sockets) {
  const api = new ApiClient(port, csrfSecret);
  api.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  await api.login(account, password);
  return api;
}
