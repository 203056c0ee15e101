// SIGTERM drains (issue 17): a worker stopped mid-job finishes it, or gives it back to the queue within its drain
// time so a new worker finishes it once; the API stopped with requests in flight answers them, refuses new
// connections and exits 0. Real processes of the built app, the machine's PostgreSQL and Redis.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { buildLibrary, contentsOf, rowsOf } from '../e2e/support/library-fixtures.js';
import { busy, createWorld, signedIn, Started, until, type ApiClient, type AppProcess, type FaultWorld } from './support/app-process.js';
import { lockTable, waitForLockWaiter } from './support/db-locks.js';

const PORT = Number(process.env.FAULTS_PORT_BASE ?? 3930);
const SOURCE = 'fault-drain-src';

let world: FaultWorld;
let api: AppProcess;
let client: ApiClient;
const started = new Started(() => world);

beforeAll(async () => {
  world = await createWorld('drain');
  api = await started.api({ port: PORT, demoData: true });
  const db = await world.connectDb();
  await buildLibrary(db, SOURCE, { tree: [4, 5, 5], points: 2_000 });
  client = await signedIn(PORT);
});

afterAll(async () => {
  client?.close();
  await started.stopAll();
  await world?.dispose();
});

/** Asks for a copy of SOURCE through the API; answers the new library's id and the job's task id. */
async function requestCopy(name: string): Promise<{ libraryId: string; taskId: string }> {
  const res = await client.json<{ libraryId: string; taskId: string }>('POST', '/api/herm-znfx/target/copy', { id: SOURCE, name });
  expect(res.meta).toEqual({ success: true, message: expect.any(String) });
  return res.data;
}

/** Polls checkStatus as the browser does until the copy is no longer running; answers its envelope. */
function copyOutcome(taskId: string, timeoutMs = 60_000) {
  return until(`copy ${taskId}`, async () => {
    const res = await client.json<boolean>('GET', `/api/herm-znfx/target/checkStatus?taskId=${encodeURIComponent(taskId)}`);
    return busy(res) || (res.meta.success && res.data === false) ? undefined : res;
  }, timeoutMs, 200);
}

async function expectWholeCopy(libraryId: string): Promise<void> {
  const source = await rowsOf(world.db, SOURCE);
  expect(await rowsOf(world.db, libraryId)).toEqual(source);
  expect(await contentsOf(world.db, libraryId)).toEqual(await contentsOf(world.db, SOURCE));
}

