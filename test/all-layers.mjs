// `npm test`: every layer, in the order that keeps the two cores busy without making the browser tests share them.
// One build first; the fault tests start beside the static checks, the unit and the e2e tests (they use their own
// databases, ports, queue prefixes and, for the outage tests, their own PostgreSQL and Redis, and spend most of their
// time waiting: a killed worker's lock to expire, a drain's grace), at a lower priority. The browser tests run last and
// alone: beside the fault tests (CI, stop 41) a loaded machine stretched them from 13 to 30 minutes and one login in a
// hundred timed out. The fault tests' output is held and printed whole after theirs. A red layer does not stop the
// later ones: one run tells everything that is wrong.
import { spawn, spawnSync } from 'node:child_process';

const started = Date.now();
const minutes = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;
const times = [];

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
times.push(`build ${minutes()}`);

const faultsOutput = [];
const faults = spawn('nice', ['-n', '10', 'npm', 'run', 'test:faults'], { stdio: ['ignore', 'pipe', 'pipe'] });
faults.stdout.on('data', (piece) => faultsOutput.push(piece));
faults.stderr.on('data', (piece) => faultsOutput.push(piece));
const faultsDone = new Promise((resolve) =>
  faults.on('close', (code) => {
    times.push(`fault tests done ${minutes()}`);
    resolve(code ?? 1);
  }),
);

const run = (name, args) =>
  new Promise((resolve) =>
    spawn('npm', ['run', name, ...args], { stdio: 'inherit' }).on('close', (code) => {
      times.push(`${name} done ${minutes()}`);
      resolve(code ?? 1);
    }),
  );
const codes = { static: await run('test:static', []), unit: await run('test:unit', []), e2e: await run('test:e2e', []) };
codes.faults = await faultsDone;
process.stdout.write('\n=== fault tests (run beside the static, unit and e2e tests)\n');
process.stdout.write(Buffer.concat(faultsOutput));
// `test:browser` would build again: the build above is the one every layer used
codes.browser = await new Promise((resolve) =>
  spawn('node', ['test/browser/run.mjs'], { stdio: 'inherit' }).on('close', (code) => {
    times.push(`browser done ${minutes()}`);
    resolve(code ?? 1);
  }),
);
console.info(`\n${times.join('; ')}`);
console.info(Object.entries(codes).map(([layer, code]) => `${layer}: ${code === 0 ? 'passed' : `failed (${code})`}`).join('; '));
process.exit(Object.values(codes).find((code) => code !== 0) ?? 0);
