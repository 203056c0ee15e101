// The last three layers of `npm test`, after one build: the e2e tests, then the browser tests, with the fault tests
// beside both. The fault tests use their own databases, ports, queue prefixes and, for the outage tests, their own
// PostgreSQL and Redis, and spend most of their time waiting (a killed worker's lock to expire, a drain's grace); at a
// lower priority they take the CPU the other layers leave. Their output is held and printed whole at the end.
// The e2e tests and the browser tests do not run side by side: beside the browser's apps and Chromium on two cores the
// longest e2e suites ran three to five times slower and one passed its bound.
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const faultsOutput = [];
const faults = spawn('nice', ['-n', '10', 'npm', 'run', 'test:faults'], { stdio: ['ignore', 'pipe', 'pipe'] });
faults.stdout.on('data', (piece) => faultsOutput.push(piece));
faults.stderr.on('data', (piece) => faultsOutput.push(piece));
const faultsDone = new Promise((resolve) => faults.on('close', (code) => resolve(code ?? 1)));

const run = (command, args) => new Promise((resolve) => spawn(command, args, { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)));
const e2e = await run('npm', ['run', 'test:e2e']);
// A red e2e layer still runs the browser tests: one run tells everything that is wrong.
const browser = await run('node', ['test/browser/run.mjs']);
const faultsCode = await faultsDone;
process.stdout.write('\n=== fault tests (run beside the e2e and browser tests)\n');
process.stdout.write(Buffer.concat(faultsOutput));
const verdict = (code) => (code === 0 ? 'passed' : `failed (${code})`);
console.info(`e2e tests: ${verdict(e2e)}; browser tests: ${verdict(browser)}; fault tests: ${verdict(faultsCode)}`);
process.exit([e2e, browser, faultsCode].find((code) => code !== 0) ?? 0);
