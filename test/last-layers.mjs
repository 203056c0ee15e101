// The last two layers of `npm test`, after one build: the browser tests and the fault tests side by side. They share
// nothing (the fault tests use their own databases, ports, queue prefixes and, for the outage tests, their own
// PostgreSQL and Redis), and both spend most of their time waiting on processes. The faults' output is held and
// printed whole at the end. (The e2e tests run before, alone: beside the browser's apps on two cores their longest
// suites ran three to five times slower and one passed its bound.)
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const faultsOutput = [];
// At a lower priority: the browser tests' app and Chromium get the CPU first (the faults' own bounds are generous).
const faults = spawn('nice', ['-n', '10', 'npm', 'run', 'test:faults'], { stdio: ['ignore', 'pipe', 'pipe'] });
faults.stdout.on('data', (piece) => faultsOutput.push(piece));
faults.stderr.on('data', (piece) => faultsOutput.push(piece));
const faultsDone = new Promise((resolve) => faults.on('close', (code) => resolve(code ?? 1)));

const browser = await new Promise((resolve) => spawn('node', ['test/browser/run.mjs'], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)));
const faultsCode = await faultsDone;
process.stdout.write('\n=== fault tests (run beside the browser tests)\n');
process.stdout.write(Buffer.concat(faultsOutput));
console.info(`browser tests: ${browser === 0 ? 'passed' : `failed (${browser})`}; fault tests: ${faultsCode === 0 ? 'passed' : `failed (${faultsCode})`}`);
process.exit(browser !== 0 ? browser : faultsCode);
