import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small HTTP server for interface-source tests, on node:http and an ephemeral port:
 * /json (value and rows), /never (never answers), /status/<code>, /text (HTML), /big (2 MB with Content-Length),
 * /big-chunked (2 MB streamed without it), /stall-body (headers, then a body that never ends), /redirect?to=<url>
 * (302 to that address).
 */
export interface FakeHttpSource {
  readonly url: string;
  /** How many requests reached the server. */
  readonly requests: number;
  close(): Promise<void>;
}

export const FAKE_JSON = {
  code: 0,
  data: { value: 87.5, label: '就业率', rows: [{ major: '软件技术', rate: 92.5 }, { major: '电子商务', rate: 82.5 }] },
};

const TWO_MB = 2 * 1024 * 1024;

function bigJson(): string {
  return JSON.stringify({ data: { value: 1, padding: 'x'.repeat(TWO_MB) } });
}

export async function startFakeHttpSource(): Promise<FakeHttpSource> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createServer((req, res: ServerResponse) => {
    requests += 1;
    const asked = new URL(req.url ?? '/', 'http://localhost');
    const path = asked.pathname;
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (path === '/json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(FAKE_JSON));
    } else if (path === '/redirect') {
      res.writeHead(302, { location: asked.searchParams.get('to') ?? '/json' }).end();
    } else if (path === '/never') {
      // Holds the request open; close() destroys the socket.
    } else if (status) {
      res.writeHead(Number(status[1]), { 'content-type': 'application/json' }).end('{"message":"boom"}');
    } else if (path === '/text') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>not json</body></html>');
    } else if (path === '/big') {
      const body = bigJson();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    } else if (path === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const body = bigJson();
      for (let i = 0; i < body.length; i += 64 * 1024) res.write(body.slice(i, i + 64 * 1024));
      res.end();
    } else if (path === '/stall-body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": {"value": ');
    } else {
      res.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
