// One-process mode (RUN_WORKERS, the default and zero-setup mode) runs the job workers in a child process of the API
// (issue 31 item 4: a report build or an import must not stall requests): the child runs the jobs, is started again
// when it dies, and does not outlive an API killed with kill -9. Real processes of the built app.
import { execFileSync } from 'node:child_process';
import { createWorld, signedIn, Started, until, type ApiClient, type AppProcess, type FaultWorld } from './support/app-process.js';

const PORT = Number(process.env.FAULTS_PORT_BASE ?? 3930) + 5;

let world: FaultWorld;
let api: AppProcess;
let admin: ApiClient;
const started = new Started(() => world);

/** The live child processes of a process, by pid. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts a warning scan as the administrator and waits until it is done: a job only a worker can finish. */
async function scanCompletes(): Promise<void> {
  const start = await admin.json('POST', '/api/herm-znfx/warning/scan', {});
  expect(start.meta.success).toBe(true);
  const { jobId } = start.data as { jobId: string };
  await until('the scan is done', async () => ((await admin.json('GET', `/api/herm-znfx/warning/scanStatus?jobId=${encodeURIComponent(jobId)}`)).data === true ? true : undefined), 60_000, 250);
}

beforeAll(async () => {
  world = await createWorld('worker_child');
  api = await started.api({ port: PORT, env: { RUN_WORKERS: 'true' } });
  await api.waitForLine(/worker is running/);
  admin = await signedIn(PORT);
});

afterAll(async () => {
  admin?.close();
  for (const pid of api ? childrenOf(api.child.pid!) : []) process.kill(pid, 'SIGKILL');
  await started.stopAll();
  await world?.dispose();
});

it('runs the jobs in a child process, which is started again when it dies', async () => {
  const [first] = childrenOf(api.child.pid!);
  expect(first).toBeDefined();
  expect(execFileSync('ps', ['-o', 'args=', '-p', String(first)], { encoding: 'utf8' })).toMatch(/worker\.js/);
  await scanCompletes();

  process.kill(first!, 'SIGKILL');
  await api.waitForLine(/the job worker process ended \(SIGKILL\)/);
  const second = await until('a new worker process', async () => childrenOf(api.child.pid!).find((pid) => pid !== first), 30_000, 200);
  await until('the new worker runs', async () => (api.lines.filter((l) => /worker is running/.test(l)).length >= 2 ? true : undefined), 60_000, 200);
  expect(second).not.toBe(first);
  await scanCompletes();
  // the API answered all along
  expect((await fetch(`http://127.0.0.1:${PORT}/api/health`)).status).toBe(200);
});

it('does not outlive an API killed with kill -9', async () => {
  const workers = childrenOf(api.child.pid!);
  expect(workers.length).toBe(1);
  api.kill('SIGKILL');
  await api.exited();
  await until('the orphaned worker stops by itself', async () => (workers.every((pid) => !alive(pid)) ? true : undefined), 30_000, 200);
});
