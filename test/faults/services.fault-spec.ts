// Redis and PostgreSQL outages (issue 17): the built API and worker against a Redis and a PostgreSQL of this spec's
// own (support/private-services.ts), stopped and started under them. While Redis is away the API keeps answering
// and refuses job submissions with 503 at once; jobs queued before run once when it is back. While PostgreSQL is
// away calls answer a 503 envelope; once it is back the same API process answers again, the session still valid.
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { mergeJobId } from '../../backend/src/modules/files/application/upload.service.js';
import { signedIn, startApi, startWorker, until, type ApiClient, type AppProcess, type FaultWorld } from './support/app-process.js';
import { PrivatePostgres, PrivateRedis, privateWorld } from './support/private-services.js';

const PORT = 3940;
/** A call that has not answered in this long hangs (the answers measured are far below it; see the report lines). */
const HANGS_MS = 10_000;

let pgServer: PrivatePostgres;
let redis: PrivateRedis;
let world: FaultWorld;
let api: AppProcess;
let worker: AppProcess | null = null;
let client: ApiClient;

beforeAll(async () => {
  pgServer = new PrivatePostgres({ port: 5441 });
  redis = new PrivateRedis(6391);
  await Promise.all([pgServer.start(), redis.start()]);
  world = await privateWorld(pgServer, 'zhengai_hd_services');
  api = await startApi(world, { port: PORT, env: { REDIS_URL: redis.url } });
  await world.connectDb();
  client = await signedIn(PORT);
});

afterAll(async () => {
  client?.close();
  await Promise.all([api?.stop(), worker?.stop()]);
  await world?.dispose();
  await Promise.all([redis?.dispose(), pgServer?.dispose()]);
});

/** The call's envelope and how long it took; fails when it does not answer within HANGS_MS. */
async function timed<T>(method: string, path: string): Promise<{ ms: number; status: number; meta: { success: boolean; message: string }; code: number; data: T; raw: string }> {
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${method} ${path}: no answer in ${HANGS_MS} ms`)), HANGS_MS); });
  try {
    const res = await Promise.race([client.request(method, path), hang]);
    const raw = res.body!.toString('utf8');
    return { ms: Date.now() - t0, status: res.status!, raw, ...(JSON.parse(raw) as { meta: { success: boolean; message: string }; code: number; data: T }) };
  } finally {
    clearTimeout(timer);
  }
}

/** One small PDF (the merge checks the type by content) uploaded as one chunk; answers its guid and file name. */
async function uploadChunk(): Promise<{ guid: string; fileName: string }> {
  const guid = `hd-${randomUUID()}`;
  await client.sendChunk(guid, 0, 1, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2_000)]));
  return { guid, fileName: `${guid}.pdf` };
}

const mergePath = (u: { guid: string; fileName: string }) => `/api/docrepo/upload/merge?guid=${u.guid}&fileName=${encodeURIComponent(u.fileName)}`;

/** Waits until the merge is done (the worker ran it) and answers the file's name. */
function merged(guid: string): Promise<string> {
  return until(`merge ${guid}`, async () => {
    const res = await client.json<{ fileName: string } | null>('GET', `/api/docrepo/upload/mergeStatus?guid=${guid}`);
    if (!res.meta.success) throw new Error(`merge ${guid} failed: ${res.meta.message}`);
    return res.data ? res.data.fileName : undefined;
  }, 60_000, 200);
}

async function filesNamed(fileName: string): Promise<number> {
  const rows: Array<{ n: number }> = await world.db.query('SELECT count(*)::int AS n FROM doc_file WHERE file_name = $1', [fileName]);
  return rows[0]!.n;
}

/** /api/health as a monitor calls it: no session cookie, no csrf. */
async function health(): Promise<{ status: number; code: number; data: { database: string; queue: string } }> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/health`, { signal: AbortSignal.timeout(HANGS_MS) });
  return { status: res.status, ...((await res.json()) as { code: number; data: { database: string; queue: string } }) };
}

function expectNoStack(raw: string): void {
  expect(raw).not.toMatch(/\bat .+\.js:\d+|stack|node_modules/);
}