/** Opens a new TCP connection: 'connected' or the error's code. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe('worker SIGTERM', () => {
  it('lets a running copy finish, then exits 0', async () => {
    const w = await started.worker();
    const lock = await lockTable(world.databaseUrl, 'point_datasource');
    try {
      const { libraryId, taskId } = await requestCopy('停止中完成');
      await waitForLockWaiter(world.db, 'point_datasource');
      const t0 = Date.now();
      w.kill('SIGTERM');
      await w.waitForLine(/finishing running jobs/);
      await lock.release();
      expect(await w.exited()).toEqual({ code: 0, signal: null });
      console.info(`worker drained a running copy and exited in ${Date.now() - t0} ms`);
      // It finished the job itself: a clean stop, not the drain timeout.
      expect(w.lines.filter((l) => l.includes('"stopped"'))).toHaveLength(1);
      expect((await copyOutcome(taskId)).meta.success).toBe(true);
      await expectWholeCopy(libraryId);
    } finally {
      await lock.release();
    }
  });

  it('gives back a copy that cannot finish in time; a new worker copies it once', async () => {
    const w = await started.worker();
    const lock = await lockTable(world.databaseUrl, 'point_datasource');
    let libraryId: string;
    let taskId: string;
    try {
      ({ libraryId, taskId } = await requestCopy('停止后交回'));
      await waitForLockWaiter(world.db, 'point_datasource');
      const t0 = Date.now();
      w.kill('SIGTERM');
      expect(await w.exited()).toEqual({ code: 0, signal: null });
      console.info(`worker gave up a blocked copy and exited in ${Date.now() - t0} ms`);
      expect(w.lines.some((l) => l.includes('jobs still running after'))).toBe(true);
    } finally {
      await lock.release();
    }
    // The stopped worker's transaction never committed: nothing of the copy is there until a new worker makes it.
    const t1 = Date.now();
    await started.worker();
    const outcome = await copyOutcome(taskId, 90_000);
    console.info(`a new worker finished the given-back copy ${Date.now() - t1} ms after it started`);
    expect(outcome.meta.success).toBe(true);
    await expectWholeCopy(libraryId);
  });
});

describe('API SIGTERM', () => {
  it('answers the requests in flight, refuses new connections and exits 0', async () => {
    // An upload chunk whose body we send in two halves: between them the request is in flight on the server.
    const guid = `fault-${randomUUID()}`;
    const boundary = `----fault${randomUUID().replace(/-/g, '')}`;
    const field = (name: string, value: string | number) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(field('guid', guid) + field('chunk', 0) + field('chunks', 1) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-1.7\n`),
      randomBytes(200_000),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const half = Math.floor(body.length / 2);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1', port: PORT, method: 'POST', path: client.withCsrf('/api/docrepo/upload/chunk'), agent: false,
          // The server's 100 Continue tells us it has parsed the headers: the request is in flight, no sleeping.
          headers: { cookie: client.cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length, expect: '100-continue' },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (p: Buffer) => parts.push(p));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        req.write(body.subarray(0, half));
        api.kill('SIGTERM');
      });
      void api.waitForLine(/SIGTERM: shutting down/).then(async () => {
        // Stopped listening (the signal's handler closes the server right after that line; allow it a moment): a new
        // connection is refused while this request is still open.
        await until('new connections refused', async () => ((await connectOutcome(PORT)) === 'ECONNREFUSED' ? true : undefined), 2_000, 20);
        req.end(body.subarray(half));
      }).catch(reject);
    });
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).meta.success).toBe(true);
    expect(await api.exited()).toEqual({ code: 0, signal: null });
  });

  it('answers every request already sent when the signal comes: 100 at once on kept-alive connections (issue 31 item 9)', async () => {
    // The API of the test before has stopped: a new one on the same port.
    api = await started.api({ port: PORT, demoData: true });
    const signedInClient = await signedIn(PORT);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
    try {
      const get = (p: string, withSession: boolean) => {
        let written!: () => void;
        const sent = new Promise<void>((resolve) => (written = resolve));
        const answered = new Promise<number | string>((resolve) => {
          const req = http.request({ host: '127.0.0.1', port: PORT, path: withSession ? signedInClient.withCsrf(p) : p, agent, headers: withSession ? { cookie: signedInClient.cookie } : {} }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
          });
          req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
          req.on('finish', () => written());
          req.end();
        });
        return { sent, answered };
      };
      // 100 connections opened and left idle between requests, as browsers and a proxy keep them. Any HTTP answer opens
      // its connection: beside the other test layers a health check may answer 503 (the queue's call took over 2 s),
      // which says nothing of the drain (CI saw that once).
      const warm = Array.from({ length: 100 }, () => get('/api/health', false));
      const warmed = await Promise.all(warm.map((w) => w.answered));
      expect(warmed.filter((a) => typeof a !== 'number')).toEqual([]);
      // 100 requests written to those connections (every other one a signed-in read that asks the database), then the
      // signal before their answers: each was sent before the stop, so each is answered. (Connections the kernel has
      // completed but the process has not yet taken are taken for up to a second after the signal — shutdown.ts — but
      // a process starved of CPU may still miss some; that case is not asserted here.)
      const calls = Array.from({ length: 100 }, (_, i) => get(i % 2 ? '/api/user/warningCount' : '/api/health', i % 2 === 1));
      await Promise.all(calls.map((c) => c.sent));
      api.kill('SIGTERM');
      const killed = Date.now();
      const answers = await Promise.all(calls.map((c) => c.answered.then((a) => (a === 200 ? a : `${a} after ${Date.now() - killed} ms`))));
      console.info(`100 requests answered within ${Date.now() - killed} ms of SIGTERM`);

      expect(answers.filter((a) => a !== 200)).toEqual([]);
      expect(await api.exited()).toEqual({ code: 0, signal: null });
    } finally {
      agent.destroy();
      signedInClient.close();
    }
  });
});