describe('Redis stopped and started', () => {
  it('keeps the API answering, refuses submissions with 503 at once and runs the jobs queued before once', async () => {
    // Queued while no worker runs (the API runs none): it waits in Redis through the outage.
    const before = await uploadChunk();
    expect((await client.json('POST', mergePath(before))).meta).toEqual({ success: true, message: 'waitting' });

    await redis.stop();
    const read = await timed<{ userName: string }>('GET', '/api/user/tryLoginUserInfo');
    expect(read).toMatchObject({ status: 200, meta: { success: true }, data: expect.objectContaining({ userName: '系统管理员' }) });

    const during = await uploadChunk();
    const refused = await timed('POST', mergePath(during));
    console.info(`Redis down: a read answered in ${read.ms} ms, a job submission was refused in ${refused.ms} ms`);
    expect(refused).toMatchObject({ status: 503, code: 50300002, meta: { success: false, message: '任务队列暂不可用，请稍后重试' } });
    expectNoStack(refused.raw);
    expect(await health()).toMatchObject({ status: 503, code: 50300002, data: { database: 'up', queue: 'down' } });

    await redis.start();
    // The API's connection comes back by itself.
    await until('health after Redis is back', async () => ((await health()).status === 200 ? true : undefined), 30_000, 250);
    worker = await startWorker(world, { env: { REDIS_URL: redis.url } });
    expect(await merged(before.guid)).toBe(before.fileName);
    expect(await filesNamed(before.fileName)).toBe(1);
    // Started once: no second try hidden behind the one result.
    const probe = new Redis(redis.url);
    try {
      const [merge] = (await world.db.query('SELECT params FROM upload_merge WHERE guid = $1', [before.guid])) as Array<{ params: { fileId?: string } }>;
      expect(await probe.hget(`${world.queuePrefix}:merge-file:${mergeJobId(before.guid, merge!.params)}`, 'ats')).toBe('1');
    } finally {
      probe.disconnect();
    }

    const after = await uploadChunk();
    expect((await client.json('POST', mergePath(after))).meta).toEqual({ success: true, message: 'waitting' });
    expect(await merged(after.guid)).toBe(after.fileName);
    // The refused submission left no job behind to run later.
    expect(await filesNamed(during.fileName)).toBe(0);
    expect(api.child.exitCode).toBeNull();
  });

  it('leaves a running worker alive, and it takes new jobs once Redis is back', async () => {
    const w = worker!;
    await redis.stop();
    await redis.start();
    await until('health after Redis is back', async () => ((await health()).status === 200 ? true : undefined), 30_000, 250);
    const upload = await uploadChunk();
    expect((await client.json('POST', mergePath(upload))).meta).toEqual({ success: true, message: 'waitting' });
    expect(await merged(upload.guid)).toBe(upload.fileName);
    expect(w.child.exitCode).toBeNull();
    expect(w.lines.filter((l) => /uncaught/i.test(l))).toEqual([]);
  });
});

describe('PostgreSQL restarted', () => {
  it('answers a 503 envelope during the outage and recovers without restarting the API', async () => {
    await pgServer.stop();
    const down = await timed('GET', '/api/user/tryLoginUserInfo');
    console.info(`PostgreSQL down: a call was refused in ${down.ms} ms`);
    expect(down).toMatchObject({ status: 503, code: 50300001, meta: { success: false, message: '数据库暂不可用，请稍后重试' }, data: null });
    expectNoStack(down.raw);
    expect(await health()).toMatchObject({ status: 503, code: 50300001, data: { database: 'down', queue: 'up' } });

    const t0 = Date.now();
    await pgServer.start();
    // The same process and the same session: the pool and the session store connect again by themselves.
    const back = await until('a call after PostgreSQL is back', async () => {
      const res = await timed<{ userName: string }>('GET', '/api/user/tryLoginUserInfo');
      return res.status === 200 ? res : undefined;
    }, 30_000, 250);
    console.info(`PostgreSQL back: the API answered again ${Date.now() - t0} ms after the start began`);
    expect(back).toMatchObject({ meta: { success: true }, data: expect.objectContaining({ userName: '系统管理员' }) });
    expect((await health()).status).toBe(200);
    // A write too: a new upload and its merge, through the database and the queue.
    const upload = await uploadChunk();
    expect((await client.json('POST', mergePath(upload))).meta).toEqual({ success: true, message: 'waitting' });
    expect(await merged(upload.guid)).toBe(upload.fileName);
    for (const p of [api, worker!]) {
      expect(p.child.exitCode).toBeNull();
      expect(p.lines.filter((l) => /uncaught/i.test(l))).toEqual([]);
    }
  });
});
